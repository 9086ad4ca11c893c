import Foundation
import Testing
@testable import RoloCore

/// A Pipedrive account served over HTTP the way either API version pages it (v2 `cursor`
/// tokens, v1 `start` tokens), its organisations by cursor (`o:<offset>`) and its users at once,
/// with scripted failures and rate limits, a log of every request and wait in order, and a count
/// of requests in flight at once.
///
/// It answers the requests the shipped definition's pager sends (``PipedriveHTTP``); its
/// ``pages(lookup:token:)`` page it as the app does. A scripted failure is the answer the pager
/// turns into that error (a 429 with its reset, a 401, another status with the API's words), or,
/// for one that is no answer (unreachable), thrown as the HTTP layer throws it. A request it
/// doesn't serve fails the test and is answered 404.
///
/// Failures and limits are keyed by the request's number (1-based, counted over the fake's whole
/// life and over persons and names alike, so a second sync run continues the count).
actor FakePipedriveAccount: HTTPClient {
    private(set) var persons: [PipedrivePerson]
    /// Organisation id → name, listed in id order.
    private(set) var organizations: [Int: String] = [:]
    /// User id → name.
    private(set) var users: [Int: String] = [:]
    let api: PipedriveAPIVersion
    /// Whether pages carry the account's total (`additional_data` / v1 `pagination`).
    let announcesTotal: Bool
    /// Request number → the error it answers with instead of a page.
    private var failures: [Int: FetchError] = [:]
    /// Request number → the rate limit its answer carries.
    private var limits: [Int: RateLimit] = [:]
    /// Request number → answer with the token just asked for as the next one (a broken server).
    private var repeatsToken: Set<Int> = []

    /// Every persons request's token, in order (nil for the first page), failed ones included.
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
    /// Every request as sent, URL and headers.
    private(set) var httpRequests: [HTTPRequest] = []
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

    /// The account's persons (or, with `lookup`, that lookup's list) as the app pages them,
    /// `token` sent, on the fake's sleep.
    nonisolated func pages(lookup: String? = nil, token: String = PipedriveHTTP.token) throws -> PipedrivePages {
        try PipedrivePages(token: token, api: api, http: self, lookup: lookup, sleep: { try await self.sleep($0) })
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        defer { inFlight -= 1 }
        httpRequests.append(request)
        guard let asked = PipedriveHTTP.asked(request), Self.serves(asked, api) else {
            return PipedriveHTTP.notServed(request, by: "The fake Pipedrive account (API \(api.rawValue))")
        }
        switch asked {
        case .persons(_, let token, _):
            requested.append(token)
            events.append("fetch \(Self.describe(token))")
        case .organizations(let cursor, _):
            nameRequests.append("organizations \(cursor ?? "first")")
            events.append("organizations \(cursor ?? "first")")
        case .users:
            nameRequests.append("users")
            events.append("users")
        }
        sent += 1
        let number = sent
        // Suspends, so a second request sent before this one answers would be counted in flight.
        await Task.yield()
        if let failure = failures[number] {
            guard let answer = PipedriveHTTP.answer(standingFor: failure, to: request) else { throw failure }
            return answer
        }
        if let refused = PipedriveHTTP.unauthorized(request) { return refused }
        let rateLimit = limits[number] ?? RateLimit(remaining: 100, resetSeconds: 2)
        switch asked {
        case .persons(_, let token, let limit):
            return personsPage(after: token, limit: limit, repeating: repeatsToken.contains(number), to: request, rateLimit: rateLimit)
        case .organizations(let cursor, let limit):
            return organizationsPage(after: cursor, limit: limit, to: request, rateLimit: rateLimit)
        case .users:
            return PipedriveHTTP.names(users, nextCursor: nil, paged: false, to: request, rateLimit: rateLimit)
        }
    }

    /// The persons of the page `token` names, `limit` of them; with `repeating`, naming `token`
    /// again as the next. A token this account never gave is answered as Pipedrive answers one.
    private func personsPage(
        after token: PipedrivePageToken?, limit: Int, repeating: Bool, to request: HTTPRequest, rateLimit: RateLimit
    ) -> HTTPResponse {
        guard let offset = offset(of: token), limit > 0 else {
            return PipedriveHTTP.refused(400, "Invalid cursor", to: request, rateLimit: rateLimit)
        }
        let end = min(offset + limit, persons.count)
        let next: PipedrivePageToken? = repeating ? token : end < persons.count ? self.token(at: end) : nil
        served.append(token)
        return PipedriveHTTP.persons(
            Array(persons[min(offset, end)..<end]), api: api, start: offset, limit: limit, next: next,
            total: announcesTotal ? persons.count : nil, to: request, rateLimit: rateLimit)
    }

    /// The organisations from `cursor` (`o:<offset>`), `limit` of them in id order.
    private func organizationsPage(after cursor: String?, limit: Int, to request: HTTPRequest, rateLimit: RateLimit) -> HTTPResponse {
        var offset = 0
        if let cursor {
            guard cursor.hasPrefix("o:"), let start = Int(cursor.dropFirst(2)), start >= 0 else {
                return PipedriveHTTP.refused(400, "Invalid cursor", to: request, rateLimit: rateLimit)
            }
            offset = start
        }
        let ids = organizations.keys.sorted()
        let end = min(offset + max(limit, 0), ids.count)
        let page = ids[min(offset, end)..<end]
        return PipedriveHTTP.names(
            organizations.filter { page.contains($0.key) }, nextCursor: end < ids.count ? "o:\(end)" : nil, paged: true,
            to: request, rateLimit: rateLimit)
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

    /// Whether an account of API `api` answers `asked`: its own persons list, and the names.
    private static func serves(_ asked: PipedriveHTTP.Asked, _ api: PipedriveAPIVersion) -> Bool {
        guard case .persons(let version, _, _) = asked else { return true }
        return version == api
    }

    /// Where the page `token` names starts; nil for a token this account never gave.
    private func offset(of token: PipedrivePageToken?) -> Int? {
        switch token {
        case nil: return 0
        case .cursor(let cursor):
            guard cursor.hasPrefix("c:"), let offset = Int(cursor.dropFirst(2)), offset >= 0 else { return nil }
            return offset
        case .start(let start): return start >= 0 ? start : nil
        }
    }
}

extension FakePipedriveAccount {
    /// This account as rolo's ``PipedriveAccount`` over it, stored in `database`, in pages of
    /// `pageSize`, on the fake's sleep and a clock stopped at `date`. With API v2 its sync fetches
    /// the organisations' and users' names first (two requests while the account has none).
    nonisolated func account(in database: RoloDatabase, pageSize: Int = 3, at date: Date) throws -> PipedriveAccount {
        try PipedriveAccount(
            companyURL: PipedriveHTTP.baseURL, token: PipedriveHTTP.token, api: api, http: self, database: database,
            pageSize: pageSize, sleep: { try await self.sleep($0) }, now: { date })
    }

    /// The sync of ``account(in:pageSize:at:)``: what the app and `rolo dump` run.
    nonisolated func sync(into database: RoloDatabase, pageSize: Int = 3, at date: Date) throws -> RecordSync {
        guard let sync = try account(in: database, pageSize: pageSize, at: date).sync() else {
            throw FetchError(kind: .badResponse, endpoint: "", message: "the account made no sync", detail: "")
        }
        return sync
    }
}

/// Every progress report of a run, in order.
actor ProgressLog {
    private(set) var reports: [RecordSync.Progress] = []
    func record(_ progress: RecordSync.Progress) { reports.append(progress) }

    /// Runs `sync` to its end (a refresh, as the app and `rolo dump` run it) and returns every
    /// report it made.
    @discardableResult
    static func run(_ sync: RecordSync) async throws -> [RecordSync.Progress] {
        let log = ProgressLog()
        try await sync.run(refresh: true) { await log.record($0) }
        return await log.reports
    }
}

extension FetchError {
    /// What the pager makes of Pipedrive's 429 at `path`, naming a reset or not: scripted with
    /// `fail(request:with:)`, it is answered as that 429.
    static func tooManyRequests(retryAfter: TimeInterval? = nil, at path: String = "api/v2/persons") -> FetchError {
        PipedriveHTTP.error(FetchError(kind: .httpStatus(429), endpoint: "", message: "", detail: "", retryAfter: retryAfter), at: path)
    }

    /// What the pager makes of Pipedrive's 401 at `path`: the token was refused.
    static func unauthorized(at path: String = "api/v2/persons") -> FetchError {
        PipedriveHTTP.error(FetchError(kind: .httpStatus(401), endpoint: "", message: "", detail: ""), at: path)
    }

    /// What the pager makes of Pipedrive's `{"success": false, "error": text}` with `status` at `path`.
    static func pipedriveSays(_ text: String, status: Int, at path: String = "api/v2/persons") -> FetchError {
        PipedriveHTTP.error(FetchError(kind: .httpStatus(status), endpoint: "", message: text, detail: ""), at: path)
    }

    /// The server can't be reached: thrown by the HTTP layer, no answer.
    static let offline = FetchError(kind: .unreachable, endpoint: "x", message: "offline", detail: "d")
}
