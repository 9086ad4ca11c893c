import Foundation
import Synchronization

/// `rolo dump NAME` for a configured source: its list synced whole into the store (the same
/// sync as the screen's, resumed where it stopped), then every stored record in the API's order.
///
/// The fields, in order: `id`; `label`; each column by its title in snake_case ("Email" →
/// `email`, "Home city" → `home_city`); then each of the source's `fields` by its path in
/// snake_case (`address.city` → `address_city`). A name already taken gets `_2`, `_3` … A source
/// without `fields` dumps its id, label and columns. Numbers, true/false and lists of plain values
/// keep their JSON type; an object is its compact JSON text. With `--details` and no `fields`,
/// every top-level field of the records with their details merged in follows the columns, in
/// the order first met. Label, columns and fields resolve paths into the source's lookups
/// (`org.name`) as the screen does; a looked-up record is dumped only as far as they name it.
public enum RecordDump {
    /// The dumped fields of `source`, paths into `lookups` resolved.
    public static func schema(of source: RecordSource, lookups: LookupValues = .none) -> DumpSchema<JSONRecord> {
        var names: Set<String> = []
        func unique(_ name: String) -> String {
            var candidate = name.isEmpty ? "field" : name
            var number = 2
            while names.contains(candidate) {
                candidate = "\(name)_\(number)"
                number += 1
            }
            names.insert(candidate)
            return candidate
        }
        var fields: [DumpField<JSONRecord>] = [
            DumpField(unique("id")) { record in value(record.value.value(at: source.id)) ?? .text(record.id) },
            DumpField(unique("label")) { .text(source.label.render($0.value, lookups: lookups)) },
        ]
        for column in source.columns {
            let template = column.value
            fields.append(DumpField(unique(snakeCase(column.title))) { record in
                let text = template.render(record.value, lookups: lookups)
                return text.isEmpty ? .null : .text(text)
            })
        }
        for path in source.fields ?? [] {
            fields.append(DumpField(unique(snakeCase(path.description))) { value(lookups.value(at: path, in: $0.value)) ?? .null })
        }
        return DumpSchema(SourceID(rawValue: source.name), fields)
    }

    /// Dumps `source` through `runner`'s options into `sink`: synced whole first (into
    /// `database` when the source is stored, else into memory), or only what is stored with
    /// `offline`. `--limit N` fetches into memory and stops once N records came, leaving the
    /// stored list alone: the dry run of a new source. Unreachable, the stored records are
    /// dumped with a notice; settings naming a path no record has are reported as notices.
    public static func run(
        _ source: RecordSource, runner: DumpRunner, http: any HTTPClient, database: RoloDatabase?,
        environment: [String: String], timeout: TimeInterval = 30,
        sleep: @escaping RecordPager.Sleep = { try await Task.sleep(for: .seconds($0)) }, to sink: DumpSink
    ) async throws {
        let name = source.name
        if runner.details, source.detailURL == nil {
            throw DumpError(.usage, "\(name) has no detail_url, so --details has nothing to fetch")
        }
        // Every field of the merged records is known only once they are stored.
        let everyField = runner.details && source.fields == nil
        let (query, viewFields) = try asked(source, runner)
        let fields = runner.fields ?? viewFields
        var schema = try schema(of: source).selecting(everyField ? nil : fields)
        let kept = source.offline && runner.limit == nil ? database : nil
        let database = try kept ?? RoloDatabase.inMemory()
        let store = RecordStore(database: database, source: source)
        var shortfall: PagingShortfall?
        if runner.offline {
            guard source.offline else {
                throw DumpError(.unavailable, "\(name): offline = false keeps nothing, so --offline has nothing to dump")
            }
            guard try await store.count() > 0 else {
                throw DumpError(.unavailable, "\(name): nothing is stored yet, and --offline asks no server")
            }
            try await noticeStored(store, "\(name): --offline", runner.report)
        } else {
            let pager = try pager(source, environment: environment, http: http, timeout: timeout, sleep: sleep)
            let (skipped, short) = try await fetch(pager, into: store, limit: runner.limit, report: runner.report)
            shortfall = short
            if let first = skipped.first, try await store.count() == 0 {
                throw DumpError(.unavailable, "\(name): the API sent \(skipped.count) records and rolo can keep none of them: \(first.reason)")
            }
            if let notice = skipped.notice(singular: "record", plural: "records") { runner.report.notice("\(name): \(notice)") }
        }
        var lookups = LookupValues.none
        if !source.lookups.isEmpty {
            let values = try await self.lookups(
                source, database: database, runner: runner, http: http, environment: environment, timeout: timeout, sleep: sleep)
            schema = try self.schema(of: source, lookups: values).selecting(everyField ? nil : fields)
            lookups = values
        }
        var missing: DetailShortfall?
        if runner.details, !runner.offline {
            missing = try await fetchDetails(
                source, environment: environment, http: http, timeout: timeout, store: store, runner: runner, sleep: sleep)
        }
        let first = try await store.records(0..<50).map(\.value)
        for problem in source.problems(with: first, detailed: runner.details ? first : []) {
            runner.report.notice("\(name): \(problem)")
        }
        if !runner.details { for hint in detailHints(source, first) { runner.report.notice("\(name): \(hint)") } }
        if everyField {
            schema = try DumpSchema(schema.source, schema.fields + (try await detailFields(store, after: schema.names)))
                .selecting(fields)
        }
        if let query {
            try await write(store, schema, query: query, source: source, lookups: lookups, search: runner.search, limit: runner.limit, to: sink)
        } else {
            try await write(store, schema, search: runner.search, limit: runner.limit, to: sink)
        }
        if let missing {
            guard runner.allowPartial else {
                throw DumpError(.partial, "\(name): \(missing) — the dump is partial (--allow-partial takes it as it is)")
            }
            runner.report.notice("\(name): \(missing)")
        }
        if let shortfall {
            guard shortfall.byLimit || runner.allowPartial else {
                throw DumpError(.partial, "\(name): \(shortfall) — the list is partial (--allow-partial takes it as it is)")
            }
            runner.report.notice("\(name): \(shortfall)")
        }
    }

    /// ``run(_:runner:http:database:environment:timeout:sleep:to:)`` with what `rolo dump`
    /// gives every source: its runner, sink, HTTP client, timeout and database.
    public static func run(_ source: RecordSource, _ context: DumpContext, environment: [String: String]) async throws {
        try await run(
            source, runner: context.runner, http: context.http, database: source.offline ? try context.database() : nil,
            environment: environment, timeout: context.settings.timeout, to: context.sink)
    }

    /// The source's pager, its `${VAR}`s from `environment`; one not set fails the dump.
    static func pager(
        _ source: RecordSource, environment: [String: String], http: any HTTPClient, timeout: TimeInterval,
        sleep: @escaping RecordPager.Sleep
    ) throws -> RecordPager {
        do {
            let endpoint = try source.endpoint(environment: environment)
            let http = try SignIns.shared.client(for: source, over: http, environment: environment, timeout: timeout)
            return RecordPager(source: source, endpoint: endpoint, client: http, timeout: timeout, sleep: sleep)
        } catch let error as ConfigError {
            throw DumpError(.unavailable, error.description)
        }
    }

    /// Syncs `store` (resumed, or refreshed when whole), or with `limit` only its first pages;
    /// a failure leaves the stored records to dump, unless none are or the API refused rolo.
    /// Returns the records left out (no id), and what a list that ended short lacks.
    private static func fetch(
        _ pager: RecordPager, into store: RecordStore, limit: Int?, report: DumpReport
    ) async throws -> ([SkippedRecord], PagingShortfall?) {
        let skipped = Mutex<[SkippedRecord]>([])
        let shortfall = Mutex<PagingShortfall?>(nil)
        let name = pager.source.name
        report.progress("\(name): loading…")
        defer { report.progress(nil) }
        do {
            if let limit {
                skipped.withLock { $0 = [] }
                try await firstRecords(limit, pager: pager, store: store) { page in skipped.withLock { $0 += page } }
            } else {
                let refresh = try await store.state()?.complete == true
                try await RecordSync(pager: pager, store: store).run(refresh: refresh) { progress in
                    skipped.withLock { $0 = progress.skipped }
                    shortfall.withLock { $0 = progress.finished ? progress.shortfall : nil }
                    let done = progress.total.map { "\(progress.done) of \($0)" } ?? "\(progress.done)"
                    let wait = progress.waiting.map { "; rate limited, next in \(Int($0.rounded(.up))) s" } ?? ""
                    report.progress("\(name): \(done) records\(wait)…")
                }
            }
        } catch let error as FetchError {
            let refused = error.kind == .httpStatus(401) || error.kind == .httpStatus(403)
            guard !refused || error.partway, limit == nil, try await store.count() > 0 else {
                throw DumpError(.unavailable, named(name, error))
            }
            report.progress(nil)
            // A list stopped part-way is partial, with the sentence saying where; one that
            // couldn't be asked at all dumps what is stored, partial unless that is whole.
            if error.partway { return (skipped.withLock { $0 }, PagingShortfall(ListStop.sentence(error, title: pager.source.title))) }
            try await noticeStored(store, named(name, error), report)
            if let state = try await store.state(), !state.complete, !state.refreshing {
                return (skipped.withLock { $0 }, PagingShortfall("the stored list stopped before its end"))
            }
        }
        return (skipped.withLock { $0 }, shortfall.withLock { $0 })
    }

    /// "team: <the error>", once: a records-path error already starts with the source's name.
    static func named(_ name: String, _ error: FetchError) -> String {
        let message = error.message.withoutKeyHint
        return message.hasPrefix("\(name): ") ? message : "\(name): \(message)"
    }

    /// Pages into `store` until `limit` records came or the list ends.
    private static func firstRecords(
        _ limit: Int, pager: RecordPager, store: RecordStore, skipped: @Sendable ([SkippedRecord]) -> Void
    ) async throws {
        struct Enough: Error {}
        do {
            try await pager.run(from: .start(pager.source.paging), ahead: false, page: { page in
                skipped(page.skipped)
                try await store.append(page)
                if try await store.count() >= limit { throw Enough() }
            })
        } catch is Enough {}
    }

    /// Writes the stored records, in order, those `search` matches: found by the screen's own
    /// search (``RecordStore/positions(matching:)``).
    private static func write(
        _ store: RecordStore, _ schema: DumpSchema<JSONRecord>, search: String?, limit: Int?, to sink: DumpSink
    ) async throws {
        let count = try await store.count()
        var matched: Set<Int>?
        if let search { matched = Set(try await store.positions(matching: search)) }
        try sink.begin(schema.names, limit: limit)
        for start in stride(from: 0, to: count, by: 1000) where !sink.isFull {
            for (offset, record) in try await store.records(start..<min(start + 1000, count)).enumerated()
            where matched?.contains(start + offset) ?? true {
                try sink.record(schema.values(of: record))
            }
        }
        try sink.end()
    }

    /// The query the dump asks, `--view`'s with `--query`'s terms and sorts before its own, and
    /// the fields the view shows (`id`, `label`, then its columns); a view the source hasn't is
    /// a usage error naming those it has.
    static func asked(_ source: RecordSource, _ runner: DumpRunner) throws -> (RecordQuery?, String?) {
        guard let name = runner.view else { return (runner.query, nil) }
        guard let view = source.views.first(where: { $0.name == name }) ?? source.views.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            let views = source.views.map { "'\($0.name)'" }.joined(separator: ", ")
            throw DumpError(.usage, "\(source.name) has no view '\(name.sanitizedForTerminal)' — " + (views.isEmpty
                ? "it has no [[sources.views]]" : "its views are \(views)"))
        }
        var query = view.query
        if let more = runner.query {
            query.clauses += more.clauses
            query.sorts = more.sorts + query.sorts
            query.text = [more.text, query.text].filter { !$0.isEmpty }.joined(separator: " ")
        }
        let titles = schema(of: source).names
        let shown = view.columns.map { columns in
            (["id", "label"] + columns.compactMap { title in
                source.columns.firstIndex { $0.title.lowercased() == title.lowercased() }.map { titles[$0 + 2] }
            }).joined(separator: ",")
        }
        return (query, shown)
    }

    /// Writes the stored records `query` matches (and `search`, when given), in its order:
    /// every record read and evaluated in memory, as the screen lays out a sorted list. A field
    /// the query names that no stored record has is a usage error, said before anything is
    /// written.
    private static func write(
        _ store: RecordStore, _ schema: DumpSchema<JSONRecord>, query: RecordQuery, source: RecordSource,
        lookups: LookupValues, search: String?, limit: Int?, to sink: DumpSink
    ) async throws {
        let count = try await store.count()
        var records: [JSONRecord] = []
        records.reserveCapacity(count)
        for start in stride(from: 0, to: count, by: 1000) {
            records += try await store.records(start..<min(start + 1000, count))
        }
        let evaluator: QueryEvaluator
        do {
            evaluator = try QueryEvaluator(query, source: source, lookups: lookups, records: records.map(\.value))
        } catch {
            throw DumpError(.usage, "\(source.name): \(error)")
        }
        let searched = search.map(SearchKey.fold)
        let paths = source.searchPaths
        let matching = records.filter { record in
            let text = source.searchText(record.value, paths: paths, lookups: lookups)
            return evaluator.matches(record.value, searchText: text) && (searched.map { text.contains($0) } ?? true)
        }
        try sink.begin(schema.names, limit: limit)
        for record in evaluator.sorted(matching, record: \.value) where !sink.isFull {
            try sink.record(schema.values(of: record))
        }
        try sink.end()
    }

    /// "<why> — dumping the 230 records stored 2026-11-22T10:42:05Z", and, when the stored list
    /// stopped before its end, that it isn't the whole `list`. A list being refreshed is whole:
    /// it stays until the new one is complete. With `readingRows` the rows are counted by
    /// reading each, so a damaged page is healed (and its records gone) before the count: a
    /// pass over every record, which a configured source of a million records doesn't pay.
    static func noticeStored(
        _ store: RecordStore, _ why: String, _ report: DumpReport, record: String = "record", list: String = "list",
        readingRows: Bool = false
    ) async throws {
        let count = try await readingRows ? store.countReadingRows() : store.count()
        let state = try await store.state()
        let when = state.map { " " + DumpRunner.stamp($0.refreshedAt) } ?? ""
        let partial = state?.complete == false && state?.refreshing == false ? " (not the whole \(list))" : ""
        report.notice("\(why) — dumping the \(count) \(count == 1 ? record : record + "s") stored\(when)\(partial)")
    }

    /// "Home city" → `home_city`, `address.city` → `address_city`, "E-mail (work)" → `e_mail_work`.
    static func snakeCase(_ text: String) -> String {
        var words: [String] = []
        var word = ""
        var previousLower = false
        for character in text {
            if character.isLetter || character.isNumber {
                if character.isUppercase, previousLower, !word.isEmpty {
                    words.append(word)
                    word = ""
                }
                word += character.lowercased()
                previousLower = character.isLowercase || character.isNumber
            } else {
                if !word.isEmpty { words.append(word) }
                word = ""
                previousLower = false
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.joined(separator: "_")
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return true
        default: return false
        }
    }

    /// A JSON value as a dumped value; nil for a missing one.
    static func value(_ json: JSONValue?) -> DumpValue? {
        switch json {
        case nil: return nil
        case .null?: return .null
        case .bool(let flag)?: return .bool(flag)
        case .number(let text)?: return Int(text).map(DumpValue.number) ?? .text(text)
        case .string(let text)?: return .text(text)
        case .array(let items)? where !items.contains(where: isContainer):
            return .list(items.compactMap(\.text))
        case .array?, .object?: return .text(json?.jsonText ?? "")
        }
    }
}
