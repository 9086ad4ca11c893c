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
        let store = try RoloDatabase.inMemory()
        var gone = Self.person(2)
        gone.organizationID = 9
        gone.ownerID = 7
        try await storePipedrive([Self.person(1), gone], in: store, at: Sample.today)
        try await Self.storeNames(Self.names, in: store)
        let model = makePipedrive(nil, database: store)
        model.start()
        // The names are read off the main actor.
        #expect(await model.settled())
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
        let account = FakePipedrive(persons: persons, names: Self.names)
        let forbidden = PipedriveHTTP.error(
            FetchError(kind: .httpStatus(403), endpoint: "", message: "forbidden", detail: ""), at: "api/v2/organizations")
        await account.failNames(forbidden)
        await account.holdNames(1)
        let model = makePipedrive(account, database: try RoloDatabase.inMemory())
        var banners: [String] = []
        model.onEvent = { if case .banner(let text, _) = $0 { banners.append(text) } }
        model.start()
        #expect(await settle(async: { await account.heldNamesCount == 1 }, limit: 200_000))
        #expect(model.statusItems == ["names of organisations and owners…"])
        await account.releaseNames()
        #expect(await model.settled())
        #expect(banners == ["Organisation and owner names couldn't be fetched: \(forbidden.message)"])
        #expect(forbidden.message.hasPrefix("Pipedrive says: forbidden"))
        #expect(model.rowIDs == (1...12).map(String.init))
        #expect(model.entries.entry(at: 0).row?.cells[1] == "organisation #2")
    }

    @Test("Names fetched by a sync re-read the rows already shown, the selected detail, and make organisations searchable")
    func namesArrive() async throws {
        let persons = (1...12).map(Self.person)
        let store = try RoloDatabase.inMemory()
        // Stored whole by a rolo that kept no names.
        try await storePipedrive(persons, in: store, at: Sample.today.addingTimeInterval(-7200))
        let account = FakePipedrive(persons: persons, names: Self.names)
        await account.hold(1)
        let model = makePipedrive(account, database: store)
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
        let values = try await PipedriveAccount(storedIn: store).lookups.values()
        #expect(values.records["org"]?["2"]?["name"] == .string("Globex"))
    }

    /// Stores `names` as a sync stores the account's organisations and users.
    static func storeNames(_ names: PipedriveNames, in database: RoloDatabase) async throws {
        let lookups = try PipedriveAccount(storedIn: database).lookups
        for lookup in PipedriveNames.lookups {
            try await lookups.replace(lookup, with: PipedriveHTTP.nameRecords(names[lookup]))
        }
    }
}
