import Foundation
import GRDB
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("A store damaged on disk: the banner says so once, in a user's words, and the list comes back whole", .temporaryDirectories)
struct DamagedStoreScreenTests {
    @Test("a damaged page of the stored persons: rebuilt mid-sync, one banner naming the old file, every person back")
    func healedOnScreen() async throws {
        let folder = try TemporaryDirectory.scopedPath("rolo-damaged")
        let path = folder + "/rolo.sqlite"
        let persons = PipedriveSamples.persons(300)
        do {
            let database = try RoloDatabase(path: path)
            for page in 0..<6 {
                try await storePipedrive(Array(persons[page * 50..<(page + 1) * 50]), in: database, at: Sample.today)
            }
            database.checkpointAtExit()
        }
        let leaves = try await DatabaseQueue(path: path).read { db in
            try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE name = 'custom_record' AND pagetype = 'leaf' ORDER BY pageno")
        }
        let database = try RoloDatabase(path: path)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((leaves[leaves.count / 2] - 1) * 4096))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        try handle.close()

        let model = makePipedrive(FakePipedrive(persons: persons), database: database, pageSize: 50)
        let controller = ScreenController(sources: [model], size: Size(width: 200, height: 30), busy: model.busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.sayHeals(of: database)
        controller.start()
        #expect(await model.settled())
        #expect(await settle { controller.banner != nil })

        let heal = try #require(database.heals.first)
        #expect(database.heals.count == 1)
        #expect(controller.banner?.message == heal.message)
        #expect(heal.message.hasPrefix("rolo's stored data was damaged and has been rebuilt ("))
        #expect(heal.message.hasSuffix("; the old file is \(heal.damagedCopy)") && heal.damagedCopy.hasPrefix(path + ".damaged-"))
        let text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("rolo's stored data was damaged and has been rebuilt"))
        for name in ["pipedrive.refresh", "malformed", "custom.", "source_state"] {
            #expect(!text.contains(name), "\(name)")
        }
        #expect(Set(model.rowIDs) == Set(persons.map(\.id)) && model.rowIDs.count == 300)
    }
}
