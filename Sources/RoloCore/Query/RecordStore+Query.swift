import Foundation

/// What a query found in a stored list, in the order the list shows it.
public struct QueryAnswer: Sendable, Equatable {
    /// A run of matches under one `group` title (nil: the list has no groups).
    public struct Section: Sendable, Equatable {
        public var title: String?
        public var positions: [Int]
    }

    /// The stored positions matched: ascending without a `sort:`, else in the query's order.
    public var positions: [Int]
    /// With a `sort:`, the matches in the order shown: each group in turn, sorted within it; nil
    /// without one, the list keeping its own layout of the matches.
    public var sections: [Section]?
    /// A sentence for each field no stored record has: its terms and sorts were left out.
    public var problems: [QueryError]
}

extension RecordStore {
    /// How many records a query's fields are first checked against: a field none of them has is
    /// looked for in the rest before it is called a mistake.
    static var querySample: Int { 1_000 }
    /// How many records are read and evaluated at a time.
    static var queryBatch: Int { 2_000 }

    /// The stored records `query` matches, in its order: each record read with its detail, its
    /// search text folded as `rolo dump --query` folds it, and evaluated off the caller's actor.
    /// A field none of the records has is left out of the query and said in ``QueryAnswer/problems``,
    /// so the rest still applies. Nil when the calling task was cancelled (a newer keystroke).
    @concurrent
    public func answer(_ query: RecordQuery, lookups: LookupValues, now: Date) async throws -> QueryAnswer? {
        let count = try await count()
        let sample = try await records(0..<min(count, Self.querySample)).map(\.value)
        var (evaluator, problems) = QueryEvaluator.lenient(query, source: source, lookups: lookups, records: sample, now: now)
        if !problems.isEmpty, count > sample.count {
            // A field only later records have: read them for it, then judge again.
            var wanted = Set(query.fields.filter { !evaluator.query.fields.contains($0) && JSONPath($0).isWellFormed })
            var found: [JSONValue] = []
            for start in stride(from: sample.count, to: count, by: Self.queryBatch) where !wanted.isEmpty {
                if Task.isCancelled { return nil }
                for record in try await records(start..<min(start + Self.queryBatch, count)) {
                    let has = wanted.filter { record.value.value(at: JSONPath($0)) != nil }
                    guard !has.isEmpty else { continue }
                    found.append(record.value)
                    wanted.subtract(has)
                }
            }
            if !found.isEmpty {
                (evaluator, problems) = QueryEvaluator.lenient(query, source: source, lookups: lookups, records: sample + found, now: now)
            }
        }
        let paths = source.searchPaths
        let readsText = evaluator.readsSearchText
        let sorting = !evaluator.query.sorts.isEmpty
        var positions: [Int] = []
        var keys: [QueryEvaluator.SortKey] = []
        var titles: [String] = []
        for start in stride(from: 0, to: count, by: Self.queryBatch) {
            if Task.isCancelled { return nil }
            let batch = start == 0 && sample.count >= min(count, Self.queryBatch)
                ? Array(sample.prefix(Self.queryBatch))
                : try await records(start..<min(start + Self.queryBatch, count)).map(\.value)
            for (offset, record) in batch.enumerated() {
                let text = readsText ? source.searchText(record, paths: paths, lookups: lookups) : ""
                guard evaluator.matches(record, searchText: text) else { continue }
                positions.append(start + offset)
                guard sorting else { continue }
                keys.append(evaluator.sortKey(of: record))
                if let group = source.group { titles.append(group.render(record, lookups: lookups).sanitizedForTerminal) }
            }
        }
        guard sorting else { return QueryAnswer(positions: positions, sections: nil, problems: problems) }
        if Task.isCancelled { return nil }
        let order = evaluator.order(keys)
        let sorted = order.map { positions[$0] }
        guard source.group != nil else {
            return QueryAnswer(positions: sorted, sections: [.init(title: nil, positions: sorted)], problems: problems)
        }
        var sections: [QueryAnswer.Section] = []
        for index in order {
            let title = titles[index].isEmpty ? RecordSections.ungrouped : titles[index]
            if sections.last?.title == title {
                sections[sections.count - 1].positions.append(positions[index])
            } else {
                sections.append(.init(title: title, positions: [positions[index]]))
            }
        }
        return QueryAnswer(positions: sorted, sections: sections, problems: problems)
    }
}
