import Foundation
import Testing

@testable import RoloCore

@Suite("RoloDatabase")
struct RoloDatabaseStoreTests {
    @Test("an empty file is migrated and usable")
    func migratesEmptyFile() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("rolo.sqlite", "")
        let database = try RoloDatabase(path: path)
        let store = PersonStore<StorePerson>(database: database)
        try await store.append("randomuser", StorePerson.numbered(1...3), page: 1)
        #expect(try await store.count("randomuser") == 3)
    }

    @Test("a missing file and directory are created, private to the user, and the data survives a reopen")
    func createsAndReopens() async throws {
        let directory = try TemporaryDirectory()
        let dataDirectory = directory.path + "/data/rolo"
        do {
            let store = PersonStore<StorePerson>(database: try RoloDatabase(dataDirectory: dataDirectory))
            try await store.append("randomuser", StorePerson.numbered(1...2), page: 1)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: dataDirectory)
        #expect(attributes[.posixPermissions] as? Int == 0o700)
        let file = try FileManager.default.attributesOfItem(atPath: dataDirectory + "/rolo.sqlite")
        #expect(file[.posixPermissions] as? Int == 0o600)
        let reopened = PersonStore<StorePerson>(database: try RoloDatabase(dataDirectory: dataDirectory))
        #expect(try await reopened.count("randomuser") == 2)
    }

    @Test("closing keeps the -wal and -shm files, private, so the next launch needn't make them again; data survives")
    func persistentWAL() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        do {
            let store = PersonStore<StorePerson>(database: try RoloDatabase(path: path))
            try await store.append("randomuser", StorePerson.numbered(1...4), page: 1)
        }
        for suffix in ["-wal", "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path + suffix)
            #expect(attributes[.posixPermissions] as? Int == 0o600, "\(suffix)")
        }
        let reopened = PersonStore<StorePerson>(database: try RoloDatabase(path: path))
        #expect(try await reopened.count("randomuser") == 4)
    }

    @Test("opened beside the launch: the stores wait for the open; a damaged file is rebuilt, one that won't open leaves them in memory")
    func openingBeside() async throws {
        let directory = try TemporaryDirectory()
        let opening = RoloDatabase(openingIn: directory.path + "/data")
        let store = PersonStore<StorePerson>(database: opening)
        try await store.append("randomuser", StorePerson.numbered(1...3), page: 1)
        #expect(await opening.openFailure() == nil && !opening.hasFailed)
        #expect(try await PersonStore<StorePerson>(database: try RoloDatabase(dataDirectory: directory.path + "/data"))
            .count("randomuser") == 3, "on disk")

        let path = try directory.write("corrupt/rolo.sqlite", String(repeating: "not a database at all ", count: 300))
        let corrupt = RoloDatabase(openingIn: directory.path + "/corrupt")
        #expect(await corrupt.openFailure() == nil)
        let heal = try #require(corrupt.heals.first)
        #expect(try String(contentsOfFile: heal.damagedCopy, encoding: .utf8).hasPrefix("not a database"), "moved aside as it was")
        let rebuilt = PersonStore<StorePerson>(database: corrupt)
        try await rebuilt.append("randomuser", StorePerson.numbered(1...2), page: 1)
        #expect(try await PersonStore<StorePerson>(database: try RoloDatabase(path: path)).count("randomuser") == 2, "on disk")

        try FileManager.default.createDirectory(atPath: directory.path + "/blocked/rolo.sqlite", withIntermediateDirectories: true)
        let blocked = RoloDatabase(openingIn: directory.path + "/blocked")
        let failure = try #require(await blocked.openFailure())
        #expect(failure.description.hasPrefix("rolo's database at \(blocked.path) can't be opened: ") && blocked.hasFailed)
        let memory = PersonStore<StorePerson>(database: blocked)
        try await memory.append("randomuser", StorePerson.numbered(1...2), page: 1)
        #expect(try await memory.count("randomuser") == 2, "kept in memory for the run")
        #expect(blocked.heals.isEmpty, "not damage: nothing moved aside")
    }

    @Test("opened beside the launch: the open waits for openNow() or a store's first use")
    func openBegins() async throws {
        let directory = try TemporaryDirectory()
        let waiting = RoloDatabase(openingIn: directory.path + "/a", delay: .seconds(600))
        #expect(!FileManager.default.fileExists(atPath: waiting.path), "not begun: nothing asked for it")
        waiting.openNow()
        #expect(await waiting.openFailure() == nil)
        #expect(FileManager.default.fileExists(atPath: waiting.path))

        let used = PersonStore<StorePerson>(database: RoloDatabase(openingIn: directory.path + "/b", delay: .seconds(600)))
        #expect(try await used.count("randomuser") == 0, "a store's first use begins the open and waits for it")
        #expect(FileManager.default.fileExists(atPath: used.database.path))
    }

    @Test("at exit the WAL is emptied into the file, unless a reader holds it: then it is left, at once")
    func checkpointAtExit() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let database = try RoloDatabase(path: path)
        let store = PersonStore<StorePerson>(database: database)
        try await store.append("randomuser", StorePerson.numbered(1...50), page: 1)
        func walSize() throws -> Int {
            try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? -1
        }
        #expect(try walSize() > 0)
        try await database.writer().read { _ in
            database.checkpointAtExit()
        }
        #expect(try walSize() > 0, "a reader's snapshot holds the WAL: left as it was, without waiting")
        database.checkpointAtExit()
        #expect(try walSize() == 0)
        #expect(try await store.count("randomuser") == 50)
        #expect(try await PersonStore<StorePerson>(database: try RoloDatabase(path: path)).count("randomuser") == 50)
        try RoloDatabase.inMemory().checkpointAtExit()
    }

    @Test("a file that can't be opened (a directory in its place) gives a clear error, and is left alone")
    func unopenable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect {
            try RoloDatabase(path: path)
        } throws: { error in
            let description = (error as? StoreError)?.description ?? ""
            return description.hasPrefix("rolo's database at \(path) can't be opened: ")
                && description.hasSuffix(" — move it aside to start fresh")
        }
        #expect(DamagedCopies.copies(of: path).isEmpty)
    }
}
