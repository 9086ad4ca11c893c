import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Configured source view-model: the list, paging, the store, offline")
struct RecordListModelTests {
    @Test("First launch: the pages come one request at a time, the status says how far, all rows once")
    func firstLaunch() async throws {
        let api = try FakeCrewAPI(count: 25)
        await api.hold(2)
        let model = try makeCrew(api, database: try RoloDatabase.inMemory())
        #expect(model.placeholder == .loading("Loading Crew…"))
        model.start()
        #expect(await settle(async: { await api.heldCount == 1 }, limit: 100_000))
        await api.release()
        // The second page is held: the first is shown, with how far the list has come.
        #expect(await settle({ model.rowIDs.count == 10 && model.arrangeTask == nil }, limit: 100_000))
        #expect(await settle(async: { await api.heldCount == 1 }, limit: 100_000))
        #expect(model.statusItems.contains("loaded 10 of 25…"))
        #expect(model.entries.entry(at: model.entries.entryCount - 1) == .header(RecordListModel.loadingMore))
        await api.release()
        #expect(await model.settled())
        #expect(model.rowIDs == (1...25).map(String.init))
        #expect(model.statusItems.isEmpty && model.placeholder == nil)
        #expect(await api.listRequests == 3)
        #expect(await api.mostInFlight == 1)
        #expect(model.entries.entry(at: 0).row?.cells == ["Grace Lovelace", "grace.1@crew.test", "A"])
        #expect(model.columns.map(\.title) == ["Name", "Email", "Team"] && model.columns[2].width == .fixed(6))
    }

    @Test("A list that ends before its total says so on the status line, not in silence")
    func shortOfTotal() async throws {
        let api = try FakeCrewAPI(count: 25)
        await api.hide(after: 20)
        let model = try makeCrew(api, database: try RoloDatabase.inMemory())
        model.start()
        #expect(await model.settled())
        #expect(model.rowIDs == (1...20).map(String.init))
        #expect(model.statusItems == ["got 20 of 25: the API sent no more pages"])
        #expect(await api.listRequests == 3)
    }

    @Test("A 429 is waited out as Retry-After asks, the status line saying so, then paging goes on")
    func rateLimited() async throws {
        let api = try FakeCrewAPI(count: 15)
        await api.limit(1, retryAfter: 7)
        let gate = Gate()
        let model = try makeCrew(api, database: nil, sleep: { _ in await gate.wait() })
        model.start()
        #expect(await settle({ model.statusItems == ["rate limited, next in 7 s", "not saved"] }, limit: 100_000))
        await gate.open()
        #expect(await model.settled())
        #expect(model.rowIDs.count == 15 && model.statusItems == ["not saved"])
        #expect(await api.listRequests == 3)
    }

    @Test("Relaunch: the stored list is drawn before any answer; the refresh updates it page by page and drops what went once whole")
    func relaunch() async throws {
        let database = try RoloDatabase.inMemory()
        let api = try FakeCrewAPI(count: 25)
        let first = try makeCrew(api, database: database)
        first.start()
        #expect(await first.settled())
        await api.replace(count: 12, tag: "X")
        await api.hold(2)
        let again = try makeCrew(api, database: database)
        again.start()
        #expect(await settle({ again.rowIDs.count == 25 }, limit: 100_000))
        #expect(await settle(async: { await api.heldCount == 1 }, limit: 100_000))
        #expect(again.entries.entry(at: 0).row?.cells.first == "Grace Lovelace")
        #expect(again.statusItems.isEmpty)
        await api.release()
        // The first page merged: its records changed in place, none of the 25 gone yet.
        #expect(await settle({ again.entries.entry(at: 0).row?.cells.first == "GraceX Lovelace" }, limit: 100_000))
        #expect(again.rowIDs == (1...25).map(String.init))
        #expect(again.statusItems == ["refreshing: 10 of 12…"])
        await api.release()
        #expect(await again.settled())
        #expect(again.rowIDs == (1...12).map(String.init))
        #expect(again.entries.entry(at: 0).row?.cells.first == "GraceX Lovelace")
    }

    @Test("Relaunch: the whole stored list is there before any answer, End on its last record, read a block at a time")
    func relaunchBig() async throws {
        let database = try RoloDatabase.inMemory()
        let count = 2_000
        let api = try FakeCrewAPI(count: count)
        let store = RecordStore(database: database, source: try CrewSamples.source(CrewSamples.toml()))
        for start in stride(from: 1, through: count, by: 500) {
            let records = try (start..<start + 500).map { n in
                JSONRecord(id: String(n), value: try JSONValue.parse(Data(CrewSamples.person(n, tag: "", full: false).utf8)))
            }
            try await store.append(RecordPage(records: records, next: nil), at: Sample.today)
        }
        await api.hold()
        let again = try makeCrew(api, toml: CrewSamples.toml(), database: database)
        again.start()
        #expect(await settle({ again.entries.entryCount > 0 }, limit: 100_000))
        #expect(again.entries.entryCount == count, "the stored count, not a first screenful")
        #expect(again.entries.entry(at: count - 1).row?.id == String(count))
        #expect(again.entries.index(ofRowID: "1500") == 1_499)
        #expect(await api.heldCount <= 1, "drawn from the store, not from an answer")
        #expect(again.rowIDs == (1...count).map(String.init))
        await api.release()
        #expect(await again.settled())
    }

    @Test("Offline: the stored records stay, under a banner and a status that say since when; r retries")
    func offline() async throws {
        let database = try RoloDatabase.inMemory()
        let source = try CrewSamples.source(CrewSamples.toml())
        let store = RecordStore(database: database, source: source)
        let records = try (1...5).map { n in JSONRecord(id: String(n), value: try JSONValue.parse(Data(CrewSamples.person(n, tag: "", full: false).utf8))) }
        try await store.append(RecordPage(records: records, next: nil), at: Sample.today.addingTimeInterval(-7200))
        let api = try FakeCrewAPI(count: 5)
        await api.fail(CrewSamples.unreachable)
        let model = try makeCrew(api, database: database)
        var banners: [String] = []
        model.onEvent = { if case .banner(let text, _) = $0 { banners.append(text) } }
        model.start()
        #expect(await model.settled())
        #expect(model.rowIDs == ["1", "2", "3", "4", "5"])
        #expect(banners == ["Offline — showing Crew saved 2 h ago · r to retry"])
        #expect(model.statusItems == ["offline · saved 2 h ago"])
        model.refresh()
        #expect(await model.settled())
        #expect(model.statusItems.isEmpty && !model.isOffline)
        #expect(model.lastUpdated == Sample.today)
    }

    @Test("offline = false: nothing is written to the database, so the next launch starts empty")
    func memoryOnly() async throws {
        let database = try RoloDatabase.inMemory()
        let api = try FakeCrewAPI(count: 15)
        let model = try makeCrew(api, toml: CrewSamples.toml("offline = false"), database: database)
        model.start()
        #expect(await model.settled())
        #expect(model.rowIDs.count == 15)
        let stored = RecordStore(database: database, source: model.source)
        #expect(try await stored.count() == 0)
        #expect(!model.statusItems.contains("not saved"))
    }

    @Test("group: a header per team, alphabetical; sort orders within it")
    func groups() async throws {
        let api = try FakeCrewAPI(count: 6)
        let model = try makeCrew(api, toml: CrewSamples.toml("group = \"{team}\"\nsort = \"{first}\""), database: nil)
        model.start()
        #expect(await model.settled())
        #expect(model.headers == ["A", "B"])
        // A: 1 Grace, 3 Barbara, 5 Ada; B: 2 Linus, 4 Alan, 6 Grace — each by first name.
        #expect(model.rowIDs == ["5", "3", "1", "4", "6", "2"])
    }

    @Test("/ searches the store: the label's and columns' text, keeping the headers over what matches")
    func search() async throws {
        let api = try FakeCrewAPI(count: 25)
        let model = try makeCrew(api, toml: CrewSamples.toml("group = \"{team}\""), database: nil)
        model.start()
        #expect(await model.settled())
        model.setSearch("grace")
        #expect(await model.settled())
        #expect(model.rowIDs == ["1", "11", "21", "6", "16"])
        #expect(model.headers == ["A", "B"])
        model.setSearch("zzz")
        #expect(await model.settled())
        #expect(model.rowIDs.isEmpty && model.placeholder == .empty("No record matches “zzz” — Esc clears the search"))
        model.setSearch(nil)
        #expect(await model.settled())
        #expect(model.rowIDs.count == 25)
    }

    @Test("A search cleared while its matches are laid out under the groups: that layout is dropped, the whole list stays")
    func searchClearedWhileLaidOut() async throws {
        let api = try FakeCrewAPI(count: 25)
        let model = try makeCrew(api, toml: CrewSamples.toml("group = \"{team}\""), database: nil)
        model.start()
        #expect(await model.settled())
        model.matches = [0, 5]
        model.applyMatches()
        #expect(model.filterTask != nil, "a grouped layout is cut down off the main actor")
        model.matches = nil
        model.applyMatches()
        #expect(model.filterTask == nil)
        #expect(await model.settled())
        #expect(model.rowIDs.count == 25)
        model.matches = [0, 5]
        model.applyMatches()
        #expect(await model.settled())
        #expect(model.rowIDs == ["1", "6"] && model.headers == ["A", "B"])
    }

    @Test("A ${VAR} that isn't set: the tab names it, and nothing is fetched")
    func unsetVariable() async throws {
        let api = try FakeCrewAPI(count: 5)
        let toml = CrewSamples.toml("headers = { Authorization = \"Bearer ${CREW_TOKEN}\" }")
        let model = try makeCrew(api, toml: toml, database: nil)
        model.start()
        #expect(await model.settled())
        guard case .unconfigured(let text)? = model.placeholder else { Issue.record("not unconfigured"); return }
        #expect(text.contains("CREW_TOKEN"))
        #expect(await api.listRequests == 0)
    }

    @Test("A label naming a path no record has: once the drawn rows' details lack it too, a banner and the detail say which, and what records have")
    func templateProblem() async throws {
        let api = try FakeCrewAPI(count: 5)
        let toml = CrewSamples.toml().replacingOccurrences(of: "label = \"{first} {last}\"", with: "label = \"{frist} {last}\"")
        let model = try makeCrew(api, toml: toml, database: nil)
        var banners: [String] = []
        model.onEvent = { if case .banner(let text, _) = $0 { banners.append(text) } }
        model.start()
        #expect(await model.settled())
        // With a detail_url the field may be the detail's: judged once the drawn rows' details came.
        #expect(banners.isEmpty)
        _ = model.rowIDs
        #expect(await model.settled())
        // Said once, though the fields the records have grow as details come.
        #expect(banners.count == 1)
        #expect(banners.first?.hasPrefix("Crew: label: no record has 'frist' (did you mean 'first'?) — records have id, first, last") == true)
        let problem = "label: no record has 'frist' (did you mean 'first'?) — records have id, first, last, email, team, phone, avatar, bio"
        #expect(model.templateProblems == [problem])
        #expect(model.detail(for: "1").contains(.notice(problem, isError: true)))
    }

    @Test("Made from a launch's context: named by its source, its records in rolo's database")
    func madeFromContext() async throws {
        let settings = try CrewSamples.settings(CrewSamples.toml())
        let api = try FakeCrewAPI(count: 15)
        let database = try RoloDatabase.inMemory()
        let busy = BusyTracker()
        let context = SourceContext(
            settings: settings, http: api, busy: busy, database: database, preloaded: nil,
            addressBook: Task { AddressBookIndex(cards: [], problem: nil) }, showsPictures: false, unicode: false,
            showsFlags: false) { nil }
        let model = RecordListModel.make(settings.configuredSources.sources[0], context: context, environment: [:])
        #expect(model.id == SourceID(rawValue: "crew") && model.listTitle == "Crew")
        model.start()
        #expect(await model.settled())
        #expect(try await RecordStore(database: database, source: model.source).count() == 15)
        #expect(!model.canShowThumbnails)
    }

    @Test("Pictures on the source's origin carry its [sources.auth] header, and others none")
    func picturesAreSigned() async throws {
        let toml = CrewSamples.toml().replacingOccurrences(of: "name = \"crew\"", with: "name = \"crewpictures\"")
            + "\n[sources.auth]\ntype = \"command\"\ncommand = [\"/bin/echo\", \"picture-token\"]\n"
        var settings = try CrewSamples.settings(toml)
        let http = FakeHTTPClient(always: .respond(200, Data([0xFF, 0xD8, 0xFF])))
        let directory = try TemporaryDirectory("pictures")
        settings.cacheDir = directory.path
        let context = SourceContext(
            settings: settings, http: http, busy: BusyTracker(), database: try RoloDatabase.inMemory(), preloaded: nil,
            addressBook: Task { AddressBookIndex(cards: [], problem: nil) }, showsPictures: true, unicode: false,
            showsFlags: false) { nil }
        let model = RecordListModel.make(settings.configuredSources.sources[0], context: context, environment: [:])
        let loader = try #require(model.imageLoader)
        _ = try await loader.load(try #require(URL(string: "https://crew.test/avatars/1.jpg")))
        _ = try await loader.load(try #require(URL(string: "https://img.test/1.jpg")))
        #expect(http.requests.map { $0.headers["Authorization"] } == ["Bearer picture-token", nil])
    }
}
