import Foundation
import GRDB
import Synchronization
import Testing

@testable import RoloCore

@Suite("A damaged database is moved aside, rebuilt from what reads, and synced back whole, in the same run")
struct DatabaseHealTests {
    static let count = 600
    static let date = Date(timeIntervalSince1970: 1_800_000_000)
    static let everyone = Set((1...count).map(String.init))

    let directory: TemporaryDirectory
    var path: String { directory.path + "/rolo.sqlite" }

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A whole Pipedrive account of ``count`` persons on disk, stored in pages of 50.
    func account() -> FakePipedriveAccount {
        FakePipedriveAccount(FakePipedriveAccount.people(1...Self.count), api: .v2)
    }

    /// Stores the whole account in the file, moves the WAL into it and closes it.
    func storeAccount() async throws {
        let database = try RoloDatabase(path: path)
        try await ProgressLog.run(account().sync(into: database, pageSize: 50, at: Self.date))
        #expect(try Self.store(database).storedCount() == Self.count)
        database.checkpointAtExit()
    }

    /// The pages of `name` (a table or an index) of type `type` in the file, in order.
    func pages(of name: String, type: String) throws -> [Int] {
        try DamagedPages.pages(of: name, type: type, in: path)
    }

    /// Overwrites `count` bytes of the file at `file` from `offset`.
    func damage(_ file: String, at offset: Int, count: Int) throws {
        try DamagedPages.overwrite(file, at: offset, count: count)
    }

    /// Overwrites page `page` (1-based) of the file.
    func damage(page: Int) throws {
        try DamagedPages.overwrite(page: page, of: path)
    }

    /// The heals `database` reports, collected as the banner gets them.
    final class Heals: @unchecked Sendable {
        private let lock = NSLock()
        private var heals: [DatabaseHeal] = []
        init(_ database: RoloDatabase) { database.whenHealed { heal in self.lock.withLock { self.heals.append(heal) } } }
        var all: [DatabaseHeal] { lock.withLock { heals } }
    }

    /// Pipedrive's persons' store in `database`.
    static func store(_ database: RoloDatabase) throws -> RecordStore {
        try PipedriveAccount(storedIn: database).store
    }

    /// The ids stored for Pipedrive's list, read as the list reads them.
    func storedIDs(_ database: RoloDatabase) throws -> [String] {
        try Self.store(database).storedRecords(0..<10_000).map(\.id)
    }

    /// Syncs the account into `database` and expects it whole: every person once.
    func expectSyncedWhole(_ database: RoloDatabase, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await ProgressLog.run(account().sync(into: database, pageSize: 50, at: Self.date))
        let ids = try storedIDs(database)
        #expect(ids.count == Self.count && Set(ids) == Self.everyone, sourceLocation: sourceLocation)
        #expect(try await Self.store(database).state()?.complete == true, sourceLocation: sourceLocation)
    }

    /// The damaged copies beside the database, oldest first.
    var copies: [String] { DamagedCopies.copies(of: path) }

    @Test("header: the first 100 bytes overwritten — healed on open, the header rebuilt, every person kept")
    func header() async throws {
        try await storeAccount()
        try damage(path, at: 0, count: 100)

        let database = try RoloDatabase(path: path)
        let heals = Heals(database)
        let heal = try #require(heals.all.first)
        #expect(heals.all.count == 1)
        #expect(copies == [heal.damagedCopy] && heal.damagedCopy.hasPrefix(path + ".damaged-"))
        #expect(heal.recordsKept == Self.count && !heal.lostSome)
        #expect(heal.message == "rolo's stored data was damaged and has been rebuilt (600 stored records kept); the old file is \(heal.damagedCopy)")
        #expect(try storedIDs(database).count == Self.count)
        try await expectSyncedWhole(database)
        #expect(heals.all.count == 1, "said once")
    }

    @Test("a page of the record table: found by a sync's write mid-run, the sync starts over and stores the rest")
    func tablePage() async throws {
        try await storeAccount()
        let leaves = try pages(of: "custom_record", type: "leaf")
        #expect(leaves.count > 10)
        let database = try RoloDatabase(path: path)
        let heals = Heals(database)
        try damage(page: leaves[leaves.count / 2])
        #expect(heals.all.isEmpty, "no check at open: the damage isn't met yet")

        // The launch's refresh merges page by page into the stored list and meets the damaged page.
        try await expectSyncedWhole(database)
        let heal = try #require(heals.all.first)
        #expect(heals.all.count == 1)
        #expect(heal.lostSome && heal.recordsKept > Self.count / 2 && heal.recordsKept < 2 * Self.count)
        #expect(copies == [heal.damagedCopy])
        #expect(heal.message.hasPrefix("rolo's stored data was damaged and has been rebuilt (\(heal.recordsKept) stored records kept, the rest fetched again); the old file is "))
    }

    @Test("a page of the record table: found by a read, the rows that read are kept and the sync adds the rest")
    func tablePageRead() async throws {
        try await storeAccount()
        let leaves = try pages(of: "custom_record", type: "leaf")
        let database = try RoloDatabase(path: path)
        let heals = Heals(database)
        try damage(page: leaves[leaves.count / 3])

        let read = try storedIDs(database)
        let heal = try #require(heals.all.first)
        #expect(read.count == heal.recordsKept && read.count < Self.count && read.count > Self.count / 2)
        #expect(heal.lostSome && copies.count == 1)
        #expect(try await Self.store(database).state() == nil, "starts over")
        try await expectSyncedWhole(database)
        #expect(heals.all.count == 1)
    }

    @Test("a page of the record table found by rolo dump --offline: its notice counts the persons it dumps, after the heal")
    func tablePageDumped() async throws {
        try await storeAccount()
        let leaves = try pages(of: "custom_record", type: "leaf")
        try damage(page: leaves[leaves.count / 3])
        let database = try RoloDatabase(path: path)
        let notices = Mutex<[String]>([])
        let runner = DumpRunner(search: nil, fields: "id", offline: true,
                                report: DumpReport(notice: { line in notices.withLock { $0.append(line) } }, progress: { _ in }))
        var text = ""
        try await runner.pipedrive(account: nil, unconfigured: nil, stored: try PipedriveAccount(storedIn: database),
                                   to: DumpSink(format: .jsonl) { text += $0 })
        let dumped = text.split(separator: "\n").count
        let notice = try #require(notices.withLock { $0 }.first)
        #expect(dumped > Self.count / 2 && dumped < Self.count)
        #expect(notice.hasPrefix("pipedrive: --offline — dumping the \(dumped) persons stored"), "\(notice)")
    }

    @Test("a page of an index: found by a read, every row kept (the index is the new file's own)")
    func indexPage() async throws {
        try await storeAccount()
        let leaves = try pages(of: "custom_record_on_source_position", type: "leaf")
        #expect(!leaves.isEmpty)
        let database = try RoloDatabase(path: path)
        let heals = Heals(database)
        try damage(page: leaves[leaves.count / 2])

        #expect(try storedIDs(database).count == Self.count)
        let heal = try #require(heals.all.first)
        #expect(heal.recordsKept == Self.count && !heal.lostSome && copies.count == 1)
        #expect(try await Self.store(database).state()?.complete == true, "nothing lost: the state stays")
        try await expectSyncedWhole(database)
        #expect(heals.all.count == 1)
    }

    @Test("the WAL: a damaged frame ends the log there (its checksums), so the file opens at the last whole commit and the sync adds the rest")
    func wal() async throws {
        // A crash's files: the pages still in the WAL, copied while the pool is open.
        let crashed = try TemporaryDirectory()
        let crashedPath = crashed.path + "/rolo.sqlite"
        do {
            let database = try RoloDatabase(path: path)
            try await ProgressLog.run(account().sync(into: database, pageSize: 50, at: Self.date))
            for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: crashedPath + suffix) }
        }
        let wal = try FileManager.default.attributesOfItem(atPath: crashedPath + "-wal")[.size] as? Int ?? 0
        #expect(wal > 100_000)
        try damage(crashedPath + "-wal", at: wal / 2, count: 4096)

        let database = try RoloDatabase(path: crashedPath)
        let heals = Heals(database)
        let kept = try Self.store(database).storedCount()
        #expect(kept > 0 && kept < Self.count && kept % 50 == 0, "whole pages only: \(kept)")
        #expect(heals.all.isEmpty && DamagedCopies.copies(of: crashedPath).isEmpty, "nothing SQLite calls damaged")
        try await expectSyncedWhole(database)
    }

    @Test("two rolo on one damaged store: the first to meet the damage rebuilds it, the second opens that file and moves nothing aside")
    func twoOnOneStore() async throws {
        try await storeAccount()
        let leaves = try pages(of: "custom_record", type: "leaf")
        let first = try RoloDatabase(path: path)
        let second = try RoloDatabase(path: path)
        try damage(page: leaves[leaves.count / 2])

        let rebuilt = try storedIDs(first)
        #expect(first.heals.count == 1 && copies.count == 1)
        #expect(try storedIDs(second) == rebuilt, "the second reads the file the first made")
        #expect(second.heals.isEmpty && copies.count == 1, "and says nothing: the first one's banner said it")
        try await expectSyncedWhole(second)
        #expect(try storedIDs(first).count == Self.count)
    }

    @Test("the last two damaged copies are kept, with their -wal and -shm; older ones go")
    func lastTwoKept() async throws {
        var made: [String] = []
        for round in 0..<4 {
            try await storeAccount()
            try damage(path, at: 0, count: 100)
            let database = try RoloDatabase(path: path)
            made.append(try #require(database.heals.first).damagedCopy)
            #expect(copies == Array(made.suffix(2)), "round \(round)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".damaged-") }
        #expect(Set(names) == Set(made.suffix(2).flatMap { copy in ["", "-wal", "-shm"].map { (copy as NSString).lastPathComponent + $0 } }))
    }

    @Test("garbage where the database should be: rebuilt empty, the garbage moved aside, the store works")
    func garbage() async throws {
        try directory.write("rolo.sqlite", String(repeating: "not a database at all ", count: 300))
        let database = try RoloDatabase(path: path)
        let heal = try #require(database.heals.first)
        #expect(heal.recordsKept == 0 && heal.lostSome)
        #expect(heal.message == "rolo's stored data was damaged and has been rebuilt (nothing could be kept, it is fetched again); the old file is \(heal.damagedCopy)")
        #expect(try String(contentsOfFile: heal.damagedCopy, encoding: .utf8).hasPrefix("not a database"))
        try await expectSyncedWhole(database)
    }

    @Test("garbage in the -shm: SQLite makes it again from the WAL, nothing is lost and nothing moved aside")
    func sharedMemory() async throws {
        try await storeAccount()
        try directory.write("rolo.sqlite-shm", String(repeating: "garbage ", count: 4096))
        let database = try RoloDatabase(path: path)
        #expect(try storedIDs(database).count == Self.count)
        #expect(database.heals.isEmpty && copies.isEmpty)
    }

    @Test("a truncated file: rebuilt from the pages that are left (read past the header's page count)")
    func truncated() async throws {
        try await storeAccount()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        try FileHandle(forUpdating: URL(fileURLWithPath: path)).truncate(atOffset: UInt64(size / 2))
        let database = try RoloDatabase(path: path)
        _ = try? storedIDs(database)
        let heal = try #require(database.heals.first)
        #expect(heal.lostSome && heal.recordsKept > 0 && heal.recordsKept < Self.count, "\(heal.recordsKept)")
        try await expectSyncedWhole(database)
    }
}
