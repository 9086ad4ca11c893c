import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Pipedrive view-model: organisation and owner names for v2's ids")
struct PipedriveNamesTests {
    static let names = PipedriveNames(organizations: [1: "Acme", 2: "Globex", 3: "Initech"], users: [1: "Olive Owner", 2: "Mart Müüja"])

    /// Person `n` as v2 sends it: organisation and owner by id only (n % 3 + 1, n % 2 + 1;
    /// every 5th has no organisation).
    static func person(_ n: Int) -> PipedrivePerson {
        var person = PipedriveSamples.person(n)
        person.organizationName = nil
        person.ownerName = nil
        return person
    }

    @Test("Stored names fill v2's ids in the list's Organisation column and in the detail; an unknown id shows as the id")
    func storedNames() async throws {
        let store = PersonStore<PipedrivePerson>(database: try RoloDatabase.inMemory())
        var gone = Self.person(2)
        gone.organizationID = 9
        gone.ownerID = 7
        try await storePipedrive([Self.person(1), gone], in: store, at: Sample.today)
        try await PipedriveNameStore(database: store.database).replace(with: Self.names, refolding: [])
        let model = makePipedrive(nil, store: store)
        model.start()
        #expect(model.entries.entry(at: 0).row?.cells == ["Jüri Tamm", "Globex", "person1@example.com"])
        #expect(model.entries.entry(at: 1).row?.cells == ["Анна Tamm", "organisation #9", "person2@example.com"])
        model.selectionChanged(to: "1")
        let named = model.detail(for: "1")
        #expect(named.contains(.field(label: "Organisation", value: "Globex")))
        #expect(named.contains(.field(label: "Owner", value: "Mart Müüja")))
        model.selectionChanged(to: "2")
        let unnamed = model.detail(for: "2")
        #expect(unnamed.contains(.field(label: "Organisation", value: "organisation #9")))
        #expect(unnamed.contains(.field(label: "Owner", value: "user #7")))
        #expect(!unnamed.contains { if case .notice = $0 { true } else { false } })
    }

    @Test("While names are fetched the status says so; names refused on their own are a banner, and the persons still load")
    func namesStatusAndRefusal() async throws {
        let persons = (1...12).map(Self.person)
        let account = FakePipedrive(persons: persons)
        let gate = NamesGate()
        let model = makePipedrive(account, store: PersonStore(database: try RoloDatabase.inMemory()), fetchNames: { _, _, _ in
            await gate.wait()
            throw FetchError(kind: .httpStatus(403), endpoint: "acme.pipedrive.com", message: "Pipedrive says: forbidden", detail: "403")
        })
        var banners: [String] = []
        model.onEvent = { if case .banner(let text, _) = $0 { banners.append(text) } }
        model.start()
        #expect(await settle(async: { await gate.waiting }, limit: 200_000))
        #expect(model.statusItems == ["names of organisations and owners…"])
        await gate.open()
        #expect(await model.settled())
        #expect(banners == ["Organisation and owner names couldn't be fetched: Pipedrive says: forbidden"])
        #expect(model.rowIDs == (1...12).map(String.init))
        #expect(model.entries.entry(at: 0).row?.cells[1] == "organisation #2")
    }

    @Test("Names fetched by a sync re-read the rows already shown, the selected detail, and make organisations searchable")
    func namesArrive() async throws {
        let persons = (1...12).map(Self.person)
        let store = PersonStore<PipedrivePerson>(database: try RoloDatabase.inMemory())
        // Stored whole by a rolo that kept no names.
        try await storePipedrive(persons, in: store, at: Sample.today.addingTimeInterval(-7200))
        let account = FakePipedrive(persons: persons)
        await account.hold(1)
        let names = Self.names
        let model = makePipedrive(account, store: store, fetchNames: { kind, _, _ in
            (PipedriveNamePage(names: names[kind]), RateLimit(remaining: 100, resetSeconds: 2))
        })
        model.start()
        model.selectionChanged(to: "4")
        #expect(model.entries.entry(at: 0).row?.cells[1] == "organisation #2")
        #expect(model.detail(for: "4").contains(.field(label: "Owner", value: "user #1")))

        // The names land first; the persons' refresh is held at its first request.
        #expect(await settle(async: { await account.heldCount == 1 }, limit: 200_000))
        #expect(await settle({ model.entries.entry(at: 0).row?.cells[1] == "Globex" }, limit: 200_000))
        #expect(model.entries.entry(at: 2).row?.cells[1] == "Acme")
        #expect(model.detail(for: "4").contains(.field(label: "Owner", value: "Olive Owner")))
        model.setSearch("globex")
        #expect(await settle({ model.rowIDs == ["1", "4", "7"] }, limit: 200_000))

        await account.release()
        #expect(await model.settled())
        #expect(model.rowIDs == ["1", "4", "7"])
        #expect(try PipedriveNameStore(database: store.database).names(organizations: [2], users: []).organizations == [2: "Globex"])
    }
}

/// Holds a names request until the test opens it.
private actor NamesGate {
    private let held = HeldRequests()
    var waiting: Bool { held.count > 0 }

    func wait() async {
        await held.hold()
    }

    /// Lets the held request go on, waiting (bounded) for it to be made.
    func open(sourceLocation: SourceLocation = #_sourceLocation) async {
        await held.release(sourceLocation: sourceLocation)
    }
}
