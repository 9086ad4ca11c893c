import Foundation

/// A ``RecordQuery`` over a configured source's records: which match, and in which order.
///
/// A field is, for each record, the record's dotted path where it has one (`address.city`),
/// else a column's title (case-insensitive, spaces as `_`: `home_city`), else a path through a
/// lookup (`org.name`); `label` is the row's label. A field none of those name in any of the
/// records the evaluator was made with is a mistake, said with the fields there are.
public struct QueryEvaluator: Sendable {
    public let query: RecordQuery
    let source: RecordSource
    let lookups: LookupValues
    let now: Date
    /// The query's texts folded once: the `:` and `=` values, the phrases and words.
    private let folded: [Int: [String]]
    private let text: String

    /// An evaluator of `query` for `source`'s records, its fields checked against `records`
    /// (those the list holds, or a sample of them); `now` is what ages count back from.
    public init(
        _ query: RecordQuery, source: RecordSource, lookups: LookupValues = .none, records: [JSONValue], now: Date = Date()
    ) throws(QueryError) {
        let (evaluator, problems) = Self.lenient(query, source: source, lookups: lookups, records: records, now: now)
        if let first = problems.first { throw first }
        self = evaluator
    }

    /// An evaluator of what of `query` `source`'s `records` can answer, and a sentence for each
    /// field they can't: its terms and sorts are left out, so that on screen the rest of the
    /// query still applies while the mistake is said.
    public static func lenient(
        _ query: RecordQuery, source: RecordSource, lookups: LookupValues = .none, records: [JSONValue], now: Date = Date()
    ) -> (evaluator: QueryEvaluator, problems: [QueryError]) {
        let unknown = query.fields.filter { !known($0, source: source, lookups: lookups, records: records) }
        var kept = query
        kept.clauses.removeAll { clause in
            if case .field(let name, _) = clause.term { return unknown.contains(name) }
            return false
        }
        kept.sorts.removeAll { unknown.contains($0.field) }
        let problems = unknown.map { QueryError("no field '\($0)' — \(fieldNames(near: $0, source: source, records: records))") }
        return (QueryEvaluator(checked: kept, source: source, lookups: lookups, now: now), problems)
    }

    private init(checked query: RecordQuery, source: RecordSource, lookups: LookupValues, now: Date) {
        self.query = query
        self.source = source
        self.lookups = lookups
        self.now = now
        var folded: [Int: [String]] = [:]
        for (index, clause) in query.clauses.enumerated() {
            switch clause.term {
            case .field(_, .contains(let texts)), .field(_, .equals(let texts)): folded[index] = texts.map(SearchKey.fold)
            case .phrase(let text), .word(let text): folded[index] = [SearchKey.fold(text)]
            case .field: break
            }
        }
        self.folded = folded
        text = SearchKey.fold(query.text)
    }

    /// Whether matching reads a record's search text: the query has free text, a phrase or a word.
    public var readsSearchText: Bool {
        !text.isEmpty || query.clauses.contains { clause in
            if case .field = clause.term { return false }
            return true
        }
    }

    /// Whether `record` (its folded search text `searchText`) matches every term and the text.
    public func matches(_ record: JSONValue, searchText: String) -> Bool {
        if !text.isEmpty, !searchText.contains(text) { return false }
        for (index, clause) in query.clauses.enumerated() where holds(clause.term, index, record, searchText) == clause.negated {
            return false
        }
        return true
    }

    /// `records` in the query's order, stable (ties keep the API's order); as they are without
    /// a `sort:`. With `group`, rows sort within their groups, the groups in the list's order.
    public func sorted<Item>(_ items: [Item], record: (Item) -> JSONValue) -> [Item] {
        guard !query.sorts.isEmpty else { return items }
        return order(items.map { sortKey(of: record($0)) }).map { items[$0] }
    }

    /// What one record is ordered by: its group's folded title (with `group`), then a value for
    /// each `sort:`.
    public struct SortKey: Sendable {
        let group: String?
        let values: [SortValue]
    }

    /// What `record` is ordered by.
    public func sortKey(of record: JSONValue) -> SortKey {
        SortKey(group: source.group.map { SearchKey.fold($0.render(record, lookups: lookups)) },
                values: query.sorts.map { SortValue(value(of: $0.field, in: record)) })
    }

    /// The indices of `keys` in the query's order: by group, then each sort in turn, then the
    /// index (the API's order), so that the sort is stable.
    public func order(_ keys: [SortKey]) -> [Int] {
        keys.indices.sorted { a, b in
            if let x = keys[a].group, let y = keys[b].group, x != y { return x < y }
            for (index, sort) in query.sorts.enumerated() {
                let order = SortValue.compare(keys[a].values[index], keys[b].values[index], descending: sort.descending)
                if order != .orderedSame { return order == .orderedAscending }
            }
            return a < b
        }
    }

    // MARK: - Terms

    private func holds(_ term: RecordQuery.Term, _ index: Int, _ record: JSONValue, _ searchText: String) -> Bool {
        switch term {
        case .phrase, .word:
            return folded[index].map { searchText.contains($0[0]) } ?? false
        case .field(let name, let comparison):
            let value = value(of: name, in: record)
            switch comparison {
            case .present:
                return !Self.isEmpty(value)
            case .contains:
                let texts = Self.texts(value).map(SearchKey.fold)
                return folded[index]?.contains { wanted in texts.contains { $0.contains(wanted) } } ?? false
            case .equals:
                let texts = Self.texts(value).map(SearchKey.fold)
                return folded[index]?.contains { wanted in texts.contains(wanted) } ?? false
            case .compare(let order, let bound):
                return compare(value, order, bound)
            }
        }
    }

    private func compare(_ value: JSONValue?, _ order: RecordQuery.Order, _ bound: RecordQuery.Bound) -> Bool {
        guard let value else { return false }
        switch bound {
        case .number(let limit):
            guard let number = Self.number(value) else { return false }
            return order.holds(number == limit ? .orderedSame : number < limit ? .orderedAscending : .orderedDescending)
        case .instant(let limit):
            guard let instant = Self.instant(value) else { return false }
            return order.holds(instant.compare(limit))
        case .age(let seconds):
            guard let instant = Self.instant(value) else { return false }
            return order.holds(instant.compare(now.addingTimeInterval(-seconds)))
        }
    }

    // MARK: - Fields

    /// The value `name` names in `record`: its path, else a column's text, else through a lookup.
    func value(of name: String, in record: JSONValue) -> JSONValue? {
        if name.lowercased() == "label" { return .string(source.label.render(record, lookups: lookups)) }
        let path = JSONPath(name)
        if path.isWellFormed, let own = record.value(at: path) { return own }
        if let column = Self.column(name, in: source) {
            let text = column.value.render(record, lookups: lookups)
            return text.isEmpty ? nil : .string(text)
        }
        if path.isWellFormed, source.isLookupPath(path) { return lookups.value(at: path, in: record, rawIDs: false) }
        return nil
    }

    private static func column(_ name: String, in source: RecordSource) -> RecordColumn? {
        let wanted = name.lowercased()
        return source.columns.first { snake($0.title) == wanted }
    }

    /// A column title as a field: "Home city" → `home_city`.
    static func snake(_ title: String) -> String {
        title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: "_")
    }

    private static func known(_ name: String, source: RecordSource, lookups: LookupValues, records: [JSONValue]) -> Bool {
        if name.lowercased() == "label" || column(name, in: source) != nil { return true }
        let path = JSONPath(name)
        guard path.isWellFormed else { return false }
        if source.isLookupPath(path) { return true }
        return records.contains { $0.value(at: path) != nil }
    }

    /// The fields there are, the nearest to `name` first: "city, company, email, …".
    private static func fieldNames(near name: String, source: RecordSource, records: [JSONValue]) -> String {
        var names = ["label"] + source.columns.map { snake($0.title) }
        for record in records.prefix(20) {
            guard case .object(let members) = record else { continue }
            for member in members {
                // A nested object's fields by their paths too: `address.city` for "city".
                let paths = if case .object(let inner) = member.value, !inner.isEmpty {
                    inner.map { JSONPath(steps: [member.key, $0.key]).description }
                } else {
                    [JSONPath(steps: [member.key]).description]
                }
                for path in paths where !names.contains(path) { names.append(path) }
            }
        }
        let lowered = name.lowercased()
        func distance(_ candidate: String) -> Int {
            let folded = candidate.lowercased()
            let last = folded.split(separator: ".").last.map(String.init) ?? folded
            return min(folded.editDistance(to: lowered), last.editDistance(to: lowered))
        }
        let ranked = names.enumerated().sorted { a, b in
            let (da, db) = (distance(a.element), distance(b.element))
            return da != db ? da < db : a.offset < b.offset
        }.map(\.element.sanitizedForTerminal)
        return ranked.prefix(6).joined(separator: ", ") + (ranked.count > 6 ? ", …" : "")
    }

    // MARK: - Values

    /// Whether a value counts as lacking: missing, null, blank text, `[]` or `{}`.
    static func isEmpty(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: return true
        case .string(let text)?: return text.trimmingWhitespace.isEmpty
        case .array(let items)?: return items.isEmpty
        case .object(let members)?: return members.isEmpty
        default: return false
        }
    }

    /// The texts a value offers a text term: itself, or each item of a list.
    private static func texts(_ value: JSONValue?) -> [String] {
        switch value {
        case .array(let items)?: return items.flatMap { texts($0) }
        case let value?: return value.text.map { [$0] } ?? []
        case nil: return []
        }
    }

    /// A JSON number, or text that is one (`"10126"`).
    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let text): return Double(text)
        case .string(let text): return Double(text.trimmingWhitespace).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    private static func instant(_ value: JSONValue) -> Date? {
        guard case .string(let text) = value else { return nil }
        return Instant.parse(text)
    }
}

/// A record's value for one `sort:` key: numbers, then dates (as instants, whatever their
/// form), then text folded in natural order (AP-9 before AP-10); missing last whichever the
/// direction.
struct SortValue: Sendable {
    enum Kind: Sendable { case number(Double), instant(Date), text(String), missing }
    let kind: Kind

    init(_ value: JSONValue?) {
        if QueryEvaluator.isEmpty(value) {
            kind = .missing
        } else if let value, let number = QueryEvaluator.number(value) {
            kind = .number(number)
        } else if case .string(let text)? = value, let instant = Instant.parse(text) {
            kind = .instant(instant)
        } else if let text = value?.text {
            kind = .text(SearchKey.fold(text))
        } else {
            kind = .text(value?.jsonText ?? "")
        }
    }

    /// The kinds in their order, whichever the direction: numbers, dates, text, the missing.
    private var rank: Int {
        switch kind {
        case .number: 0
        case .instant: 1
        case .text: 2
        case .missing: 3
        }
    }

    /// `a` against `b`: by kind first (numbers, dates, text, the missing, in either direction),
    /// then by value, reversed when `descending`.
    static func compare(_ a: SortValue, _ b: SortValue, descending: Bool) -> ComparisonResult {
        if a.rank != b.rank { return a.rank < b.rank ? .orderedAscending : .orderedDescending }
        let order: ComparisonResult
        switch (a.kind, b.kind) {
        case (.number(let x), .number(let y)): order = x == y ? .orderedSame : x < y ? .orderedAscending : .orderedDescending
        case (.instant(let x), .instant(let y)): order = x.compare(y)
        case (.text(let x), .text(let y)): order = x.compare(y, options: .numeric)
        default: order = .orderedSame
        }
        guard descending else { return order }
        switch order {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }
}
