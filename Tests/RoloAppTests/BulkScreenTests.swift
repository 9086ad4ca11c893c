import Foundation
import Synchronization
@testable import RoloApp
import RoloCore
import TerminalUI
import Testing

/// The crew API with writes: `PATCH /people/<id>` answers the person with `status` set, but
/// for the people `failing` names, which get a 500 with the API's `{"error": …}`; any other
/// request is the crew's.
actor CrewWrites: HTTPClient {
    let crew: FakeCrewAPI
    private let http = FakeHTTPClient()
    private let failing: Mutex<@Sendable (Int) -> Bool>

    init(count: Int, failing: @escaping @Sendable (Int) -> Bool) throws {
        crew = try FakeCrewAPI(count: count)
        self.failing = Mutex(failing)
        http.on(.any, .forward(to: crew))
        http.on(.any, method: "PATCH") { [weak self] request in self?.write(request) ?? .respond(404, "") }
    }

    /// The ids written to, in order.
    var writes: [String] { patches.map(\.url.lastPathComponent) }
    /// The bodies of the writes, as sent.
    var bodies: [String] { patches.map { String(decoding: $0.body ?? Data(), as: UTF8.self) } }
    private var patches: [HTTPRequest] { http.requests.filter { $0.method == "PATCH" } }

    /// From now on, the people `failing` names fail.
    func setFailing(_ failing: @escaping @Sendable (Int) -> Bool) { self.failing.withLock { $0 = failing } }
    /// Holds every write from now on (true) until released, or answers at once (false).
    func hold(_ holding: Bool) { holding ? http.hold(.max, method: "PATCH") : http.stopHolding() }
    /// Lets the oldest held write go on.
    func release(sourceLocation: SourceLocation = #_sourceLocation) async { await http.release(sourceLocation: sourceLocation) }
    var heldCount: Int { http.heldCount }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await http.send(request)
    }

    private nonisolated func write(_ request: HTTPRequest) -> FakeHTTPClient.Answer {
        guard let number = Int(request.url.lastPathComponent) else { return .respond(404, "") }
        if failing.withLock({ $0 })(number) { return .respond(500, #"{"error": "person \#(number) is locked"}"#) }
        return .json(CrewSamples.person(number, tag: "", full: false).dropLast() + #", "status": "closed"}"#)
    }
}

@MainActor
@Suite("Marks and a bulk action on screen: asked once, run on each, results with the failed first")
struct BulkScreenTests {
    private let size = Size(width: 100, height: 30)

    /// The crew with a `close` action, as a user writes it.
    static let toml = CrewSamples.toml("""
    [[sources.actions]]
    name = "close"
    key = "x"
    title = "Close the person's ticket"
    method = "PATCH"
    url = "/people/{id}"
    body = { status = "closed" }
    then = "update"
    confirm = true
    """)

    /// The crew of `count` over `api`, on screen, every page loaded.
    private func screen(_ api: CrewWrites) async throws -> (ScreenController, RecordListModel) {
        let model = try makeCrew(api.crew, toml: Self.toml, database: nil)
        let endpoint = try #require(model.endpoint)
        model.actionState.session = ActionSession(runner: ActionRunner(source: model.source, endpoint: endpoint, client: api, sleep: { _ in }))
        let controller = ScreenController(sources: [model], size: size, busy: model.busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await model.settled())
        return (controller, model)
    }

    private func press(_ character: Character, on controller: ScreenController) {
        controller.handle(.key(.character(character)))
    }

    /// The crew of 30 on screen with its first `marked` rows marked and `close` confirmed on
    /// them, the writes held: returns once `held` are waiting for ``CrewWrites/release()``.
    private func heldRun(marking marked: Int, held: Int) async throws -> (CrewWrites, ScreenController, RecordListModel) {
        let api = try CrewWrites(count: 30) { _ in false }
        let (controller, model) = try await screen(api)
        for _ in 0..<marked { press(" ", on: controller) }
        await api.hold(true)
        press("x", on: controller)
        press("y", on: controller)
        #expect(await poll(async: { await api.heldCount == held }))
        return (api, controller, model)
    }

    @Test("Space marks and moves down, V marks up to the selection, Esc clears; the status counts them")
    func marking() async throws {
        let (controller, model) = try await screen(try CrewWrites(count: 30) { _ in false })
        press(" ", on: controller)
        press(" ", on: controller)
        #expect(controller.marks.ids == ["1", "2"])
        #expect(controller.sourceUI.selectedID == "3", "Space moves down")
        for _ in 0..<4 { controller.perform(.moveDown) }
        press("V", on: controller)
        #expect(controller.marks.ids == Set((1...7).map(String.init)))
        let text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("7 marked"))
        #expect(text.contains("• Grace Lovelace"), "a marked row shows its mark")
        #expect(text.contains("Space mark"), "the footer names the key")
        let help = controller.helpLines().map(\.text)
        #expect(help.contains { $0.contains("Space") && $0.hasSuffix("Mark or unmark the row, and move down") })
        #expect(help.contains { $0.contains("V") && $0.hasSuffix("Mark from the last marked row to this one") })

        controller.perform(.refresh)
        #expect(await model.settled())
        #expect(controller.marks.count == 7, "marks outlive a refresh: the records are still there")

        controller.handle(.key(.escape))
        #expect(controller.marks.isEmpty)
        #expect(!controller.render(theme: .monochrome, glyphs: .unicode).text.contains("marked"))
    }

    @Test("Marks are dropped for records a refresh no longer lists")
    func refreshDropsGone() async throws {
        let api = try CrewWrites(count: 30) { _ in false }
        let (controller, model) = try await screen(api)
        controller.perform(.last)
        press(" ", on: controller)
        controller.perform(.first)
        press(" ", on: controller)
        #expect(controller.marks.count == 2)
        await api.crew.replace(count: 20, tag: "")
        model.refresh()
        #expect(await model.settled())
        #expect(controller.marks.ids == ["1"], "person 30 is gone")
    }

    @Test("100 marked, 10 failing: one confirmation, the results overlay lists the 10 failed first; R retries only them; Esc keeps the failed marked")
    func bulkRun() async throws {
        let api = try CrewWrites(count: 100) { $0 % 10 == 0 }
        let (controller, model) = try await screen(api)
        press(" ", on: controller)
        controller.perform(.last)
        press("V", on: controller)
        #expect(controller.marks.count == 100)
        #expect(await model.settled())

        press("x", on: controller)
        let asking = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(asking, named: "bulk-confirm-100x30")
        #expect(asking.text.contains("PATCH 100 records?"))
        #expect(asking.text.contains(#"PATCH https://crew.test/people/1 {"status":"closed"}"#))
        #expect(await api.writes.isEmpty, "nothing is sent before the answer")

        press("y", on: controller)
        #expect(await model.settled())
        #expect(await api.writes.count == 100)
        let results = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(results, named: "bulk-results-100x30")
        let text = results.text
        #expect(text.contains("close: 90 done, 10 failed"))
        #expect(text.contains("Failed (10)"))
        #expect(text.contains("✗ Ada Torvalds — HTTP 500 from crew.test: person 10 is locked"))
        #expect(text.contains("R retries the failed"))
        let lines = text.split(separator: "\n")
        let failedAt = try #require(lines.firstIndex { $0.contains("Failed (10)") })
        let doneAt = try #require(lines.firstIndex { $0.contains("Done (90)") })
        #expect(failedAt < doneAt, "the failed come first")
        #expect(model.bulkItem(forRowID: "1")?.record["status"] == .string("closed"), "a done record is the server's answer")

        await api.setFailing { $0 == 20 }
        press("R", on: controller)
        #expect(await model.settled())
        #expect(await api.writes.count == 110, "only the 10 failed are sent again")
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("close: 99 done, 1 failed"))

        controller.handle(.key(.escape))
        #expect(controller.marks.ids == ["20"], "the done are unmarked, the failed stay marked")
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("1 marked"))
    }

    @Test("n cancels: nothing sent, the marks kept; an action whose when leaves out every marked record says so")
    func cancelAndWhen() async throws {
        let api = try CrewWrites(count: 30) { _ in false }
        let toml = Self.toml.replacingOccurrences(of: "confirm = true", with: "confirm = true\nwhen = 'team == \"C\"'")
        let model = try makeCrew(api.crew, toml: toml, database: nil)
        model.actionState.session = ActionSession(runner: ActionRunner(source: model.source, endpoint: try #require(model.endpoint), client: api, sleep: { _ in }))
        let controller = ScreenController(sources: [model], size: size, busy: model.busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await model.settled())
        press(" ", on: controller)
        press("x", on: controller)
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains(#"'close' applies to none of the 1 marked records (when = 'team == "C"')"#))

        let (plain, _) = try await screen(api)
        press(" ", on: plain)
        press("x", on: plain)
        press("n", on: plain)
        #expect(plain.mode == .browsing)
        #expect(plain.marks.count == 1)
        #expect(await api.writes.isEmpty)
    }

    @Test("While a run goes: the status line counts it, and each row's mark shows it pending, then done or failed")
    func pendingRows() async throws {
        let (controller, model) = try await screen(try CrewWrites(count: 30) { _ in false })
        let performer = FakePerformer(failing: ["2"])
        await performer.hold()
        let items = (1...6).compactMap { model.bulkItem(forRowID: "\($0)") }
        let action = try #require(model.recordActions.first)
        let run = BulkRun(action: action, inputs: [:], sourceID: model.id, items: items, performer: performer, busy: model.busy, limit: 4)
        controller.bulk.run = run
        run.start()
        #expect(await poll(async: { await performer.heldCount == 4 }))
        var text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("close 0/6"))
        #expect(text.contains("… Grace Lovelace") && text.contains("… Grace Hopper"), "every record of the run waits")
        for _ in 0..<6 { await performer.release() }
        #expect(await settle({ model.busy.isIdle }, limit: 200_000))
        text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("✓ Grace Lovelace") && text.contains("✗ Linus Lovelace"))
        #expect(!text.contains("close 6/6"), "no progress once it ended")
    }

    @Test("Read-only refuses a bulk write before asking, naming the setting; nothing is sent")
    func readOnly() async throws {
        let api = try CrewWrites(count: 30) { _ in false }
        let (controller, model) = try await screen(api)
        let endpoint = try #require(model.endpoint)
        model.actionState.session = ActionSession(runner: ActionRunner(
            source: model.source, endpoint: endpoint, client: api, readOnly: "--read-only", sleep: { _ in }))
        press(" ", on: controller)
        press("x", on: controller)
        #expect(controller.mode == .browsing)
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("rolo is read-only (--read-only): 'close' would send a PATCH"))
        #expect(await api.writes.isEmpty)
    }

    @Test("An action with inputs asks them once for every marked row, then the one question; each record gets the same")
    func inputsOnce() async throws {
        let api = try CrewWrites(count: 30) { _ in false }
        let toml = Self.toml
            .replacingOccurrences(of: #"body = { status = "closed" }"#, with: #"body = { status = "{input.to}" }"#)
            .replacingOccurrences(of: "confirm = true", with: #"inputs = [ { name = "to", title = "New status", kind = "choice", choices = ["closed", "open"] } ]"#)
        let model = try makeCrew(api.crew, toml: toml, database: nil)
        model.actionState.session = ActionSession(runner: ActionRunner(source: model.source, endpoint: try #require(model.endpoint), client: api, sleep: { _ in }))
        let controller = ScreenController(sources: [model], size: size, busy: model.busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await model.settled())
        for _ in 0..<3 { press(" ", on: controller) }
        press("x", on: controller)
        guard case .bulkForm = controller.mode else { Issue.record("no form: \(controller.mode)"); return }
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("New status"))
        controller.handle(.key(.right))
        controller.handle(.key(.enter))
        let asking = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(asking.contains("PATCH 3 records?") && asking.contains(#"{"status":"open"}"#), "\(asking)")
        press("y", on: controller)
        #expect(await model.settled())
        #expect(await api.bodies == Array(repeating: #"{"status":"open"}"#, count: 3))
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("close: 3 done"))
    }

    @Test("Esc while a run sends stops it: those sent end, the rest are 'not run', and R sends them")
    func stop() async throws {
        let (api, controller, model) = try await heldRun(marking: 10, held: 4)
        controller.handle(.key(.escape))
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("close: stopping"))
        #expect(controller.marks.count == 10, "Esc stopped the run; the marks stay")
        await api.hold(false)
        for _ in 0..<4 { await api.release() }
        #expect(await model.settled())
        #expect(await api.writes.count == 4)
        let text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("close: 4 done, 6 not run") && text.contains("Not run (6)"), "\(text)")
        press("R", on: controller)
        #expect(await model.settled())
        #expect(await api.writes.count == 10)
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("close: 10 done"))
    }

    @Test("The a menu with rows marked: the chosen action asks for all the marked rows, not the selected one")
    func menu() async throws {
        let api = try CrewWrites(count: 30) { _ in false }
        let (controller, _) = try await screen(api)
        for _ in 0..<5 { press(" ", on: controller) }
        press("a", on: controller)
        controller.handle(.key(.enter))
        #expect(controller.bulkPlan?.items.map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("PATCH 5 records?"))
    }

    @Test("A run that ends under the help: a line says so, and the results open once the help closes")
    func resultsWait() async throws {
        let (api, controller, model) = try await heldRun(marking: 1, held: 1)
        press("?", on: controller)
        await api.hold(false)
        await api.release()
        #expect(await model.settled())
        #expect(controller.helpScroll != nil, "the help keeps the keys")
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("close: 1 done — the results open when this closes"))
        controller.handle(.key(.escape))
        #expect(controller.bulkResultsScroll == 0)
    }
}
