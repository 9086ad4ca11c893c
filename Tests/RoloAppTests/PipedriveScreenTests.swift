import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Pipedrive on screen: snapshots, and 100,000 stored persons", .temporaryDirectories)
struct PipedriveScreenTests {
    private let size = Size(width: 100, height: 30)

    private func screen(_ model: PipedriveViewModel, size: Size? = nil) async -> ScreenController {
        let controller = ScreenController(sources: [model], size: size ?? self.size, busy: model.busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await model.settled())
        return controller
    }

    @Test("100×30: the list with organisation and email columns, the detail with every field")
    func listSnapshot() async throws {
        let model = makePipedrive(FakePipedrive(persons: PipedriveSamples.persons(25)), database: try RoloDatabase.inMemory())
        let controller = await screen(model)
        controller.perform(.moveDown)
        let canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(canvas, named: "pipedrive-list-100x30")
        #expect(canvas.text.contains("pipedrive │ 25 persons │ 2/25"))
        #expect(canvas.text.contains("Owner         Owner 0"))
    }

    @Test("100×30: stored persons under the offline banner, and the status says since when")
    func offlineSnapshot() async throws {
        let store = try RoloDatabase.inMemory()
        try await storePipedrive(PipedriveSamples.persons(25), in: store, at: Sample.today.addingTimeInterval(-7200))
        let account = FakePipedrive(persons: [])
        await account.fail(PipedriveSamples.unreachable)
        let controller = await screen(makePipedrive(account, database: store))
        let canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(canvas, named: "pipedrive-offline-100x30")
        #expect(canvas.text.contains("Offline — showing persons saved 2 h ago"))
        #expect(canvas.text.contains("offline · saved 2 h ago"))
    }

    @Test("100×30: no token — the tab says how to set one")
    func unconfiguredSnapshot() async throws {
        let model = PipedriveViewModel(
            http: nil, token: nil,
            unconfigured: "Set your Pipedrive API token: export PIPEDRIVE_API_TOKEN=…, or api_token in the config file (chmod 600)",
            api: .v2, database: try RoloDatabase.inMemory(), busy: BusyTracker(), pictures: nil,
            imageLoader: nil, gravatarBase: URL(string: "https://gravatar.test/avatar/")!, now: { Sample.today }, timeZone: Sample.zone)
        let controller = await screen(model)
        let canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(canvas, named: "pipedrive-unconfigured-100x30")
        #expect(canvas.text.contains("PIPEDRIVE_API_TOKEN"))
    }

    /// 100,000 persons stored in a WAL file, as a big account leaves them: the screen reads only
    /// what it draws. Not timed here (machines differ); `make bench` measures it.
    @Test("100,000 stored: the first frame, End, the position, a search and back, all from the database")
    func hundredThousand() async throws {
        let folder = try TemporaryDirectory.scoped("rolo-pipedrive")
        let store = try RoloDatabase(dataDirectory: folder.path)
        let records = try PipedriveAccount(storedIn: store).store
        for page in 0..<20 {
            let persons = (page * 5000 + 1...(page + 1) * 5000).map { n in
                PipedrivePerson(id: String(n), name: n == 99_999 ? "Zoë Needle" : "Person \(n)")
            }
            try await records.append(
                RecordPage(records: persons.map { JSONRecord(id: $0.id, value: $0.v1JSON) }, next: nil), at: Sample.today)
        }
        // Offline, so the stored list is what is shown.
        let account = FakePipedrive(persons: [])
        await account.fail(PipedriveSamples.unreachable)
        let model = makePipedrive(account, database: store)
        let controller = await screen(model)
        var text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("100000 persons │ 1/100000"))
        #expect(text.contains("Person 1 "))
        controller.perform(.last)
        text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("100000/100000"))
        #expect(text.contains("Person 100000"))
        #expect(controller.sourceUI.selectedID == "100000")

        controller.perform(.search)
        for character in "zoe" { controller.handle(.key(.character(character))) }
        #expect(await model.settled())
        controller.perform(.acceptSearch)
        text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("1 matching │ 1/1"))
        #expect(controller.sourceUI.selectedID == "99999")

        controller.perform(.clearSearch)
        text = controller.render(theme: .monochrome, glyphs: .unicode).text
        // The selection stays on the person found, now at their place in the whole list.
        #expect(text.contains("99999/100000"))
        #expect(controller.sourceUI.selectedID == "99999")
    }
}
