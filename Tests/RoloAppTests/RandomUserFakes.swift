import Foundation
@testable import RoloApp
import RoloCore
import Testing
import TerminalUI

/// randomuser.me in memory: `total` persons per seed, made from the seed and their position so a
/// page asked twice with one seed is the same; scripted failures, a log of requests, and a gate
/// that holds the next requests until the test opens it.
actor FakeRandomUserService: RandomUserService {
    /// How many persons each seed has; a page past them is short or empty.
    var total: Int
    /// Each request as "page N seed S", in order.
    private(set) var requests: [String] = []
    private var failures: [FetchError] = []
    private var skips: [Int] = []
    private var unreadables: [Int] = []
    private var toHold = 0
    private let held = HeldRequests()

    init(total: Int = 100) {
        self.total = total
    }

    /// The next requests fail with these errors, in order.
    func fail(_ errors: FetchError...) { failures += errors }
    /// The next pages each leave out this many persons as unreadable, in order.
    func skip(_ counts: Int...) { skips += counts }
    /// The next pages each have this many of their persons, from the first, sent unreadable:
    /// the page still counts as full, as a real one would.
    func unreadable(_ counts: Int...) { unreadables += counts }
    /// The next `count` requests wait until ``release()``.
    func hold(_ count: Int = 1) { toHold += count }
    var heldCount: Int { held.count }
    /// Lets the oldest held request answer, waiting (bounded) for one to be made.
    func release(sourceLocation: SourceLocation = #_sourceLocation) async { await held.release(sourceLocation: sourceLocation) }

    func page(_ number: Int, size: Int, seed: String) async throws -> RandomUserPage {
        requests.append("page \(number) seed \(seed)")
        let failure = failures.popFirst()
        if toHold > 0 {
            toHold -= 1
            await held.hold()
        }
        if let failure { throw failure }
        let first = (number - 1) * size
        let unreadable = unreadables.popFirst() ?? 0
        let persons = (first + unreadable..<min(first + size, total)).map { RandomUserSamples.person($0, seed: seed) }
        let skipped = (0..<(skips.popFirst() ?? 0) + unreadable).map {
            SkippedRecord(index: $0, problem: .missing("login.uuid"))
        }
        return RandomUserPage(persons: persons, skipped: skipped, seed: seed, page: number, results: size)
    }
}

enum RandomUserSamples {
    static let seed = "rolo"

    static let firstNames = ["Mari", "Jüri", "Анна", "Dariush", "秀英", "Zoë", "Lucas", "Noor", "Aino", "Kalle"]
    static let lastNames = ["Tamm", "Õunapuu", "Иванова", "Rahimi", "王", "Star", "Moreau", "Jansen", "Virtanen", "Kask"]

    /// The person at `index` for `seed`: the same every time, with a seed-specific id.
    static func person(_ index: Int, seed: String) -> RandomPerson {
        RandomPerson(
            id: "\(seed)-\(index)", firstName: firstNames[index % 10], lastName: "\(lastNames[index % 10]) \(index)",
            email: "person\(index)@example.com", phone: "011-962-7516", cell: "081-454-0666",
            birthday: Date(timeIntervalSince1970: 743_161_458),  // 1993-07-20 09:44:18 UTC
            nationality: "EE", streetNumber: "\(index + 1)", streetName: "Pikk", city: "Tallinn", state: "Harjumaa",
            country: "Estonia", postcode: "10133",
            pictureLarge: URL(string: "https://randomuser.test/portraits/\(index).jpg"),
            pictureThumbnail: URL(string: "https://randomuser.test/portraits/thumb/\(index).jpg"))
    }

    static let rateLimited = FetchError(kind: .httpStatus(429), endpoint: "randomuser.me",
                                        message: "randomuser.me is rate-limiting rolo — wait a minute, then r", detail: "429")
    static let refusal = FetchError(kind: .badResponse, endpoint: "randomuser.me",
                                    message: "randomuser.me says: Uh oh, something has gone wrong. — r to retry", detail: "error body")
}

/// A randomuser source over `service` and `store`, at `Sample.today` in Tallinn time, with
/// rolo's shipped set-title.
@MainActor
func makeRandomUser(_ service: FakeRandomUserService, store: PersonStore<RandomPerson>?, seed: String? = RandomUserSamples.seed,
                    pictures: PictureStore? = nil, imageLoader: RemoteImageLoader? = nil, avatarCache: ImageDiskCache? = nil,
                    busy: BusyTracker = BusyTracker(), firstPage: RandomUserViewModel.LoadedPage? = nil) -> (RandomUserViewModel, BusyTracker) {
    let model = RandomUserViewModel(service: service, store: store, seed: seed, busy: busy, pictures: pictures,
                                    imageLoader: imageLoader, avatarCache: avatarCache, firstPage: firstPage, now: { Sample.today },
                                    timeZone: Sample.zone)
    model.takeShipped(RandomUserSource.shippedActions)
    return (model, busy)
}

extension CapabilityAction {
    /// randomuser's shipped set-title, by its name in the key table.
    static let setTitle = CapabilityAction("set-title")
}

extension Action {
    static let setTitle = Action.capability(.setTitle)
}

/// A fresh store in memory.
func memoryStore() throws -> PersonStore<RandomPerson> {
    PersonStore(database: try RoloDatabase.inMemory())
}

/// Stores `count` persons of `seed` in `store` as pages of 10, as earlier runs would have.
func storePersons(_ count: Int, seed: String = RandomUserSamples.seed, in store: PersonStore<RandomPerson>) async throws {
    for page in stride(from: 0, to: count, by: 10) {
        let persons = (page..<min(page + 10, count)).map { RandomUserSamples.person($0, seed: seed) }
        try await store.appendPage(RandomUserPager.source, persons: persons, names: persons.map(\.fullName),
                                   page: page / 10 + 1, seed: seed, complete: false, cursor: nil, at: Sample.today)
    }
}

extension RandomUserViewModel {
    /// The ids of the rows shown, in order.
    var rowIDs: [String] {
        (0..<entries.entryCount).compactMap { entries.entry(at: $0).row?.id }
    }

    /// Moves the selection to the last row, as scrolling to the end does, and waits for the page.
    func scrollToEnd() async {
        selectionChanged(to: rowIDs.last)
        _ = await settle({ busy.isIdle && !isLoading }, limit: 100_000)
    }
}
