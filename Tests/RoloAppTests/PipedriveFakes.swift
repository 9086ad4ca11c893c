import Foundation
@testable import RoloApp
import RoloCore
import Testing
import TerminalUI

/// A Pipedrive account in memory, served over HTTP as API v2 pages it by cursor (the cursor is
/// the next offset): scripted failures, a log of the requests, and a gate that holds the next
/// request until the test opens it. `fetch` goes through a real ``PipedriveClient`` over it.
///
/// A scripted failure is the answer the client turns into that error (a 401, a 429 …), or, for
/// one that is no answer (unreachable), thrown as the HTTP layer throws it. A request it doesn't
/// serve fails the test and is answered 404.
actor FakePipedrive: HTTPClient {
    var persons: [PipedrivePerson]
    /// Each persons request as "after <offset> limit <n>", in order.
    private(set) var requests: [String] = []
    /// Every request as sent, URL and headers.
    private(set) var httpRequests: [HTTPRequest] = []
    private var failures: [FetchError] = []
    private var toHold = 0
    private let held = HeldRequests()

    init(persons: [PipedrivePerson]) {
        self.persons = persons
    }

    /// The next requests fail with `errors`, one each, in order.
    func fail(_ errors: FetchError...) { failures += errors }
    func hold(_ count: Int = 1) { toHold += count }
    var heldCount: Int { held.count }
    /// Lets the oldest held request answer, waiting (bounded) for one to be made.
    func release(sourceLocation: SourceLocation = #_sourceLocation) async { await held.release(sourceLocation: sourceLocation) }
    func replace(_ persons: [PipedrivePerson]) { self.persons = persons }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        httpRequests.append(request)
        guard case .persons(.v2, let after, let limit)? = PipedriveHTTP.asked(request) else {
            return PipedriveHTTP.notServed(request, by: "The fake Pipedrive (API v2 persons)")
        }
        var start: Int? = 0
        if case .cursor(let cursor) = after { start = Int(cursor) }
        requests.append("after \(start.map(String.init) ?? "?") limit \(limit)")
        let failure = failures.popFirst()
        if toHold > 0 {
            toHold -= 1
            await held.hold()
        }
        if let failure {
            guard let answer = PipedriveHTTP.answer(standingFor: failure, to: request) else { throw failure }
            return answer
        }
        if let refused = PipedriveHTTP.unauthorized(request) { return refused }
        let rateLimit = RateLimit(remaining: 100, resetSeconds: 2)
        guard let start, start >= 0, limit > 0 else {
            return PipedriveHTTP.refused(400, "Invalid cursor", to: request, rateLimit: rateLimit)
        }
        let end = min(persons.count, start + limit)
        return PipedriveHTTP.persons(
            Array(persons[min(start, end)..<end]), api: .v2, start: start, limit: limit,
            next: end < persons.count ? .cursor(String(end)) : nil, total: nil, to: request, rateLimit: rateLimit)
    }

    /// The closure the view-model fetches through: a page through the client, as the app's own.
    nonisolated var fetch: PipedriveSync.Fetch {
        let client = PipedriveClient(baseURL: PipedriveHTTP.baseURL, token: PipedriveHTTP.token, api: .v2, http: self, timeout: 30)
        return { after, limit in try await client.page(after: after, limit: limit) }
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

/// A pipedrive source over `account` and `store`, at `Sample.today` in Tallinn time.
@MainActor
func makePipedrive(_ account: FakePipedrive?, store: PersonStore<PipedrivePerson>?, pageSize: Int = 10,
                   pictures: PictureStore? = nil, imageLoader: RemoteImageLoader? = nil,
                   busy: BusyTracker = BusyTracker(), fetchNames: PipedriveSync.FetchNames? = nil) -> PipedriveViewModel {
    PipedriveViewModel(
        fetch: account?.fetch, fetchNames: fetchNames, unconfigured: account == nil ? "Set your Pipedrive API token" : nil, api: .v2,
        store: store, pageSize: pageSize, sleep: { _ in }, busy: busy, pictures: pictures, imageLoader: imageLoader,
        gravatarBase: URL(string: "https://gravatar.test/avatar/")!, now: { Sample.today }, timeZone: Sample.zone)
}

/// Stores `persons` as the shown list, whole, fetched at `date`, as an earlier run would have.
func storePipedrive(_ persons: [PipedrivePerson], in store: PersonStore<PipedrivePerson>, at date: Date) async throws {
    try await store.appendPage(PipedriveSync.source, persons: persons, names: persons.map(\.displayName),
                               search: persons.map(\.searchKey), page: 1, seed: nil, complete: true, cursor: nil, at: date)
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
