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
    private let tallinn = URL(string: "https://tallinn-jobapp.aw.ee/employee_list")!
    private let tartu = URL(string: "https://tartu-jobapp.aw.ee/employee_list")!
    private var cities: [DirectorySnapshot.City] {
        [.init(url: tallinn, employees: [people[0]]), .init(url: tartu, employees: [people[1], people[0]])]
    }

    @Test("A saved answer reads back city by city, merged as shown, with its save time")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let store = DirectorySnapshotStore(path: directory.path + "/rolo/directory.json")
        let when = Date(timeIntervalSince1970: 1_700_000_000.25)
        try store.save(cities, at: when)
        guard case .loaded(let snapshot) = store.load() else {
            Issue.record("expected the saved answer")
            return
        }
        #expect(snapshot == DirectorySnapshot(cities: cities, savedAt: when))
        #expect(snapshot.employees == people)
        #expect(snapshot.employees(of: tartu) == [people[1], people[0]])
        #expect(snapshot.employees(of: URL(string: "https://narva-jobapp.aw.ee/employee_list")!) == nil)
    }

    @Test("A format 1 file (the merged list alone) still shows, with no city to fill in from")
    func formatOne() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("directory.json", #"{"version":1,"savedAt":1700000000,"employees":[{"firstName":"Mari","lastName":"Tamm","email":"m@t","position":"PM","projects":[]}]}"#)
        guard case .loaded(let snapshot) = DirectorySnapshotStore(path: path).load() else {
            Issue.record("expected the saved list")
            return
        }
        #expect(snapshot.employees == [people[1]])
        #expect(snapshot.cities.isEmpty)
        #expect(snapshot.employees(of: tartu) == nil)
    }

    @Test("The directory is created private (0700), the file 0600")
    func permissions() throws {
        let directory = try TemporaryDirectory()
        let store = DirectorySnapshotStore(path: directory.path + "/cache/directory.json")
        try store.save(cities)
        let folder = try FileManager.default.attributesOfItem(atPath: directory.path + "/cache")
        let file = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect((file[.posixPermissions] as? Int) == 0o600)
    }

    @Test("A second save replaces the first; no temporary file is left behind")
    func replace() throws {
        let directory = try TemporaryDirectory()
        let store = DirectorySnapshotStore(path: directory.path + "/directory.json")
        try store.save(cities)
        try store.save([.init(url: tartu, employees: [people[1]])])
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
        try store.save(cities)
        let leftover = try directory.write(".directory.json.killed.tmp", "{\"version\": 1, \"emplo")
        #expect(store.load() != .missing)
        if case .unusable(let reason) = store.load() { Issue.record("\(reason)") }
        let old = Date().addingTimeInterval(-3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: leftover)
        try store.save(cities)
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
        ("{\"version\":2,\"savedAt\":1,\"cities\":[{\"url\":\"x\"}]}", "can't be read back"),
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
        let error = #expect(throws: DirectorySnapshotStore.SaveError.self) { try store.save(cities) }
        #expect(error?.description.hasPrefix("The directory list wasn't saved: can't create") == true)
    }
}
