import Foundation
@testable import RoloCore

/// A Pipedrive account served page by page the way either API version pages it (v2 `cursor`
/// tokens, v1 `start` tokens), its organisations by cursor (`o:<offset>`) and its users at once,
/// with scripted failures and rate limits, a log of every request and wait in order, and a count
/// of requests in flight at once.
///
/// Failures and limits are keyed by the request's number (1-based, counted over the fake's whole
/// life and over persons and names alike, so a second sync run continues the count).
actor FakePipedriveAccount {
    private(set) var persons: [PipedrivePerson]
    /// Organisation id → name, listed in id order.
    private(set) var organizations: [Int: String] = [:]
    /// User id → name.
    private(set) var users: [Int: String] = [:]
    let api: PipedriveAPIVersion
    /// Whether pages carry the account's total (`additional_data` / v1 summary).
    let announcesTotal: Bool
    /// Request number → the error it throws instead of answering.
    private var failures: [Int: FetchError] = [:]
    /// Request number → the rate limit its answer carries.
    private var limits: [Int: RateLimit] = [:]
    /// Request number → answer with the token just asked for as the next one (a broken server).
    private var repeatsToken: Set<Int> = []

    /// Every request's token, in order (nil for the first page), failed ones included.
    private(set) var requested: [PipedrivePageToken?] = []
    /// The tokens of the requests that were answered with a page.
    private(set) var served: [PipedrivePageToken?] = []
    /// The names requests, in order: "users" and "organizations <cursor or first>".
    private(set) var nameRequests: [String] = []
    /// Every request and wait, in order: "fetch <token>", "users", "organizations <cursor>" and
    /// "sleep <seconds>".
    private(set) var events: [String] = []
    /// The seconds of every wait, in order.
    private(set) var sleeps: [Double] = []
    /// Requests of either kind so far: the number failures and limits are keyed by.
    private var sent = 0
    private var inFlight = 0
    /// The most requests that were ever in flight at once.
    private(set) var mostInFlight = 0

    init(_ persons: [PipedrivePerson], api: PipedriveAPIVersion, announcesTotal: Bool = true) {
        self.persons = persons
        self.api = api
        self.announcesTotal = announcesTotal
    }

    /// Persons `1...count` (ids "1"…) named "<prefix> <n>", with an email and an organisation.
    static func people(_ numbers: ClosedRange<Int>, prefix: String = "Person") -> [PipedrivePerson] {
        numbers.map {
            PipedrivePerson(
                id: String($0), name: "\(prefix) \($0)",
                emails: [LabeledValue(value: "p\($0)@example.com", label: "work", primary: true)],
                organizationName: "Org \($0)")
        }
    }

    /// The account's persons change, e.g. before a refresh.
    func replacePersons(_ persons: [PipedrivePerson]) { self.persons = persons }
    /// The account's organisations and users are these.
    func setNames(organizations: [Int: String], users: [Int: String]) {
        self.organizations = organizations
        self.users = users
    }
    func fail(request number: Int, with error: FetchError) { failures[number] = error }
    func fail(requests numbers: some Sequence<Int>, with error: FetchError) {
        for number in numbers { failures[number] = error }
    }
    func limit(request number: Int, _ limit: RateLimit) { limits[number] = limit }
    func repeatToken(request number: Int) { repeatsToken.insert(number) }

    /// The token that asks for the page starting at `offset`.
    nonisolated func token(at offset: Int) -> PipedrivePageToken {
        switch api {
        case .v2: return .cursor("c:\(offset)")
        case .v1: return .start(offset)
        }
    }

    /// The sync's `fetch`.
    func page(after token: PipedrivePageToken?, limit: Int) async throws -> (PipedrivePage, RateLimit) {
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        defer { inFlight -= 1 }
        requested.append(token)
        events.append("fetch \(Self.describe(token))")
        sent += 1
        let number = sent
        // Suspends, so a second request sent before this one answers would be counted in flight.
        await Task.yield()
        if let failure = failures[number] { throw failure }
        let offset = try self.offset(of: token)
        let end = min(offset + limit, persons.count)
        var next: PipedrivePageToken? = end < persons.count ? self.token(at: end) : nil
        if repeatsToken.contains(number) { next = token }
        var page = PipedrivePage(persons: Array(persons[offset..<end]), total: announcesTotal ? persons.count : nil)
        switch next {
        case .cursor(let cursor): page.nextCursor = cursor
        case .start(let start): page.nextStart = start
        case nil: break
        }
        served.append(token)
        return (page, limits[number] ?? RateLimit(remaining: 100, resetSeconds: 2))
    }

    /// The sync's `fetchNames`: organisations `limit` at a time in id order, users all at once.
    func names(_ kind: PipedriveNameKind, after cursor: String?, limit: Int) async throws -> (PipedriveNamePage, RateLimit) {
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        defer { inFlight -= 1 }
        let request = kind == .users ? "users" : "organizations \(cursor ?? "first")"
        nameRequests.append(request)
        events.append(request)
        sent += 1
        let number = sent
        await Task.yield()
        if let failure = failures[number] { throw failure }
        let rateLimit = limits[number] ?? RateLimit(remaining: 100, resetSeconds: 2)
        guard kind == .organizations else { return (PipedriveNamePage(names: users), rateLimit) }
        var offset = 0
        if let cursor {
            guard cursor.hasPrefix("o:"), let start = Int(cursor.dropFirst(2)) else { throw WrongToken(token: .cursor(cursor)) }
            offset = start
        }
        let ids = organizations.keys.sorted()
        let end = min(offset + limit, ids.count)
        let page = ids[min(offset, end)..<end]
        return (PipedriveNamePage(
            names: Dictionary(uniqueKeysWithValues: page.compactMap { id in organizations[id].map { (id, $0) } }),
            nextCursor: end < ids.count ? "o:\(end)" : nil), rateLimit)
    }

    /// The sync's `sleep`: records the wait and returns at once (throwing when cancelled, like
    /// `Task.sleep`).
    func sleep(_ seconds: Double) throws {
        try Task.checkCancellation()
        sleeps.append(seconds)
        events.append("sleep \(seconds)")
    }

    static func describe(_ token: PipedrivePageToken?) -> String {
        switch token {
        case .cursor(let cursor): return cursor
        case .start(let start): return "start=\(start)"
        case nil: return "first"
        }
    }

    private func offset(of token: PipedrivePageToken?) throws -> Int {
        switch (token, api) {
        case (nil, _): return 0
        case (.cursor(let cursor), .v2):
            guard cursor.hasPrefix("c:"), let offset = Int(cursor.dropFirst(2)) else { throw WrongToken(token: token) }
            return offset
        case (.start(let start), .v1): return start
        default: throw WrongToken(token: token)
        }
    }

    /// A token the account's API version never gave.
    struct WrongToken: Error { var token: PipedrivePageToken? }
}

extension FakePipedriveAccount {
    /// A sync of this account into `store` in pages of `pageSize`, on the fake's sleep and a
    /// clock stopped at `date`; `withNames`, v2 runs fetch this account's names too.
    nonisolated func sync(
        into store: PersonStore<PipedrivePerson>, pageSize: Int = 3, at date: Date, withNames: Bool = false
    ) -> PipedriveSync {
        let fetchNames: PipedriveSync.FetchNames = { kind, after, limit in try await self.names(kind, after: after, limit: limit) }
        return PipedriveSync(
            store: store, api: api, pageSize: pageSize, sleep: { try await self.sleep($0) }, now: { date },
            fetchNames: withNames ? fetchNames : nil, fetch: { try await self.page(after: $0, limit: $1) })
    }
}

/// Every progress report of a run, in order.
actor ProgressLog {
    private(set) var reports: [PipedriveSyncProgress] = []
    func record(_ progress: PipedriveSyncProgress) { reports.append(progress) }

    /// Runs `sync` to its end and returns every report it made.
    @discardableResult
    static func run(_ sync: PipedriveSync) async throws -> [PipedriveSyncProgress] {
        let log = ProgressLog()
        try await sync.run { await log.record($0) }
        return await log.reports
    }
}

extension FetchError {
    /// A 429, naming a reset or not.
    static func tooManyRequests(retryAfter: TimeInterval? = nil) -> FetchError {
        FetchError(kind: .httpStatus(429), endpoint: "x", message: "m", detail: "d", retryAfter: retryAfter)
    }

    /// The server can't be reached.
    static let offline = FetchError(kind: .unreachable, endpoint: "x", message: "offline", detail: "d")
}
