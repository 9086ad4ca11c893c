import Foundation
@testable import RoloApp
import RoloCore
import Testing
import TerminalUI

/// A Pipedrive account in memory, paged by v2 cursors: scripted failures, a log of the
/// requests, and a gate that holds the next request until the test opens it.
actor FakePipedrive {
    var persons: [PipedrivePerson]
    /// Each request as "after <token> limit <n>", in order.
    private(set) var requests: [String] = []
    private var failures: [any Error] = []
    private var toHold = 0
    private let held = HeldRequests()

    init(persons: [PipedrivePerson]) {
        self.persons = persons
    }

    func fail(_ errors: any Error...) { failures += errors }
    func hold(_ count: Int = 1) { toHold += count }
    var heldCount: Int { held.count }
    /// Lets the oldest held request answer, waiting (bounded) for one to be made.
    func release(sourceLocation: SourceLocation = #_sourceLocation) async { await held.release(sourceLocation: sourceLocation) }
    func replace(_ persons: [PipedrivePerson]) { self.persons = persons }

    func page(after: PipedrivePageToken?, limit: Int) async throws -> (PipedrivePage, RateLimit) {
        var start = 0
        if case .cursor(let cursor) = after { start = Int(cursor) ?? 0 }
        requests.append("after \(start) limit \(limit)")
        let failure = failures.popFirst()
        if toHold > 0 {
            toHold -= 1
            await held.hold()
        }
        if let failure { throw failure }
        let end = min(persons.count, start + limit)
        let page = PipedrivePage(persons: Array(persons[min(start, end)..<end]), nextCursor: end < persons.count ? String(end) : nil)
        return (page, RateLimit(remaining: 100, resetSeconds: 2))
    }

    /// The closure the view-model fetches through.
    nonisolated var fetch: PipedriveSync.Fetch {
        { after, limit in try await self.page(after: after, limit: limit) }
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
    static let unauthorized = FetchError(kind: .httpStatus(401), endpoint: "acme.pipedrive.com",
                                         message: "Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN", detail: "401")
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
