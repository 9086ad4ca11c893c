import Foundation

/// Fetches a configured source's lookups, each other list whole through its own
/// ``RecordPager``, and stores each once it is whole (``LookupStore``).
public struct LookupSync: Sendable {
    /// A lookup that wasn't fetched, and why.
    public typealias Failure = (lookup: String, error: any Error)

    /// The source whose lookups these are.
    public let source: RecordSource
    /// Each lookup's pager, and whether its list is on the source's own origin: its failures are
    /// then the list's too, and its answers' errors are read at the source's `error` path.
    let pagers: [(lookup: RecordLookup, pager: RecordPager, sharesOrigin: Bool)]
    /// Where each lookup's list is stored.
    public let store: LookupStore

    /// A sync of `source`'s lookups into `store`, over `client`, with `${VAR}`s from
    /// `environment`, Pipedrive's errors worded by `refusal` where given; throws
    /// ``ConfigError`` when one of them isn't set.
    public init(
        source: RecordSource, store: LookupStore, client: any HTTPClient, environment: [String: String], timeout: TimeInterval = 30,
        sleep: @escaping RecordPager.Sleep = { try await Task.sleep(for: .seconds($0)) },
        refusal: RecordPager.Refusal? = nil
    ) throws {
        self.source = source
        self.store = store
        let own = try? source.endpoint(environment: environment)
        pagers = try source.lookups.map { lookup in
            let endpoint = try lookup.endpoint(of: source, environment: environment)
            let origin = Origin(endpoint.url)
            let sharesOrigin = origin != nil && origin == own.flatMap { Origin($0.url) }
            var list = lookup.listSource(of: source)
            // The same API: its answers say they failed where the source's do.
            if sharesOrigin { list.error = source.error }
            return (lookup, RecordPager(
                source: list, endpoint: endpoint, client: client, timeout: timeout, sleep: sleep, refusal: refusal), sharesOrigin)
        }
    }

    /// Fetches and stores every lookup in turn, each through a pacer of its own; one that fails
    /// keeps its stored list and the rest go on. Returns the failures, each with its lookup's name.
    public func run() async -> [Failure] {
        var failures: [Failure] = []
        for (lookup, pager, _) in pagers {
            var pacer = pager.pacer()
            do {
                try await fetch(lookup, pager, pacer: &pacer, waiting: { _ in })
            } catch {
                failures.append((lookup.name, error))
            }
        }
        return failures
    }

    /// Fetches and stores every lookup in turn through `pacer`, which the source's own list
    /// shares, so one request is sent at a time and a rate limit met by either is waited out
    /// by both. A lookup refused for a reason of its own keeps its stored list and is returned
    /// with its error; a failure that would fail the list's requests too (``stopsTheList(_:)``)
    /// is thrown, when the lookup's list is on the source's own origin (another server's
    /// failure says nothing of the source's). `waiting` hears of each wait before it starts.
    /// Returns the failures, and how many of the list's records were folded again for a search
    /// through the lookups (``LookupStore/replace(_:with:)``).
    func run(pacer: inout RequestPacer, waiting: (Double) async -> Void) async throws -> (failures: [Failure], refolded: Int) {
        var failures: [Failure] = []
        var refolded = 0
        for (lookup, pager, sharesOrigin) in pagers {
            do {
                refolded += try await fetch(lookup, pager, pacer: &pacer, waiting: waiting)
            } catch let error as FetchError where !(sharesOrigin && Self.stopsTheList(error)) && error.kind != .cancelled {
                failures.append((lookup.name, error))
            }
        }
        return (failures, refolded)
    }

    /// Whether a lookup's failure would fail the list's own requests too: no network, a refused
    /// token, rate limits that never lifted, a cancel. Others (a lookup's URL the token may not
    /// read, a body that isn't its list) leave the list to be fetched with raw ids.
    static func stopsTheList(_ error: FetchError) -> Bool {
        switch error.kind {
        case .unreachable, .timedOut, .cancelled, .httpStatus(401), .httpStatus(429): return true
        default: return false
        }
    }

    /// Fetches `lookup`'s list whole and stores it; returns how many records were folded again.
    @discardableResult
    private func fetch(
        _ lookup: RecordLookup, _ pager: RecordPager, pacer: inout RequestPacer, waiting: (Double) async -> Void
    ) async throws -> Int {
        var records: [JSONRecord] = []
        try await pager.run(from: .start(lookup.paging), pacer: &pacer, page: { page in records += page.records }, waiting: waiting)
        return try await store.replace(lookup.name, with: records)
    }
}
