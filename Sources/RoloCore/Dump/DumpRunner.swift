import Foundation

/// Gets one source's list as the screen would hold it and writes it to a ``DumpSink``: the same
/// clients and stores, merging, order and search as the browser, with no terminal.
///
/// Fields are checked before anything is fetched; nothing reaches the sink until the data is
/// had, so a failure leaves standard output empty and says why in one ``DumpError`` line.
/// Where the server can't be asked (`offline`) or can't be reached, the sources rolo stores
/// (directory, randomuser, pipedrive) dump what is stored and say so through ``report``.
public struct DumpRunner: Sendable {
    /// The `--search` term, trimmed; nil when none.
    public let search: String?
    /// The `--fields` list as given; nil for every field.
    public let fields: String?
    /// Whether to read only what rolo has stored.
    public let offline: Bool
    /// `--limit`: the most records written, the dry run of a new source; nil for all.
    public let limit: Int?
    /// Where notices and progress go.
    public let report: DumpReport
    /// Today, for ages and the saved list's stamp.
    public let now: @Sendable () -> Date

    /// A runner; a blank `search` is no search.
    public init(search: String?, fields: String?, offline: Bool, limit: Int? = nil, report: DumpReport,
                now: @escaping @Sendable () -> Date = Date.init) {
        let term = search?.trimmingCharacters(in: .whitespaces)
        self.search = term?.isEmpty == false ? term : nil
        self.fields = fields
        self.offline = offline
        self.limit = limit
        self.report = report
        self.now = now
    }

    /// The ME employees, in the server's order.
    public func people(_ service: any PeopleService, to sink: DumpSink) async throws {
        let schema = try DumpSchemas.people.selecting(fields)
        try refuseOffline(.people)
        let employees = try await fetching(.people) { try await service.employees() }
        if let notice = employees.skipped.notice(singular: "employee", plural: "employees") { report.notice("people: \(notice)") }
        try write(employees.records.filter { search.map($0.matches) ?? true }, schema, to: sink)
    }

    /// The foods, in the server's order; nil `service`: not configured, and `unconfigured`
    /// says what to set.
    public func foods(_ service: (any FoodsService)?, unconfigured: String, to sink: DumpSink) async throws {
        let schema = try DumpSchemas.foods.selecting(fields)
        guard let service else { throw DumpError(.unavailable, "foods: \(unconfigured)") }
        try refuseOffline(.foods)
        let (foods, paging) = try await fetching(.foods) {
            try await service.allPages { [report] paging in
                guard let total = paging.totalCount, !paging.isComplete else { return }
                report.progress("foods: \(paging.loaded) of \(total)…")
            }
        }
        if let short = paging.shortfall { report.notice("foods: the server \(short)") }
        if let notice = paging.skipped.notice(singular: "food", plural: "foods") { report.notice("foods: \(notice)") }
        try write(foods.filter { search.map($0.matches) ?? true }, schema, to: sink)
    }

    /// The directory: every city merged, grouped by position as the list is, each person
    /// marked when `contacts` has their card. A complete answer is saved as the last good one,
    /// as the browser saves it; when no city answers (or `offline`) the saved one is dumped.
    public func directory(
        _ service: any DirectoryService, snapshots: DirectorySnapshotStore, contacts: [ContactCard],
        locale: Locale = .current, to sink: DumpSink
    ) async throws {
        let schema = try DumpSchemas.directory.selecting(fields)
        let employees: [DirectoryEmployee]
        if offline {
            employees = try saved(snapshots, because: "--offline")
        } else {
            report.progress("directory: loading…")
            let outcome = DirectoryOutcome(await service.fetchAll())
            report.progress(nil)
            if let fresh = outcome.employees {
                employees = fresh
                if let banner = outcome.banner { report.notice("directory: \(DumpError.withoutKeyHint(banner))") }
                if outcome.isComplete {
                    do {
                        try snapshots.save(outcome.cities, at: now())
                    } catch {
                        report.notice("directory: \(error)")
                    }
                }
            } else {
                let reason = outcome.errors.first.map { DumpError.withoutKeyHint($0.message) } ?? "no city answered"
                employees = try saved(snapshots, because: reason)
            }
        }
        let cards = ContactIndex(contacts)
        let visible = search.map { term in employees.filter { $0.matches(term) } } ?? employees
        let listed = DirectoryMerge.sections(visible, locale: locale).flatMap(\.employees).map {
            ListedEmployee($0, hasCard: cards.card(firstName: $0.firstName, lastName: $0.lastName) != nil)
        }
        try write(listed, schema, to: sink)
    }

    /// The last complete directory list, with a notice saying it is the saved one and why.
    private func saved(_ snapshots: DirectorySnapshotStore, because reason: String) throws -> [DirectoryEmployee] {
        switch snapshots.load() {
        case .loaded(let snapshot):
            report.notice("directory: \(reason) — dumping the list saved \(Self.stamp(snapshot.savedAt))")
            return snapshot.employees
        case .missing:
            throw DumpError(.unavailable, "directory: \(reason), and no list is saved yet")
        case .unusable(let why):
            throw DumpError(.unavailable, "directory: \(reason), and the saved list can't be used: \(why)")
        }
    }

    /// What `fetch` gives, with a progress line while it runs, taken down before any record is
    /// written; a failure is the source's one-line error.
    private func fetching<T>(_ source: SourceID, _ fetch: () async throws -> T) async throws -> T {
        report.progress("\(source.rawValue): loading…")
        defer { report.progress(nil) }
        do {
            return try await fetch()
        } catch {
            throw DumpError.unavailable(source, Self.fetchError(error))
        }
    }

    /// People and foods keep nothing, so offline there is nothing to dump.
    private func refuseOffline(_ source: SourceID) throws {
        guard offline else { return }
        throw DumpError(.unavailable, "\(source.rawValue): rolo stores nothing of this source, so --offline has nothing to dump")
    }

    func write<Record>(_ records: [Record], _ schema: DumpSchema<Record>, to sink: DumpSink) throws {
        try sink.begin(schema.names, limit: limit)
        for record in records { try sink.record(schema.values(of: record)) }
        try sink.end()
    }

    /// A service's error as a `FetchError`; services throw nothing else but cancellation.
    static func fetchError(_ error: any Error) -> FetchError {
        (error as? FetchError)
            ?? FetchError(kind: .badResponse, endpoint: "", message: "\(error)", detail: String(describing: error))
    }

    /// "2026-11-22T10:42:05Z": when stored data was fetched, unambiguous in any time zone.
    static func stamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
