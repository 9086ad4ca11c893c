import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Directory view-model: loading, saving and failures", .temporaryDirectories)
struct DirectoryViewModelTests {
    private typealias S = DirectorySamples

    private static let expectedOutline = [
        "# Android", "Jüri Õun",
        "# iOS", "Liis Aas", "Mari Tamm ☎",
        "# PM", "Anna Kask",
        "# Web", "Peeter Termomeeter",
    ]

    @Test("Both cities load: merged, sectioned by position, sorted by last name, and saved")
    func bothLoad() async throws {
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let store = temporaryStore()
        let (model, busy) = makeDirectory(service, store: store)
        let log = EventLog()
        log.attach(to: model)
        #expect(model.placeholder == .loading("Loading the directory…"))
        model.start()
        #expect(model.isLoading)
        #expect(await settle { busy.isIdle })
        #expect(model.entries.outline == Self.expectedOutline)
        let mari = try #require(model.employee(withID: "mari tamm"))
        #expect(mari.projects == ["Tere", "Kiri", "Ilm"], "the cities' projects are merged")
        #expect(mari.email == S.mari.email, "the first city gives the email")
        #expect(model.entries.entry(at: 4).row == ListRow(id: "mari tamm", cells: ["Mari Tamm", S.mari.email, "+372 5555 1234"], marker: "☎"))
        #expect(model.entries.entry(at: 6).row?.cells == ["Anna Kask", S.anna.email, ""], "no phone is an empty cell")
        #expect(model.lastUpdated == Sample.today)
        guard case .loaded(let shown, stale: false) = model.state else { Issue.record("not loaded fresh"); return }
        #expect(shown.count == 5)
        #expect(log.banners.isEmpty)
        #expect(store.load() == .loaded(DirectorySnapshot(cities: [.init(url: S.tallinn, employees: S.tallinnList),
                                                                 .init(url: S.tartu, employees: S.tartuList)], savedAt: Sample.today)))
        #expect(await service.calls == 1)
    }

    @Test("One city fails over a saved answer: its saved people shown and marked, the banner names it, the save is kept")
    func oneCityFails() async throws {
        let store = temporaryStore()
        let saved = [DirectorySnapshot.City(url: S.tallinn, employees: [S.jyri]), .init(url: S.tartu, employees: [S.anna, S.mariInTartu])]
        try store.save(saved, at: Sample.today.addingTimeInterval(-3600))
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .failure(S.unreachable))
        let (model, busy) = makeDirectory(service, store: store)
        let log = EventLog()
        log.attach(to: model)
        model.start()
        #expect(await settle { busy.isIdle })
        #expect(model.entries.outline == ["# Android", "Jüri Õun", "# iOS", "Mari Tamm ☎", "# PM", "Anna Kask", "# Web", "Peeter Termomeeter"])
        #expect(log.banners.last == "Tartu didn't load — showing Tallinn, and Tartu as saved at 12:06; r to retry")
        #expect(model.savedPeople == ["anna kask": "Tartu"], "Mari is fresh from Tallinn; only Anna is Tartu's alone")
        #expect(model.columns.map(\.title) == ["Name", "Email", "", "Phone"])
        #expect(model.columns[2] == ListColumn("", .fixed(11), dim: true))
        #expect(model.entries.entry(at: 5).row?.cells == ["Anna Kask", S.anna.email, "saved 12:06", ""])
        #expect(model.entries.entry(at: 3).row?.cells == ["Mari Tamm", S.mari.email, "", "+372 5555 1234"], "a fresh row has no note")
        #expect(model.detail(for: "anna kask").contains(.notice("Saved 12:06: Tartu didn't answer this time", isError: false)))
        #expect(!model.detail(for: "mari tamm").contains { if case .notice = $0 { true } else { false } })
        guard case .loaded(_, stale: true) = model.state else { Issue.record("not marked stale"); return }
        #expect(model.savedAt == nil)
        #expect(store.load() == .loaded(DirectorySnapshot(cities: saved, savedAt: Sample.today.addingTimeInterval(-3600))),
                "a partial list never replaces the last complete one")
    }

    @Test("A city failing after a good load in this run: its people from that answer, marked; back when it answers")
    func failsAfterGoodLoad() async throws {
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let (model, busy) = makeDirectory(service, store: nil)
        let log = EventLog()
        log.attach(to: model)
        model.start()
        #expect(await settle { busy.isIdle })
        await service.answer(S.tartu, .failure(S.unreachable))
        model.refresh()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.entries.outline == Self.expectedOutline, "no one vanishes")
        #expect(model.savedPeople == ["anna kask": "Tartu", "liis aas": "Tartu"])
        #expect(log.banners.last == "Tartu didn't load — showing Tallinn, and Tartu as saved at 13:06; r to retry")
        await service.answer(S.tartu, .success(S.tartuList))
        model.refresh()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.savedPeople.isEmpty)
        #expect(model.columns.count == 3, "the saved column goes with the last saved row")
        // The answer repeats the last complete one, whose list isn't the one shown: made again.
        #expect(model.entries.outline == Self.expectedOutline)
        guard case .loaded(_, stale: false) = model.state else { Issue.record("not fresh"); return }
        #expect(model.employee(withID: "mari tamm")?.projects == ["Tere", "Kiri", "Ilm"])
    }

    @Test("The first city failing after a good load, with and without a save file: its people as it listed them",
          arguments: [false, true])
    func firstCityFailsLater(saving: Bool) async throws {
        let store = saving ? temporaryStore() : nil
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        var (model, busy) = makeDirectory(service, store: store)
        model.start()
        #expect(await settle { busy.isIdle })
        if store != nil {
            // A second start: the answer kept is the one read back from the file.
            (model, busy) = makeDirectory(service, store: store)
            await service.holdNextFetch()
            model.start()
            #expect(await settle { model.savedAt != nil })
            await service.release()
            #expect(await settle { busy.isIdle && !model.isLoading })
        }
        await service.answer(S.tallinn, .failure(S.unreachable))
        model.refresh()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.entries.outline == ["# Android", "Jüri Õun", "# iOS", "Liis Aas", "MARI tamm ☎", "# PM", "Anna Kask", "# Web", "Peeter Termomeeter"])
        #expect(model.savedPeople == ["jüri õun": "Tallinn", "peeter termomeeter": "Tallinn"])
        #expect(model.employee(withID: "jüri õun") == S.jyri)
        #expect(model.employee(withID: "peeter termomeeter") == S.peeter)
        #expect(model.employee(withID: "mari tamm") == S.mariInTartu, "Tartu's Mari, not the merge of both")
    }

    @Test("One city fails with nothing saved: the other's people only, the banner says so")
    func oneCityFailsNothingSaved() async throws {
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .failure(S.unreachable))
        let (model, busy) = makeDirectory(service)
        let log = EventLog()
        log.attach(to: model)
        model.start()
        #expect(await settle { busy.isIdle })
        #expect(model.entries.outline == ["# Android", "Jüri Õun", "# iOS", "Mari Tamm ☎", "# Web", "Peeter Termomeeter"])
        #expect(log.banners.last == "Tartu didn't load — showing Tallinn only; r to retry")
        #expect(model.savedPeople.isEmpty)
        #expect(model.columns.count == 3)
    }

    @Test("Both cities fail over a saved list: the generic banner, the saved list stays, stale")
    func bothFailOverSaved() async throws {
        let store = temporaryStore()
        try store.save([.init(url: S.tallinn, employees: S.tallinnList)], at: Sample.today.addingTimeInterval(-300))
        let service = FakeDirectoryService(tallinn: .failure(S.unreachable), tartu: S.invalidJSON)
        let (model, busy) = makeDirectory(service, store: store)
        let log = EventLog()
        log.attach(to: model)
        model.start()
        #expect(await settle { busy.isIdle })
        #expect(log.banners == [DirectoryOutcome.nothingLoaded])
        #expect(model.entries.outline == ["# Android", "Jüri Õun", "# iOS", "Mari Tamm ☎", "# Web", "Peeter Termomeeter"])
        guard case .loaded(_, stale: true) = model.state else { Issue.record("not stale"); return }
        #expect(model.statusItems.first == "saved data from 5 min ago")
        #expect(model.lastUpdated == Sample.today.addingTimeInterval(-300))
        #expect(model.placeholder == nil)
    }

    @Test("Both cities fail with nothing saved: the generic message; r retries and loads")
    func bothFailNothingSaved() async {
        let service = FakeDirectoryService(tallinn: S.invalidJSON, tartu: S.invalidJSON)
        let (model, busy) = makeDirectory(service)
        let log = EventLog()
        log.attach(to: model)
        model.start()
        #expect(await settle { busy.isIdle })
        #expect(model.placeholder == .failed("Couldn't load the directory — r to retry"))
        #expect(model.state.error != nil)
        #expect(log.banners.isEmpty, "the placeholder says it; no banner over nothing")
        await service.answer(S.tallinn, .success(S.tallinnList))
        await service.answer(S.tartu, .success(S.tartuList))
        model.refresh()
        #expect(await settle { busy.isIdle })
        #expect(model.entries.outline == Self.expectedOutline)
        #expect(model.placeholder == nil)
    }

    @Test("Invalid JSON from one city counts as that city failing")
    func invalidJSON() async {
        let service = FakeDirectoryService(tallinn: S.invalidJSON, tartu: .success(S.tartuList))
        let (model, busy) = makeDirectory(service)
        let log = EventLog()
        log.attach(to: model)
        model.start()
        #expect(await settle { busy.isIdle })
        #expect(log.banners == ["Tallinn didn't load — showing Tartu only; r to retry"])
        #expect(model.entries.outline == ["# iOS", "Liis Aas", "MARI tamm ☎", "# PM", "Anna Kask"])
    }

    @Test("The saved list shows at once, stale, while the cities are asked; then the answer replaces it")
    func savedFirst() async throws {
        let store = temporaryStore()
        try store.save([.init(url: S.tartu, employees: [S.anna, S.peeter])], at: Sample.today.addingTimeInterval(-2 * 3600))
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        await service.holdNextFetch()
        let (model, busy) = makeDirectory(service, store: store)
        model.start()
        #expect(await settle(async: { await service.isHolding }))
        // The save file is read and sorted off the main actor, beside the request.
        #expect(await settle { model.entries.entryCount > 0 })
        #expect(model.entries.outline == ["# PM", "Anna Kask", "# Web", "Peeter Termomeeter"])
        #expect(model.isLoading)
        guard case .loaded(_, stale: true) = model.state else { Issue.record("saved list not stale"); return }
        #expect(model.statusItems.first == "saved data from 2 h ago")
        #expect(model.lastUpdated == Sample.today.addingTimeInterval(-2 * 3600))
        await service.release()
        #expect(await settle { busy.isIdle })
        #expect(model.entries.outline == Self.expectedOutline)
        #expect(model.savedAt == nil)
        #expect(model.lastUpdated == Sample.today)
        #expect(model.statusItems == ["2 contacts"])
    }

    @Test("An answer that repeats the saved one keeps the list shown, now fresh, and saves it again with the new time")
    func answerRepeatsSaved() async throws {
        let store = temporaryStore()
        let cities = [DirectorySnapshot.City(url: S.tallinn, employees: S.tallinnList), .init(url: S.tartu, employees: S.tartuList)]
        try store.save(cities, at: Sample.today.addingTimeInterval(-2 * 3600))
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        await service.holdNextFetch()
        let (model, busy) = makeDirectory(service, store: store)
        model.start()
        #expect(await settle { model.savedAt != nil })
        model.setSearch("tamm")
        #expect(await settle { !model.isSearching })
        await service.release()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.entries.outline == ["# iOS", "Mari Tamm ☎"], "the search still applies")
        model.setSearch(nil)
        #expect(await settle { !model.isSearching })
        #expect(model.entries.outline == Self.expectedOutline)
        guard case .loaded(let shown, stale: false) = model.state else { Issue.record("not fresh"); return }
        #expect(shown.count == 5)
        #expect(model.savedAt == nil)
        #expect(model.lastUpdated == Sample.today)
        #expect(model.employee(withID: "mari tamm")?.projects == ["Tere", "Kiri", "Ilm"])
        #expect(store.load() == .loaded(DirectorySnapshot(cities: cities, savedAt: Sample.today)))
        // The answer kept is still the one that fills in a city that fails next.
        await service.answer(S.tallinn, .failure(S.unreachable))
        model.refresh()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.savedPeople == ["jüri õun": "Tallinn", "peeter termomeeter": "Tallinn"])
    }

    @Test("At a second start the answers are read once the saved file is, each given what its city gave then")
    func answersReadAfterSavedFile() async throws {
        let store = temporaryStore()
        try store.save([.init(url: S.tallinn, employees: S.tallinnList)], at: Sample.today.addingTimeInterval(-3600))
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let (model, busy) = makeDirectory(service, store: store)
        model.start()
        #expect(await settle { busy.isIdle })
        let kept = await service.kept
        #expect(kept[S.tallinn].map(Array.init) == S.tallinnList)
        #expect(kept[S.tartu] == nil, "nothing saved for Tartu")
        #expect(model.entries.outline == Self.expectedOutline)
    }

    @Test("r keeps the list shown while it loads")
    func refreshKeepsList() async {
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let (model, busy) = makeDirectory(service)
        model.start()
        #expect(await settle { busy.isIdle })
        await service.answer(S.tartu, .success([S.anna]))
        await service.holdNextFetch()
        model.refresh()
        #expect(await settle(async: { await service.isHolding }))
        #expect(model.isLoading)
        #expect(model.entries.outline == Self.expectedOutline)
        await service.release()
        #expect(await settle { busy.isIdle })
        #expect(!model.entries.outline.contains("Liis Aas"))
    }

    @Test("A corrupt save file: a banner, no crash, and the fresh list replaces the file")
    func corruptSave() async throws {
        let store = temporaryStore()
        let directory = URL(fileURLWithPath: store.path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"employees\": [{\"firstN".utf8).write(to: URL(fileURLWithPath: store.path))
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let (model, busy) = makeDirectory(service, store: store)
        let log = EventLog()
        log.attach(to: model)
        model.start()
        #expect(await settle { busy.isIdle })
        #expect(log.banners == ["The saved directory couldn't be read — loading fresh"])
        #expect(model.entries.outline == Self.expectedOutline)
        guard case .loaded(let snapshot) = store.load() else { Issue.record("not saved"); return }
        #expect(snapshot.employees.count == 5)
    }

    @Test("The status line counts contacts, or says there are none, or why")
    func contactsStatus() {
        let service = FakeDirectoryService(tallinn: .success([]), tartu: .success([]))
        #expect(makeDirectory(service).0.statusItems == ["2 contacts"])
        #expect(makeDirectory(service, cards: []).0.statusItems == ["no contacts"])
        #expect(makeDirectory(service, cards: [], contactsProblem: "No address book at /x").0.statusItems
                == ["No address book at /x"])
        #expect(makeDirectory(service, cards: [S.cards[0]]).0.statusItems == ["1 contact"])
    }

    @Test("Without a save store nothing is read or written, and the list still loads")
    func noStore() async {
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let (model, busy) = makeDirectory(service, store: nil)
        model.start()
        #expect(await settle { busy.isIdle })
        #expect(model.entries.outline == Self.expectedOutline)
    }
}
