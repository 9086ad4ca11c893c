import Foundation
@testable import RoloApp
import RoloCore
import TerminalUI
import Testing

/// A configured source's actions on the screen, with fakes: the menu, the form, the
/// confirmation, the pending mark, what the answer does to the row, failures, 429s, read-only.
@MainActor
@Suite("Actions on the screen: menu, form, confirmation, pending, outcomes")
struct RecordActionScreenTests {
    private let size = Size(width: 100, height: 30)

    private func screen(_ model: RecordListModel) async -> ScreenController {
        await crewScreen(model, size: size)
    }

    private func type(_ text: String, into controller: ScreenController) {
        for character in text { controller.handle(.key(.character(character))) }
    }

    private func text(_ controller: ScreenController) -> String {
        controller.render(theme: .monochrome, glyphs: .unicode).text
    }

    @Test("a: the actions that apply to the row, the write marked; its key runs one; Esc closes")
    func menu() async throws {
        let api = try CrewWithWrites(count: 4)
        let controller = await screen(try CrewActions.model(api))
        controller.handle(.key(.character("a")))
        guard case .actionMenu(let rowID, let names, _) = controller.mode else {
            Issue.record("no menu: \(controller.mode)")
            return
        }
        #expect(rowID == "1")
        // Person 1 is in team A: drop (when team == "B") doesn't apply.
        #expect(names == ["move", "touch", "hello"])
        assertSnapshot(controller.render(theme: .monochrome, glyphs: .unicode), named: "actions-menu-100x30")
        controller.handle(.key(.down))
        controller.handle(.key(.escape))
        #expect(controller.mode == .browsing)
        controller.handle(.key(.character("a")))
        controller.handle(.key(.character("T")))
        guard case .actionForm(let form) = controller.mode else {
            Issue.record("T in the menu didn't open the form: \(controller.mode)")
            return
        }
        #expect(form.action.name == "move")
    }

    @Test("The form, then the confirmation naming the record and the request; y sends; the answer is the row, pending until then")
    func formConfirmPendingUpdate() async throws {
        let api = try CrewWithWrites(count: 4)
        let database = try RoloDatabase.inMemory()
        let model = try CrewActions.model(api, database: database)
        let controller = await screen(model)
        controller.handle(.key(.character("T")))
        type("moving", into: controller)
        controller.handle(.key(.left))
        controller.handle(.key(.backspace))
        controller.handle(.key(.tab))
        controller.handle(.key(.right))
        assertSnapshot(controller.render(theme: .monochrome, glyphs: .unicode), named: "actions-form-100x30")
        controller.handle(.key(.enter))
        guard case .actionConfirm(let request) = controller.mode else {
            Issue.record("no confirmation: \(controller.mode)")
            return
        }
        #expect(request.label == "Grace Lovelace")
        #expect(request.request.hasPrefix("PATCH https://crew.test/people/1 {"))
        #expect(request.request.contains(#""note":"movig""#) && request.request.contains(#""team":"B""#))
        assertSnapshot(controller.render(theme: .monochrome, glyphs: .unicode), named: "actions-confirm-100x30")

        await api.holdNext()
        await api.answer(.init(status: 200, body: CrewActions.person(1, team: "B")))
        controller.handle(.key(.character("y")))
        #expect(controller.mode == .browsing)
        #expect(await poll { model.actionState.pending.isRunning("move", on: "1") })
        #expect(await settle(async: { await api.heldCount == 1 }))
        // The row shows it pending at once; a second press says so and sends nothing.
        let marked = controller.entriesWithPendingMarks(glyphs: .ascii)
        #expect(marked.markerWidth == 2 && marked.entries.entry(at: 0).row?.marker != nil && marked.entries.entry(at: 1).row?.marker == nil)
        controller.handle(.key(.character("T")))
        #expect(controller.mode == .browsing)
        #expect(text(controller).contains("Move to a team is still pending on Grace Lovelace"))
        await api.release()
        #expect(await model.settled())
        #expect(model.actionRecord(for: "1")?.value(at: JSONPath("team"))?.text == "B")
        #expect(text(controller).contains("Move to a team: done"))
        #expect(await api.writes.count == 1)
        // Kept in the store: a new run over the same database shows the answer.
        let stored = try await RecordStore(database: database, source: model.source).record(id: "1")
        #expect(stored?.value.value(at: JSONPath("team"))?.text == "B")
    }

    @Test("A failure leaves the row as it was, flashes it and says why in the banner")
    func failureFlipsBack() async throws {
        let api = try CrewWithWrites(count: 4)
        let model = try CrewActions.model(api)
        let controller = await screen(model)
        await api.answer(.init(status: 422, body: #"{"error": "team C is full"}"#))
        controller.handle(.key(.character("T")))
        controller.handle(.key(.tab))
        controller.handle(.key(.right))
        controller.handle(.key(.right))
        controller.handle(.key(.enter))
        controller.handle(.key(.enter))
        #expect(await poll { controller.banner != nil })
        #expect(model.flashingRowID == "1")
        #expect(controller.banner?.message == "Move to a team failed: HTTP 422 from crew.test: team C is full")
        #expect(controller.banner?.isError == true)
        #expect(model.actionRecord(for: "1")?.value(at: JSONPath("team"))?.text == "A")
        #expect(await model.settled())
        #expect(model.actionState.pending.isEmpty)
    }

    @Test("A 429 is waited out and sent again; the second answer decides")
    func rateLimitedThenDone() async throws {
        let api = try CrewWithWrites(count: 4)
        let model = try CrewActions.model(api)
        let controller = await screen(model)
        await api.answer(.init(status: 429, body: "", headers: ["retry-after": "2"]), .init(status: 200, body: CrewActions.person(1, team: "C")))
        controller.handle(.key(.character("T")))
        type("full", into: controller)
        controller.handle(.key(.enter))
        controller.handle(.key(.right))
        controller.handle(.key(.right))
        controller.handle(.key(.enter))
        controller.handle(.key(.enter))
        #expect(await model.settled())
        #expect(await api.writes.count == 2)
        #expect(model.actionRecord(for: "1")?.value(at: JSONPath("team"))?.text == "C")
        #expect(controller.banner == nil)
    }

    @Test("then = remove drops the row and the stored record; a when that doesn't hold says why")
    func removeAndWhen() async throws {
        let api = try CrewWithWrites(count: 4)
        let database = try RoloDatabase.inMemory()
        let model = try CrewActions.model(api, database: database)
        let controller = await screen(model)
        controller.handle(.key(.character("D")))
        #expect(text(controller).contains(#"'drop' doesn't apply to this record (when = 'team == "B"')"#))
        #expect(await api.writes.isEmpty)
        controller.perform(.moveDown)
        await api.answer(.init(status: 204, body: ""))
        controller.handle(.key(.character("D")))
        #expect(await model.settled())
        #expect(model.rowIDs == ["1", "3", "4"])
        #expect(try await RecordStore(database: database, source: model.source).record(id: "2") == nil)
        #expect(await api.writes.map(\.method) == ["DELETE"])
    }

    @Test("then = refetch fetches the record again from its detail_url")
    func refetch() async throws {
        let api = try CrewWithWrites(count: 4)
        let model = try CrewActions.model(api)
        let controller = await screen(model)
        await api.answer(.init(status: 204, body: ""))
        controller.handle(.key(.character("U")))
        #expect(await model.settled())
        #expect(await api.writes.map { "\($0.method) \($0.url.absoluteString)" } == ["POST https://crew.test/people/1/seen"])
        #expect(model.record(withID: "1")?.value.value(at: JSONPath("bio"))?.text == "Crew member 1")
    }

    @Test("Read-only: a write is refused in the banner naming the setting, nothing sent, no form")
    func readOnly() async throws {
        let api = try CrewWithWrites(count: 4)
        let controller = await screen(try CrewActions.model(api, readOnly: "--read-only"))
        controller.handle(.key(.character("T")))
        #expect(controller.mode == .browsing)
        #expect(controller.banner?.message == "rolo is read-only (--read-only): 'move' would send a PATCH — turn read-only off to act")
        #expect(await api.writes.isEmpty)
        assertSnapshot(controller.render(theme: .monochrome, glyphs: .unicode), named: "actions-read-only-100x30")
    }

    @Test("A source whose actions have no session (its URL can't be made) says so rather than open a form for nothing")
    func noSession() async throws {
        let api = try CrewWithWrites(count: 4)
        let model = try CrewActions.model(api)
        model.actionState.session = nil
        let controller = await screen(model)
        controller.handle(.key(.character("T")))
        #expect(controller.mode == .browsing)
        #expect(controller.banner?.message == "Move to a team: Crew can't be reached as configured, so its actions can't run")
    }

    @Test("An output command: its output and exit status in an overlay, the record's values as $1")
    func outputCommand() async throws {
        let api = try CrewWithWrites(count: 4)
        let model = try CrewActions.model(api)
        let controller = await screen(model)
        controller.handle(.key(.character("H")))
        #expect(await poll(within: .seconds(60)) { if case .actionOutput = controller.mode { true } else { false } })
        #expect(await model.settled())
        assertSnapshot(controller.render(theme: .monochrome, glyphs: .unicode), named: "actions-output-100x30")
        #expect(text(controller).contains("hi Grace"))
        controller.handle(.key(.escape))
        #expect(controller.mode == .browsing)
    }

    @Test("The footer shows the row's actions; ? lists every action with its key, writes marked")
    func footerAndHelp() async throws {
        let api = try CrewWithWrites(count: 4)
        let controller = await screen(try CrewActions.model(api))
        let footer = controller.render(theme: .monochrome, glyphs: .unicode).lines.last ?? ""
        #expect(footer.contains("T Move to a team") && footer.contains("H Say hello") && !footer.contains("Drop"))
        assertSnapshot(controller.render(theme: .monochrome, glyphs: .unicode), named: "actions-footer-100x30")
        controller.handle(.key(.character("?")))
        let help = controller.helpLines().map(\.text)
        #expect(help.contains("Actions of Crew"))
        #expect(help.contains { $0.contains("D") && $0.hasSuffix("Drop from the crew (writes)") })
        #expect(help.contains { $0.hasSuffix("Say hello") })
        #expect(help.contains { $0.contains("a ") && $0.contains("Act on the selected row") })
        controller.perform(.pageDown)
        controller.perform(.pageDown)
        assertSnapshot(controller.render(theme: .monochrome, glyphs: .unicode), named: "actions-help-100x30")
    }
}

@Suite("An action's key from [keys], and rolo keys' list of actions")
struct RecordActionKeysTests {
    @Test("[keys] move = \"M\" gives the action named move that key; a clash with rolo's keys names the [keys] line")
    func remapByName() throws {
        var settings = try CrewSamples.settings(CrewSamples.toml(CrewActions.toml) + "\n\n[keys]\nmove = \"M\"\n")
        _ = try RoloKeys.table(for: &settings)
        #expect(settings.configuredSources.actions(of: "crew").first { $0.name == "move" }?.key == "M")
        var clash = try CrewSamples.settings(CrewSamples.toml(CrewActions.toml) + "\n\n[keys]\nmove = \"r\"\n")
        #expect(throws: ConfigError.self) { _ = try RoloKeys.table(for: &clash) }
        do {
            _ = try RoloKeys.table(for: &clash)
        } catch {
            #expect(error.message.contains("line") && error.message.contains("'r' for action 'move'"))
        }
    }

    @Test("rolo keys lists each source's actions, the writes marked")
    func listing() throws {
        let settings = try CrewSamples.settings(CrewSamples.toml(CrewActions.toml))
        let listing = RoloKeys.actionListing(settings.configuredSources, catalog: SourceRegistry.catalog(settings.configuredSources)) ?? ""
        #expect(listing.contains("Actions of crew ([[sources.actions]]):"))
        #expect(listing.contains("move") && listing.contains("Move to a team (writes)"))
        #expect(listing.contains("Say hello") && !listing.contains("Say hello (writes)"))
    }
}
