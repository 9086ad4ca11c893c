import Foundation
@testable import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Pipedrive view-model: sync, stored persons, offline, search")
struct PipedriveViewModelTests {
    private func store() throws -> RoloDatabase {
        try RoloDatabase.inMemory()
    }

    /// The banners a model raised, in order.
    private func banners(of model: PipedriveViewModel) -> () -> [String] {
        var seen: [String] = []
        model.onEvent = { event in if case .banner(let text, _) = event { seen.append(text) } }
        return { seen }
    }

    @Test("First launch: pages of 10 are stored and shown until the account is whole")
    func firstLaunch() async throws {
        let account = FakePipedrive(persons: PipedriveSamples.persons(25))
        let store = try store()
        let model = makePipedrive(account, database: store)
        #expect(model.placeholder == .loading("Loading persons from Pipedrive…"))
        model.start()
        #expect(await model.settled())
        #expect(await account.requests == ["after 0 limit 10", "after 10 limit 10", "after 20 limit 10"])
        #expect(model.rowIDs == (1...25).map(String.init))
        #expect(model.entries.entry(at: 0).row?.cells == ["Jüri Tamm", "Org 1", "person1@example.com"])
        let stored = try PipedriveAccount(storedIn: store).store
        #expect(try await stored.count() == 25)
        #expect(try await stored.state()?.complete == true)
        #expect(model.lastUpdated == Sample.today)
        #expect(model.statusItems.isEmpty)
        #expect(model.placeholder == nil)
    }

    @Test("While pages are coming the status says how many are loaded and the list ends with “loading more…”")
    func progressWhileLoading() async throws {
        let account = FakePipedrive(persons: PipedriveSamples.persons(25))
        let model = makePipedrive(account, database: try store())
        await account.hold(1)
        await account.hold(1)
        model.start()
        #expect(await settle({ model.rowIDs.count == 0 }))
        // The first request is held; release it and wait for the second to be held.
        #expect(await settle(async: { await account.heldCount == 1 }, limit: 200_000))
        await account.release()
        #expect(await settle(async: { await account.heldCount == 1 && model.rowIDs.count == 10 }, limit: 200_000))
        #expect(model.statusItems == ["loaded 10…"])
        #expect(model.entries.entryCount == 11)
        #expect(model.entries.entry(at: 10) == .header("loading more…"))
        #expect(model.isLoading)
        await account.release()
        #expect(await model.settled())
        #expect(model.entries.entryCount == 25)
    }

    @Test("A later launch shows the stored persons before any answer, merges the refreshed ones page by page, and drops the gone at the end")
    func storedThenRefreshed() async throws {
        let store = try store()
        try await storePipedrive(PipedriveSamples.persons(15), in: store, at: Sample.today.addingTimeInterval(-7200))
        let account = FakePipedrive(persons: PipedriveSamples.persons(12, tag: " (new)"))
        await account.hold(2)
        let model = makePipedrive(account, database: store)
        model.start()
        // Shown from the database at once: nothing was answered yet.
        #expect(model.rowIDs == (1...15).map(String.init))
        #expect(await settle(async: { await account.heldCount == 1 }, limit: 200_000))
        await account.release()
        // One page of the refresh is merged: its persons changed in place, the rest still shown.
        #expect(await settle(async: { await account.heldCount == 1 }, limit: 200_000))
        // The rows read the store as they are drawn, so they can show the page before the
        // sync's progress reaches the model: both are waited for.
        #expect(await settle({ model.statusItems == ["refreshing: 10…"] }, limit: 200_000), "\(model.statusItems)")
        #expect(await settle({ model.entries.entry(at: 0).row?.cells.first == "Jüri Tamm (new)" }, limit: 200_000))
        #expect(model.rowIDs == (1...15).map(String.init))
        #expect(model.entries.entry(at: 10).row?.cells.first == "Jüri Õunapuu")
        await account.release()
        #expect(await model.settled())
        #expect(model.rowIDs == (1...12).map(String.init))
        #expect(model.entries.entry(at: 10).row?.cells.first == "Jüri Õunapuu (new)")
        #expect(try await PipedriveAccount(storedIn: store).store.state()?.refreshing == false)
    }

    @Test("Unreachable with stored persons: they stay, with “Offline — showing persons saved 2 h ago”")
    func offline() async throws {
        let store = try store()
        try await storePipedrive(PipedriveSamples.persons(15), in: store, at: Sample.today.addingTimeInterval(-7200))
        let account = FakePipedrive(persons: [])
        await account.fail(PipedriveSamples.unreachable)
        let model = makePipedrive(account, database: store)
        let banners = banners(of: model)
        model.start()
        #expect(await model.settled())
        #expect(model.rowIDs.count == 15)
        #expect(banners() == ["Offline — showing persons saved 2 h ago · r to retry"])
        #expect(model.isOffline)
        #expect(model.statusItems == ["offline · saved 2 h ago"])
        // r tries again; this time the account answers and the offline mark goes.
        await account.replace(PipedriveSamples.persons(3))
        model.refresh()
        #expect(await model.settled())
        #expect(!model.isOffline)
        #expect(model.rowIDs == ["1", "2", "3"])
    }

    @Test("Unreachable with nothing stored: the list says why, r retries")
    func unreachableFirstTime() async throws {
        let account = FakePipedrive(persons: PipedriveSamples.persons(3))
        await account.fail(PipedriveSamples.unreachable)
        let model = makePipedrive(account, database: try store())
        model.start()
        #expect(await model.settled())
        #expect(model.placeholder == .failed("Couldn't load persons. Can't reach acme.pipedrive.com — r to retry"))
        model.refresh()
        #expect(await model.settled())
        #expect(model.rowIDs == ["1", "2", "3"])
    }

    @Test("A refused token: the placeholder when nothing is stored, a banner over stored persons")
    func refusedToken() async throws {
        let account = FakePipedrive(persons: [])
        await account.fail(PipedriveSamples.unauthorized)
        let empty = makePipedrive(account, database: try store())
        empty.start()
        #expect(await empty.settled())
        #expect(empty.placeholder == .failed("Couldn't load persons. Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN"))

        let store = try store()
        try await storePipedrive(PipedriveSamples.persons(4), in: store, at: Sample.today)
        await account.fail(PipedriveSamples.unauthorized)
        let model = makePipedrive(account, database: store)
        let banners = banners(of: model)
        model.start()
        #expect(await model.settled())
        #expect(banners() == ["Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN"])
        #expect(model.rowIDs.count == 4)
        #expect(!model.isOffline)
    }

    @Test("Without a token the tab says how to set one and asks for nothing")
    func unconfigured() async throws {
        let model = makePipedrive(nil, database: try store())
        model.start()
        #expect(model.placeholder == .unconfigured("Set your Pipedrive API token"))
        #expect(!model.isConfigured)
        #expect(!model.isLoading)
    }

    @Test("A search is answered from the database, ignoring case and accents, and cleared by nil")
    func search() async throws {
        let store = try store()
        try await storePipedrive(PipedriveSamples.persons(40), in: store, at: Sample.today)
        let account = FakePipedrive(persons: PipedriveSamples.persons(40))
        let model = makePipedrive(account, database: store)
        model.start()
        #expect(await model.settled())
        model.setSearch("OUNAPUU")
        #expect(await model.settled())
        #expect(model.rowIDs == (10...19).map(String.init))
        #expect(model.entries.rowCount == 10)
        #expect(model.entries.index(ofRowID: "12") == 2)
        #expect(model.entries.index(ofRowID: "3") == nil)
        model.setSearch("person33@")
        #expect(await model.settled())
        #expect(model.rowIDs == ["33"])
        model.setSearch("nobody")
        #expect(await model.settled())
        #expect(model.placeholder == .empty("No person matches “nobody” — Esc clears the search"))
        model.setSearch(nil)
        #expect(model.rowIDs.count == 40)
    }

    @Test("A query: field terms, a comparison and a sort, and a mistake said while the rest applies")
    func query() async throws {
        let store = try store()
        try await storePipedrive(PipedriveSamples.persons(40), in: store, at: Sample.today)
        let model = makePipedrive(FakePipedrive(persons: PipedriveSamples.persons(40)), database: store)
        model.start()
        #expect(await model.settled())
        model.setSearch("name:ounapuu id>=15 sort:-id")
        #expect(await model.settled())
        #expect(model.rowIDs == ["19", "18", "17", "16", "15"])
        #expect(model.searchProblems.isEmpty, "\(model.searchProblems)")
        model.setSearch("-name:ounapuu naem:x id<4")
        #expect(await model.settled())
        #expect(model.rowIDs == ["1", "2", "3"])
        #expect(model.searchProblems.first?.hasPrefix("no field 'naem' — name") == true, "\(model.searchProblems)")
        model.setSearch(nil)
        #expect(model.searchProblems.isEmpty)
        #expect(model.rowIDs.count == 40)
    }

    @Test("The detail: organisation, labelled phones and emails, owner, open deals, local times")
    func detail() async throws {
        let store = try store()
        let person = PipedrivePerson(
            id: "7", name: "Mari Tamm", firstName: "Mari", lastName: "Tamm",
            phones: [LabeledValue(value: "+372 5555 0001", label: "work", primary: true),
                     LabeledValue(value: "+372 5555 0002", label: "home")],
            emails: [LabeledValue(value: "mari@acme.ee", label: "work", primary: true)],
            organizationName: "Acme OÜ", organizationID: 3, ownerName: "Jaan Kask", ownerID: 9, openDeals: 2,
            addTime: Date(timeIntervalSince1970: 1_700_000_000), updateTime: Date(timeIntervalSince1970: 1_790_000_000))
        try await storePipedrive([person], in: store, at: Sample.today)
        let model = makePipedrive(nil, database: store)
        model.start()
        model.selectionChanged(to: "7")
        let blocks = model.detail(for: "7")
        #expect(blocks.dropFirst() == [
            .title("Mari Tamm"), .gap,
            .field(label: "Organisation", value: "Acme OÜ"),
            .field(label: "Phone (work)", value: "+372 5555 0001 · primary"),
            .field(label: "Phone (home)", value: "+372 5555 0002"),
            .field(label: "Email (work)", value: "mari@acme.ee"),
            .field(label: "Owner", value: "Jaan Kask"),
            .field(label: "Open deals", value: "2"),
            .field(label: "Added", value: "2023-11-15 00:13"),
            .field(label: "Updated", value: "2026-09-21 17:13"),
        ])
    }

    @Test("An organisation or owner with no name known (deleted, or not visible) shows its id, and nothing else about it")
    func detailUnnamed() async throws {
        let person = PipedrivePerson(id: "8", name: "", organizationID: 4, ownerID: 2)
        let blocks = PipedriveDetail.blocks(for: person, picture: Picture(initials: "?", colorSeed: 8), timeZone: Sample.zone)
        #expect(blocks.contains(.title("(no name)")))
        #expect(blocks.contains(.field(label: "Organisation", value: "organisation #4")))
        #expect(blocks.contains(.field(label: "Owner", value: "user #2")))
        #expect(blocks.contains(.field(label: "Phone", value: "—")))
        #expect(!blocks.contains { if case .field(label: "Open deals", _) = $0 { true } else { false } })
        #expect(!blocks.contains { if case .notice = $0 { true } else { false } })
    }

    @Test("A sync's status reads the same for every source on the engine: lookups, loaded or refreshing, a wait beside it")
    func syncStatus() {
        typealias Progress = RecordSync.Progress
        #expect(StatusText.sync(Progress(stored: 0, total: nil, finished: false, skipped: [], fetchingLookups: true), lookups: "lookups")
            == ["lookups…"])
        #expect(StatusText.sync(Progress(stored: 1_000, total: 5_000, finished: false, skipped: []), lookups: "lookups")
            == ["loaded 1,000 of 5,000…"])
        #expect(StatusText.sync(Progress(stored: 0, total: nil, waiting: 6.2, finished: false, skipped: []), lookups: "lookups")
            == ["rate limited, next in 7 s"], "nothing loaded and no total: only the wait")
        #expect(StatusText.sync(Progress(stored: 9, total: 20, waiting: 2, finished: false, skipped: [], listed: 4), lookups: "lookups")
            == ["refreshing: 4 of 20…", "rate limited, next in 2 s"])
        #expect(StatusText.sync(Progress(stored: 20, total: 20, finished: true, skipped: []), lookups: "lookups").isEmpty)
    }

    @Test("Numbers are grouped and ages said the human way")
    func formatting() {
        #expect(StatusText.grouped(100_000) == "100,000")
        #expect(StatusText.grouped(999) == "999")
        #expect(StatusText.grouped(1_234_567) == "1,234,567")
        #expect(StatusText.age(of: Sample.today.addingTimeInterval(-7200), now: Sample.today, timeZone: Sample.zone) == "2 h ago")
        #expect(StatusText.age(of: Sample.today.addingTimeInterval(-86_400 * 40), now: Sample.today, timeZone: Sample.zone) == "on 9 Oct")
    }
}
