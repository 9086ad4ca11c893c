import Foundation
import RoloCore
import Testing

@Suite("DirectorySnapshotStore keeps the last full list safely")
struct DirectorySnapshotStoreTests {
    private let people = [
        DirectoryEmployee(
            firstName: "Jüri", lastName: "Õunapuu", email: "j@o", phone: "5012 3456", position: .android,
            projects: ["Päevik"]),
        DirectoryEmployee(firstName: "Mari", lastName: "Tamm", email: "m@t", position: .pm),
    ]

    @Test("A saved list reads back with its save time")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let store = DirectorySnapshotStore(path: directory.path + "/rolo/directory.json")
        let when = Date(timeIntervalSince1970: 1_700_000_000.25)
        try store.save(people, at: when)
        #expect(store.load() == .loaded(DirectorySnapshot(employees: people, savedAt: when)))
    }

    @Test("The directory is created private (0700), the file 0600")
    func permissions() throws {
        let directory = try TemporaryDirectory()
        let store = DirectorySnapshotStore(path: directory.path + "/cache/directory.json")
        try store.save(people)
        let folder = try FileManager.default.attributesOfItem(atPath: directory.path + "/cache")
        let file = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect((file[.posixPermissions] as? Int) == 0o600)
    }

    @Test("A second save replaces the first; no temporary file is left behind")
    func replace() throws {
        let directory = try TemporaryDirectory()
        let store = DirectorySnapshotStore(path: directory.path + "/directory.json")
        try store.save(people)
        try store.save([people[1]])
        guard case .loaded(let snapshot) = store.load() else {
            Issue.record("expected the second list")
            return
        }
        #expect(snapshot.employees == [people[1]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["directory.json"])
    }

    @Test("A temporary file left by a killed write never breaks reading, and an old one is cleaned up")
    func leftoverTemporary() throws {
        let directory = try TemporaryDirectory()
        let store = DirectorySnapshotStore(path: directory.path + "/directory.json")
        try store.save(people)
        let leftover = try directory.write(".directory.json.killed.tmp", "{\"version\": 1, \"emplo")
        #expect(store.load() != .missing)
        if case .unusable(let reason) = store.load() { Issue.record("\(reason)") }
        let old = Date().addingTimeInterval(-3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: leftover)
        try store.save(people)
        #expect(!FileManager.default.fileExists(atPath: leftover))
    }

    @Test("Nothing saved yet is .missing")
    func missing() throws {
        let directory = try TemporaryDirectory()
        #expect(DirectorySnapshotStore(path: directory.path + "/nope.json").load() == .missing)
    }

    @Test("Corrupt, cut-short, empty or foreign files are unusable with a reason", arguments: [
        ("{\"version\":1,\"savedAt\":1,\"employees\":[{\"firstN", "corrupt or cut short"),
        ("", "is empty"),
        ("not json at all", "corrupt or cut short"),
        ("{\"version\":9,\"savedAt\":1,\"employees\":[]}", "format version 9"),
        ("{\"version\":1,\"savedAt\":1,\"employees\":[{\"firstName\":1}]}", "can't be read back"),
    ])
    func unusable(content: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("directory.json", content)
        guard case .unusable(let message) = DirectorySnapshotStore(path: path).load() else {
            Issue.record("expected unusable")
            return
        }
        #expect(message.contains(reason), "\(message)")
    }

    @Test("A save where the directory can't be made throws a clear error")
    func unwritable() throws {
        let directory = try TemporaryDirectory()
        let blocker = try directory.write("file", "x")
        let store = DirectorySnapshotStore(path: blocker + "/directory.json")
        let error = #expect(throws: DirectorySnapshotStore.SaveError.self) { try store.save(people) }
        #expect(error?.description.hasPrefix("The directory list wasn't saved: can't create") == true)
    }
}
