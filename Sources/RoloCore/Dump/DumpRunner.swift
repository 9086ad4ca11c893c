import Foundation

/// Gets one source's list as the screen would hold it and writes it to a ``DumpSink``: the same
/// clients and stores, merging, order and search as the browser, with no terminal.
///
/// Fields are checked before anything is fetched; nothing reaches the sink until the data is
/// had, so a failure leaves standard output empty and says why in one ``DumpError`` line.
/// Where the server can't be asked (`offline`) or can't be reached, the sources rolo stores
/// dump what is stored and say so through ``report``. Each source's own part is an extension
/// in its folder.
public struct DumpRunner: Sendable {
    /// The `--search` term, trimmed; nil when none.
    public let search: String?
    /// The `--fields` list as given; nil for every field.
    public let fields: String?
    /// Whether to read only what rolo has stored.
    public let offline: Bool
    /// `--limit`: the most records written, the dry run of a new source; nil for all.
    public let limit: Int?
    /// `--allow-partial`: a list that ended before its known end is written with a notice and
    /// exit status 0, not 3.
    public let allowPartial: Bool
    /// `--details`: a configured source's records each get their `detail_url` merged in first.
    public let details: Bool
    /// `--query`: what a configured source's list is asked (``RecordQuery``), read before
    /// anything is fetched; nil for none.
    public let query: RecordQuery?
    /// `--view`: the name of a configured source's `[[sources.views]]` whose query (with
    /// ``query``'s terms beside it) and columns the dump takes; nil for none.
    public let view: String?
    /// Where notices and progress go.
    public let report: DumpReport
    /// Today, for ages and the saved list's stamp.
    public let now: @Sendable () -> Date

    /// A runner; a blank `search` is no search.
    public init(search: String?, fields: String?, offline: Bool, limit: Int? = nil, allowPartial: Bool = false, details: Bool = false,
                query: RecordQuery? = nil, view: String? = nil, report: DumpReport, now: @escaping @Sendable () -> Date = Date.init) {
        self.query = query
        self.view = view
        self.allowPartial = allowPartial
        self.details = details
        let term = search?.trimmingCharacters(in: .whitespaces)
        self.search = term?.isEmpty == false ? term : nil
        self.fields = fields
        self.offline = offline
        self.limit = limit
        self.report = report
        self.now = now
    }

    /// What `fetch` gives, with a progress line while it runs, taken down before any record is
    /// written; a failure is the source's one-line error.
    func fetching<T>(_ source: SourceID, _ fetch: () async throws -> T) async throws -> T {
        report.progress("\(source.rawValue): loading…")
        defer { report.progress(nil) }
        do {
            return try await fetch()
        } catch {
            throw DumpError.unavailable(source, Self.fetchError(error))
        }
    }

    /// A source that keeps nothing has nothing to dump offline.
    func refuseOffline(_ source: SourceID) throws {
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
