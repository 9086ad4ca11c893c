import Foundation
@testable import RoloApp
import RoloCore
import Testing
import TerminalUI

/// An OpenFoods server in memory, speaking the 2023 API (one whole list) or, given a page size,
/// the 2025 one (pages with a `totalCount`): the foods it holds, scripted failures, a log of
/// calls, and gates that hold list or like requests in flight until the test opens them. It is
/// the list's service and the HTTP client the like and unlike actions are sent through.
///
/// A list request reads the foods when it arrives, so one held at its gate answers with what the
/// server had then — the stale answer a slow real server gives.
actor FakeFoodsService: FoodsService, HTTPClient {
    /// How one like or unlike request ends.
    enum PutScript: Sendable {
        case succeed
        case fail(FetchError)
        /// Saved on the server, but the answer never arrived (a timeout after the write).
        case saveThenFail(FetchError)
    }

    /// What the server holds now.
    private(set) var records: [Food]
    /// Foods a page; nil: the 2023 API, whose one answer is the whole list.
    let pageSize: Int?
    /// The `totalCount` the pages claim instead of the real count, as a server that miscounts.
    var claimedTotal: Int?
    /// Whether a page past the last answers the last page again (a server that clamps) rather
    /// than an empty one.
    var clampsPages = false
    private(set) var calls: [String] = []
    /// The most list requests that were in flight at once.
    private(set) var mostListsAtOnce = 0
    private var listsInFlight = 0
    private var listFailures: [FetchError] = []
    private var pageFailures: [Int: [FetchError]] = [:]
    private var putScripts: [PutScript] = []
    private var failingFoods: [String: FetchError] = [:]
    private var listsToHold = 0
    private var pagesToHold: [Int: Int] = [:]
    private var putsToHold = 0
    private let heldLists = HeldRequests()
    private let heldPuts = HeldRequests()

    init(_ foods: [Food], pageSize: Int? = nil) {
        records = foods
        self.pageSize = pageSize
    }

    /// The next list requests fail with these errors, in order.
    func failLists(_ errors: FetchError...) { listFailures += errors }
    /// The next request for page `number` fails with `error`.
    func failPage(_ number: Int, _ error: FetchError) { pageFailures[number, default: []].append(error) }
    /// The next like or unlike requests end so, in order; later ones succeed.
    func scriptPuts(_ scripts: PutScript...) { putScripts += scripts }
    /// Every like or unlike of the foods `ids` names fails with `error` from now on (none: they
    /// succeed again).
    func failPuts(on ids: Set<String>, _ error: FetchError) { failingFoods = Dictionary(uniqueKeysWithValues: ids.map { ($0, error) }) }
    /// The next `count` list requests wait until released.
    func holdLists(_ count: Int = 1) { listsToHold += count }
    /// The next request for page `number` waits until released.
    func holdPage(_ number: Int) { pagesToHold[number, default: 0] += 1 }
    /// The next `count` like or unlike requests wait until released.
    func holdPuts(_ count: Int = 1) { putsToHold += count }
    var heldListCount: Int { heldLists.count }
    var heldPutCount: Int { heldPuts.count }
    func setClaimedTotal(_ total: Int?) { claimedTotal = total }
    func setClampsPages(_ clamps: Bool) { clampsPages = clamps }

    /// Lets the oldest held list request answer, waiting (bounded) for one to be made.
    func releaseList(sourceLocation: SourceLocation = #_sourceLocation) async {
        await heldLists.release(sourceLocation: sourceLocation)
    }
    /// Lets the newest held list request answer, so answers can arrive out of order.
    func releaseNewestList(sourceLocation: SourceLocation = #_sourceLocation) async {
        await heldLists.release(newest: true, sourceLocation: sourceLocation)
    }
    /// Lets the oldest held like or unlike request go on, waiting (bounded) for one to be made.
    func releasePut(sourceLocation: SourceLocation = #_sourceLocation) async {
        await heldPuts.release(sourceLocation: sourceLocation)
    }

    /// Changes a food behind the app's back, as another client would.
    func setFood(_ food: Food) {
        guard let index = records.firstIndex(where: { $0.id == food.id }) else { return }
        records[index] = food
    }

    func page(_ number: Int) async throws -> FoodsPage {
        calls.append(pageSize == nil ? "GET" : "GET \(number)")
        listsInFlight += 1
        mostListsAtOnce = max(mostListsAtOnce, listsInFlight)
        defer { listsInFlight -= 1 }
        let answer = answer(number)
        let failure = listFailures.popFirst() ?? pageFailures[number]?.popFirst()
        if listsToHold > 0 || pagesToHold[number, default: 0] > 0 {
            if listsToHold > 0 { listsToHold -= 1 } else { pagesToHold[number, default: 0] -= 1 }
            await heldLists.hold()
        }
        if let failure { throw failure }
        return answer
    }

    /// What the server answers for page `number` now.
    private func answer(_ number: Int) -> FoodsPage {
        guard let pageSize else { return FoodsPage(foods: DecodedList(records: records)) }
        let lastPage = max(0, (records.count - 1) / pageSize)
        let start = min(records.count, (clampsPages ? min(number, lastPage) : number) * pageSize)
        let foods = Array(records[start..<min(records.count, start + pageSize)])
        return FoodsPage(foods: DecodedList(records: foods), totalCount: claimedTotal ?? records.count, number: number)
    }

    /// `PUT …/food/<id>/like` or `…/unlike`, as the actions send them: saved and `{"success":
    /// true}`, or the scripted failure thrown as the HTTP client would throw it. Any other
    /// request is a mistake of the test's.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.url.pathComponents
        guard request.method == "PUT", path.count >= 3, path[path.count - 3] == "food", ["like", "unlike"].contains(path[path.count - 1]) else {
            Issue.record("the fake foods server has no route \(request.method) \(request.url)")
            throw FetchError(kind: .notFound, endpoint: "foods.test", message: "no such route", detail: request.url.absoluteString)
        }
        let (foodID, liked) = (path[path.count - 2], path[path.count - 1] == "like")
        calls.append("PUT \(foodID) \(liked ? "like" : "unlike")")
        let script = failingFoods[foodID].map(PutScript.fail) ?? putScripts.popFirst() ?? .succeed
        if putsToHold > 0 {
            putsToHold -= 1
            await heldPuts.hold()
        }
        switch script {
        case .succeed:
            save(liked, foodID)
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(#"{"success":true}"#.utf8), url: request.url)
        case .fail(let error):
            throw error
        case .saveThenFail(let error):
            save(liked, foodID)
            throw error
        }
    }

    private func save(_ liked: Bool, _ foodID: String) {
        guard let index = records.firstIndex(where: { $0.id == foodID }) else { return }
        records[index].isLiked = liked
        records[index].lastUpdated = FoodSamples.saved
    }
}

enum FoodSamples {
    /// When the fake server stamps a like: a minute before `Sample.today`.
    static let saved = Sample.today.addingTimeInterval(-60)

    static let soup = Food(
        id: "1", name: "French Onion Soup", isLiked: false, photoURL: URL(string: "https://foods.test/images/soup.jpg"),
        description: "French onion soup is a soup usually based on meat stock and onions, and often served gratinéed "
            + "with croutons or a larger piece of bread covered with cheese floating on top. Ancient in origin, the dish "
            + "underwent a resurgence of popularity in the 1960s in the United States.",
        countryCode: "FR", lastUpdated: Date(timeIntervalSince1970: 0))
    static let kama = Food(
        id: "2", name: "Kama", isLiked: true, description: "", countryCode: "EE",
        lastUpdated: Sample.today.addingTimeInterval(-180))
    static let stew = Food(
        id: "3", name: "Mystery Stew", isLiked: false, description: "Nobody knows.\nNobody asks.",
        countryCode: "XX", lastUpdated: nil)
    static let plov = Food(
        id: "4", name: "Plov", isLiked: true, description: "Rice, carrots and lamb.", countryCode: nil,
        lastUpdated: Sample.today.addingTimeInterval(-86_400 * 3))

    static let menu = [soup, kama, stew, plov]

    /// Foods "1"..."count", named "Food 1"..., every third one liked, an hour apart.
    static func numbered(_ count: Int) -> [Food] {
        (0..<count).map { index in
            let number = index + 1
            let updated = Sample.today.addingTimeInterval(-3600 * Double(number))
            return Food(id: String(number), name: "Food \(number)", isLiked: number % 3 == 0, countryCode: "EE",
                        lastUpdated: updated)
        }
    }

    static let refused = FetchError(kind: .httpStatus(500), endpoint: "foods.test",
                                    message: "The foods server refused: database is locked — try again", detail: "500")
    static let notSaved = FetchError(kind: .badResponse, endpoint: "foods.test",
                                     message: "The foods server didn't save the like — try again", detail: "success false")
    static let timedOut = FetchError(kind: .timedOut, endpoint: "foods.test",
                                     message: "foods.test didn't answer in 10 s — try again", detail: "timeout")
    static let dropped = FetchError(kind: .unreachable, endpoint: "foods.test",
                                    message: "The connection to foods.test dropped — try again", detail: "reset")
}

/// What a source told the screen, in order.
@MainActor
final class Events {
    var all: [SourceEvent] = []
    var banners: [String] {
        all.compactMap { if case .banner(let text, true) = $0 { return text } else { return nil } }
    }
}

/// A foods source over `service` with an immediate clock, Tallinn time and `Sample.today`; its
/// like and unlike are rolo's shipped actions, sent to `service`.
@MainActor
func makeFoods(_ service: FakeFoodsService?, useFlags: Bool = true, pictures: PictureStore? = nil,
               imageLoader: RemoteImageLoader? = nil, busy: BusyTracker = BusyTracker()) -> (FoodsViewModel, BusyTracker) {
    let model = FoodsViewModel(service: service, busy: busy, pictures: pictures, imageLoader: imageLoader,
                               useFlags: useFlags, clock: ImmediateClock(), now: { Sample.today }, timeZone: Sample.zone)
    if let service {
        model.takeShipped(FoodsSource.shippedActions)
        model.actionState.session = ActionSession(runner: ActionRunner(
            sourceTitle: "The foods server", base: URL(string: "https://foods.test/api/v1/user-42/"), client: service))
    }
    return (model, busy)
}

extension CapabilityAction {
    /// Foods' shipped like (or unlike, whichever applies), by its name in the key table.
    static let like = CapabilityAction("like")
}

extension Action {
    static let like = Action.capability(.like)
}

/// A screen over one foods source backed by `service`, started and settled.
@MainActor
func foodsScreen(_ service: FakeFoodsService?, size: Size, useFlags: Bool = true,
                 pictures: PictureStore? = nil, imageLoader: RemoteImageLoader? = nil,
                 busy: BusyTracker = BusyTracker()) async -> (ScreenController, FoodsViewModel, BusyTracker) {
    let (model, busy) = makeFoods(service, useFlags: useFlags, pictures: pictures, imageLoader: imageLoader, busy: busy)
    let controller = ScreenController(sources: [model], size: size, busy: busy, now: { Sample.today }, timeZone: Sample.zone)
    controller.start()
    _ = await settle({ busy.isIdle && !model.isLoading }, limit: 100_000)
    return (controller, model, busy)
}

/// Waits until nothing is in flight, then checks the screen says exactly what the server holds:
/// every food's fields, and each row's like symbol.
@MainActor
func expectAgreesWithServer(_ model: FoodsViewModel, _ service: FakeFoodsService, _ busy: BusyTracker,
                            sourceLocation: SourceLocation = #_sourceLocation) async {
    #expect(await settle { busy.isIdle && !model.isLoading }, "still busy", sourceLocation: sourceLocation)
    #expect(model.likesAtRest, "likes still pending", sourceLocation: sourceLocation)
    let server = await service.records
    #expect(model.shownFoods == server, sourceLocation: sourceLocation)
    let drawn: [String?] = server.map { model.likeCell($0.id) }
    let expected: [String?] = server.map { model.symbols.like($0.isLiked) }
    #expect(drawn == expected, sourceLocation: sourceLocation)
}

extension FoodsViewModel {
    /// The like cell of the row `id`, as drawn.
    func likeCell(_ id: String) -> String? {
        let rows = (0..<entries.entryCount).compactMap { entries.entry(at: $0).row }
        return rows.first { $0.id == id }?.cells[3]
    }
}
