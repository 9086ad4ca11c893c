import Foundation
@testable import RoloApp
import RoloCore
import Testing
import TerminalUI

/// A Pipedrive account in memory, served over HTTP as API v2 pages it by cursor (the cursor is
/// the next offset), with its organisations and users (none unless set), which v2's sync asks
/// for first: scripted failures and gates that hold the next request until the test opens it,
/// each for the persons and for the names apart, and a log of the requests.
///
/// A scripted failure is the answer the engine's pager turns into that error (a 401, a 429 …),
/// or, for one that is no answer (unreachable), thrown as the HTTP layer throws it. A request it
/// doesn't serve fails the test and is answered 404.
actor FakePipedrive: HTTPClient {
    var persons: [PipedrivePerson]
    /// The account's organisations and users, by id.
    private(set) var names = PipedriveNames()
    /// Each persons request as "after <offset> limit <n>", in order.
    private(set) var requests: [String] = []
    /// Each names request, "organizations" or "users", in order.
    private(set) var nameRequests: [String] = []
    /// Every request as sent, URL and headers.
    private(set) var httpRequests: [HTTPRequest] = []
    private var failures: [FetchError] = []
    private var nameFailures: [FetchError] = []
    private var toHold = 0
    private var namesToHold = 0
    private let held = HeldRequests()
    private let heldNames = HeldRequests()

    init(persons: [PipedrivePerson], names: PipedriveNames = PipedriveNames()) {
        self.persons = persons
        self.names = names
    }

    /// The next persons requests fail with `errors`, one each, in order.
    func fail(_ errors: FetchError...) { failures += errors }
    /// The next names requests fail with `errors`, one each, in order.
    func failNames(_ errors: FetchError...) { nameFailures += errors }
    /// Holds the next `count` persons requests until released.
    func hold(_ count: Int = 1) { toHold += count }
    /// Holds the next `count` names requests until released.
    func holdNames(_ count: Int = 1) { namesToHold += count }
    var heldCount: Int { held.count }
    var heldNamesCount: Int { heldNames.count }
    /// Lets the oldest held persons request answer, waiting (bounded) for one to be made.
    func release(sourceLocation: SourceLocation = #_sourceLocation) async { await held.release(sourceLocation: sourceLocation) }
    /// Lets the oldest held names request answer, waiting (bounded) for one to be made.
    func releaseNames(sourceLocation: SourceLocation = #_sourceLocation) async {
        await heldNames.release(sourceLocation: sourceLocation)
    }
    func replace(_ persons: [PipedrivePerson]) { self.persons = persons }
    func setNames(_ names: PipedriveNames) { self.names = names }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        httpRequests.append(request)
        switch PipedriveHTTP.asked(request) {
        case .persons(.v2, let after, let limit)?:
            return try await persons(after: after, limit: limit, to: request)
        case .organizations(let cursor, _)? where cursor == nil:
            return try await names(PipedriveLookups.organizations, to: request)
        case .users?:
            return try await names(PipedriveLookups.owners, to: request)
        default:
            return PipedriveHTTP.notServed(request, by: "The fake Pipedrive (API v2 persons, its organisations at once, users)")
        }
    }

    private func persons(after: PipedrivePageToken?, limit: Int, to request: HTTPRequest) async throws -> HTTPResponse {
        var start: Int? = 0
        if case .cursor(let cursor) = after { start = Int(cursor) }
        requests.append("after \(start.map(String.init) ?? "?") limit \(limit)")
        let failure = failures.popFirst()
        if toHold > 0 {
            toHold -= 1
            await held.hold()
        }
        if let answer = try Self.answer(failing: failure, to: request) { return answer }
        let rateLimit = RateLimit(remaining: 100, resetSeconds: 2)
        guard let start, start >= 0, limit > 0 else {
            return PipedriveHTTP.refused(400, "Invalid cursor", to: request, rateLimit: rateLimit)
        }
        let end = min(persons.count, start + limit)
        return PipedriveHTTP.persons(
            Array(persons[min(start, end)..<end]), api: .v2, start: start, limit: limit,
            next: end < persons.count ? .cursor(String(end)) : nil, total: nil, to: request, rateLimit: rateLimit)
    }

    /// The organisations (all on one page) or the users.
    private func names(_ lookup: String, to request: HTTPRequest) async throws -> HTTPResponse {
        nameRequests.append(lookup == PipedriveLookups.organizations ? "organizations" : "users")
        let failure = nameFailures.popFirst()
        if namesToHold > 0 {
            namesToHold -= 1
            await heldNames.hold()
        }
        if let answer = try Self.answer(failing: failure, to: request) { return answer }
        return PipedriveHTTP.names(
            names[lookup], nextCursor: nil, paged: lookup == PipedriveLookups.organizations, to: request, rateLimit: RateLimit(remaining: 100, resetSeconds: 2))
    }

    /// The answer to `request` when it fails with `failure` (thrown when it is no answer) or
    /// lacks the token; nil when it is to be served.
    private static func answer(failing failure: FetchError?, to request: HTTPRequest) throws -> HTTPResponse? {
        if let failure {
            guard let answer = PipedriveHTTP.answer(standingFor: failure, to: request) else { throw failure }
            return answer
        }
        return PipedriveHTTP.unauthorized(request)
    }
}

enum PipedriveSamples {
    static let firstNames = ["Mari", "Jüri", "Анна", "Dariush", "秀英", "Zoë", "Lucas", "Noor", "Ada", "Kalle"]
    static let lastNames = ["Tamm", "Õunapuu", "Иванова", "Rahimi", "王", "Star", "Moreau", "Jansen", "Lovelace", "Kask"]

    /// Person `n` (1-based): v1-style names for org and owner; every 7th has no email.
    static func person(_ n: Int, tag: String = "") -> PipedrivePerson {
        let first = firstNames[n % 10], last = lastNames[(n / 10) % 10]
        return PipedrivePerson(
            id: String(n), name: "\(first) \(last)\(tag)", firstName: first, lastName: last,
            phones: [LabeledValue(value: "+372 5\(1000 + n)", label: "work", primary: true)],
            emails: n % 7 == 0 ? [] : [LabeledValue(value: "person\(n)@example.com", label: "work", primary: true)],
            organizationName: n % 5 == 0 ? nil : "Org \(n % 3)", organizationID: n % 5 == 0 ? nil : n % 3 + 1,
            ownerName: "Owner \(n % 2)", ownerID: n % 2 + 1, openDeals: n % 4,
            addTime: Date(timeIntervalSince1970: 1_700_000_000), updateTime: Date(timeIntervalSince1970: 1_790_000_000))
    }

    static func persons(_ count: Int, tag: String = "") -> [PipedrivePerson] {
        (1...max(1, count)).prefix(count).map { person($0, tag: tag) }
    }

    static let unreachable = FetchError(kind: .unreachable, endpoint: "acme.pipedrive.com",
                                        message: "Can't reach acme.pipedrive.com — r to retry", detail: "refused")
    /// What the client makes of Pipedrive's 401 for the persons list.
    static let unauthorized = PipedriveHTTP.error(
        FetchError(kind: .httpStatus(401), endpoint: "acme.pipedrive.com", message: "", detail: ""), at: "api/v2/persons")
}

/// A pipedrive source over `account` (nil: not configured) and `database` (nil: in memory), at
/// `Sample.today` in Tallinn time. The account is asked at ``PipedriveHTTP/baseURL``, with no
/// company URL, so the detail has no "In Pipedrive" link.
@MainActor
func makePipedrive(_ account: FakePipedrive?, database: RoloDatabase?, pageSize: Int = 10,
                   pictures: PictureStore? = nil, imageLoader: RemoteImageLoader? = nil,
                   busy: BusyTracker = BusyTracker()) -> PipedriveViewModel {
    PipedriveViewModel(
        http: account, token: PipedriveHTTP.token, unconfigured: account == nil ? "Set your Pipedrive API token" : nil, api: .v2,
        database: database, pageSize: pageSize, sleep: { _ in }, busy: busy, pictures: pictures, imageLoader: imageLoader,
        gravatarBase: URL(string: "https://gravatar.test/avatar/")!, apiURL: PipedriveHTTP.baseURL, now: { Sample.today },
        timeZone: Sample.zone)
}

/// Stores `persons` as the list, whole, fetched at `date`, as an earlier run would have.
func storePipedrive(_ persons: [PipedrivePerson], in database: RoloDatabase, at date: Date) async throws {
    try await PipedriveAccount(storedIn: database).store.append(
        RecordPage(records: persons.map { JSONRecord(id: $0.id, value: $0.v1JSON) }, next: nil), at: date)
}

extension PipedriveViewModel {
    /// The ids of the rows shown, in order.
    var rowIDs: [String] {
        (0..<entries.entryCount).compactMap { entries.entry(at: $0).row?.id }
    }

    /// Waits until the sync and any search have ended.
    func settled() async -> Bool {
        await settle({ self.busy.isIdle && !self.isLoading }, limit: 200_000)
    }
}
