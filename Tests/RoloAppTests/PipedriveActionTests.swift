import Foundation
@testable import RoloApp
import RoloCore
import TerminalUI
import Testing

@MainActor
@Suite("Pipedrive's [[actions]]: the person is the record, the token goes in its header, the list syncs after")
struct PipedriveActionTests {
    /// A note action on Pipedrive persons, as a user writes it.
    static let toml = #"""
        [[actions]]
        source = "pipedrive"
        name = "note"
        key = "N"
        title = "Add a note"
        method = "POST"
        url = "/v1/notes"
        body = { person_id = "{id}", content = "{input.text}" }
        inputs = [ { name = "text", title = "Note", kind = "text" } ]
        """#

    @Test("N asks the note, POSTs it with the person's id and the token header, and the list is fetched again")
    func note() async throws {
        var settings = try CrewSamples.settings(Self.toml)
        settings.pipedriveURL = URL(string: "https://acme.pipedrive.com")
        settings.pipedriveToken = "t0k3n"
        let account = FakePipedrive(persons: PipedriveSamples.persons(3))
        let model = makePipedrive(account, database: nil)
        let api = try CrewWithWrites(count: 1)
        model.recordActions = settings.configuredSources.actions(of: "pipedrive")
        model.actionState.session = PipedriveViewModel.actionSession(settings, http: api)
        let controller = ScreenController(sources: [model], size: Size(width: 100, height: 30), busy: model.busy,
                                          now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await model.settled())
        let pagesBefore = await account.requests.count
        await api.answer(.init(status: 201, body: #"{"success": true, "data": {"id": 9}}"#))
        controller.handle(.key(.character("N")))
        for character in "call back" { controller.handle(.key(.character(character))) }
        controller.handle(.key(.enter))
        #expect(await model.settled())
        let sent = try #require(await api.writes.first)
        #expect(sent.method == "POST" && sent.url.absoluteString == "https://acme.pipedrive.com/v1/notes")
        #expect(sent.headers["x-api-token"] == "t0k3n")
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self) == #"{"content":"call back","person_id":"1"}"#)
        #expect(await account.requests.count > pagesBefore)
        #expect(controller.notice?.text == "Add a note: done")
    }

    @Test("With no [[actions]] of the user's, the tab has rolo's shipped note, sent beside the persons list as rolo act sends it")
    func shippedNote() async throws {
        var settings = try CrewSamples.settings("")
        settings.pipedriveURL = URL(string: "https://acme.example/pipedrive")
        settings.pipedriveToken = "t0k3n"
        let account = FakePipedrive(persons: PipedriveSamples.persons(3))
        let model = makePipedrive(account, database: nil)
        let api = try CrewWithWrites(count: 1)
        model.recordActions = settings.configuredSources.actions(of: "pipedrive")
        #expect(model.recordActions.map(\.name) == ["note"])
        model.actionState.session = PipedriveViewModel.actionSession(settings, http: api)
        let controller = ScreenController(sources: [model], size: Size(width: 100, height: 30), busy: model.busy,
                                          now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await model.settled())
        await api.answer(.init(status: 201, body: #"{"success": true, "data": {"id": 9}}"#))
        controller.handle(.key(.character("N")))
        for character in "hi" { controller.handle(.key(.character(character))) }
        controller.handle(.key(.enter))
        #expect(await model.settled())
        let sent = try #require(await api.writes.first)
        #expect(sent.method == "POST" && sent.url.absoluteString == "https://acme.example/pipedrive/v1/notes")
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self) == #"{"content":"hi","person_id":"1"}"#)
    }

    @Test("Marks on Pipedrive: a refresh that no longer lists a person drops their mark, and keeps the others'")
    func marksPruned() async throws {
        let settings = try CrewSamples.settings("")
        let persons = PipedriveSamples.persons(5)
        let account = FakePipedrive(persons: persons)
        let model = makePipedrive(account, database: try RoloDatabase.inMemory())
        model.recordActions = settings.configuredSources.actions(of: "pipedrive")
        let controller = ScreenController(sources: [model], size: Size(width: 100, height: 30), busy: model.busy,
                                          now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await model.settled())
        let first = try #require(controller.sourceUI.selectedID)
        controller.handle(.key(.character(" ")))
        controller.perform(.last)
        let last = try #require(controller.sourceUI.selectedID)
        controller.handle(.key(.character(" ")))
        #expect(controller.marks.ids == [first, last])
        await account.replace(persons.filter { $0.id != last })
        model.refresh()
        #expect(await model.settled())
        #expect(controller.marks.ids == [first], "\(last) is gone")
    }
}
