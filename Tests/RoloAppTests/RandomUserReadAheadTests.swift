import Foundation
import RoloCore
import Testing
@testable import RoloApp

/// A launch reads randomuser's stored first page beside the terminal's set-up and hands it to
/// the view-model, so that the first frame shows persons rather than "Loading persons…".
///
/// The page is read from the database file, as a launch reads it (``PersonStore/launchSnapshot``),
/// so each test has a database file of its own.
@MainActor
@Suite("Randomuser view-model: the first page read ahead of the screen", .temporaryDirectories)
final class RandomUserReadAheadTests {
    /// The test's database folder, removed when it ends.
    let folder: URL

    init() throws {
        folder = try TemporaryDirectory.scoped("rolo-readahead")
    }

    /// A fresh store in a database file of its own.
    private func fileStore() throws -> PersonStore<RandomPerson> {
        PersonStore(database: try RoloDatabase(dataDirectory: folder.path))
    }

    @Test("A page read ahead is shown by start() itself, with no request and nothing left loading")
    func shownAtStart() async throws {
        let store = try fileStore()
        try await storePersons(30, in: store)
        let page = try #require(RandomUserViewModel.storedFirstPage(in: store))
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: store, firstPage: page)
        model.start()
        // No await between start() and here: this is what the first frame draws.
        #expect(model.rowIDs == (0..<10).map { "rolo-\($0)" })
        #expect(model.statusItems == ["page 1", "30 stored"])
        #expect(model.placeholder == nil)
        #expect(!model.isLoading && busy.isIdle)
        #expect(model.lastUpdated == Sample.today, "when the stored pages were fetched")
        await model.scrollToEnd()
        #expect(model.rowIDs == (0..<20).map { "rolo-\($0)" }, "page 2 follows from the database")
        #expect(await service.requests.isEmpty)
    }

    @Test("While the launch's database is still opening rolo isn't idle; once it opens, it is")
    func idleWaitsForTheDatabase() async throws {
        let database = RoloDatabase(openingIn: folder.path, delay: .seconds(3_600))
        let (_, busy) = makeRandomUser(FakeRandomUserService(), store: PersonStore(database: database))
        #expect(!busy.isIdle, "whether the persons will be saved isn't known yet")
        database.openNow()
        #expect(await poll { busy.isIdle })
        #expect(database.isOpenOver && !database.hasFailed)
    }

    @Test("The page read ahead is the one start() would have read itself")
    func sameAsReadByStart() async throws {
        let store = try fileStore()
        try await storePersons(25, in: store)
        let (plain, plainBusy) = makeRandomUser(FakeRandomUserService(), store: store)
        plain.start()
        #expect(await settle({ plainBusy.isIdle && !plain.isLoading }, limit: 100_000))
        let (ahead, _) = makeRandomUser(FakeRandomUserService(), store: store,
                                         firstPage: RandomUserViewModel.storedFirstPage(in: store))
        ahead.start()
        #expect(ahead.rowIDs == plain.rowIDs)
        #expect(ahead.statusItems == plain.statusItems)
        #expect(ahead.reachedEnd == plain.reachedEnd)
        #expect(ahead.storedCount == plain.storedCount)
    }

    @Test("Nothing stored: nothing is read ahead, and start() fetches page 1 as before")
    func emptyStoreReadsNothingAhead() async throws {
        let store = try fileStore()
        #expect(RandomUserViewModel.storedFirstPage(in: store) == nil)
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: store, firstPage: nil)
        model.start()
        #expect(model.placeholder == .loading("Loading persons…"))
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(await service.requests == ["page 1 seed rolo"])
        #expect(model.rowIDs.count == 10)
    }

    @Test("A complete stored list that fits one page is read ahead as the end of the data")
    func completeListEndsAtOnce() async throws {
        let store = try fileStore()
        let persons = (0..<4).map { RandomUserSamples.person($0, seed: RandomUserSamples.seed) }
        try await store.appendPage(RandomUserPager.source, persons: persons, names: persons.map(\.fullName),
                                   page: 1, seed: RandomUserSamples.seed, complete: true, cursor: nil, at: Sample.today)
        let service = FakeRandomUserService()
        let (model, _) = makeRandomUser(service, store: store, firstPage: RandomUserViewModel.storedFirstPage(in: store))
        model.start()
        #expect(model.rowIDs.count == 4)
        #expect(model.reachedEnd)
        #expect(model.statusItems == ["page 1", "4 stored", "all loaded"])
        #expect(await service.requests.isEmpty)
    }

    @Test("A store whose file won't open says \"not saved\" once the open is over, and keeps its persons in memory")
    func notSaved() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A directory where the file should be: it can't be opened (a damaged file would be rebuilt).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(RoloDatabase.fileName), withIntermediateDirectories: true)
        let database = RoloDatabase(openingIn: folder.path)
        let store = PersonStore<RandomPerson>(database: database)
        #expect(RandomUserViewModel.storedFirstPage(in: store) == nil)
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: store, firstPage: nil)
        var changes = 0
        model.onEvent = { if case .changed = $0 { changes += 1 } }
        model.start()
        #expect(await settle({ busy.isIdle && !model.isLoading && !model.persistent }, limit: 100_000))
        #expect(model.statusItems == ["page 1", "not saved"])
        #expect(changes > 0, "the screen is told")
        #expect(model.rowIDs.count == 10, "page 1 fetched and kept in memory")
        #expect(await database.openFailure() != nil)
    }

    @Test("A page read from the file whose open then fails stays shown, kept in memory, and the next page continues it")
    func readAheadThenNotSaved() async throws {
        let good = try fileStore()
        try await storePersons(30, in: good)
        let page = try #require(RandomUserViewModel.storedFirstPage(in: good))
        let corrupt = folder.appendingPathComponent("corrupt")
        try FileManager.default.createDirectory(at: corrupt, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: corrupt.appendingPathComponent(RoloDatabase.fileName), withIntermediateDirectories: true)
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: PersonStore(database: RoloDatabase(openingIn: corrupt.path)), firstPage: page)
        model.start()
        #expect(model.rowIDs == (0..<10).map { "rolo-\($0)" })
        #expect(await settle({ busy.isIdle && !model.isLoading && !model.persistent }, limit: 100_000))
        #expect(model.statusItems == ["page 1", "not saved"])
        await model.scrollToEnd()
        #expect(await service.requests == ["page 2 seed rolo"], "the file's seed, from page 2 on")
        #expect(model.rowIDs == (0..<20).map { "rolo-\($0)" })
    }
}
