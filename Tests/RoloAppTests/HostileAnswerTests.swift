import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Skipped records and huge fields, as the screen shows them")
struct HostileAnswerTests {
    @Test("Skipped employees: the rest listed, a notice on screen, the count in the status line")
    func skippedNotice() async {
        let service = FakePeopleService(list: [.success(Sample.staff)])
        await service.setSkipped([
            SkippedRecord(index: 2, problem: .wrongType("id", should: "a whole number", isnt: "a number")),
            SkippedRecord(index: 6, problem: .wrongType("id", should: "a whole number", isnt: "a number")),
        ])
        let (controller, model, _) = await peopleScreen(service, size: Size(width: 100, height: 24))
        let screen = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(model.entries.entryCount == 5)
        #expect(screen.contains("2 employees skipped: an id that isn't a number — details in the log"), "\(screen)")
        #expect(model.statusItems.contains("2 skipped"))
    }

    @Test("A 1,000,000-character name: the list cuts it with …, the detail says how long it was")
    func hugeName() async throws {
        let body = Data(#"[{"id": 1, "first_name": "\#(String(repeating: "A", count: 1_000_000))", "last_name": "Tamm", "gender": "female", "birth_date": "1 May 1980"}]"#.utf8)
        let employees = try PeopleDecoder.decodeEmployees(body).records
        let service = FakePeopleService(list: [.success(employees)])
        let (controller, _, busy) = await peopleScreen(service, size: Size(width: 160, height: 60))
        _ = await settle { busy.isIdle }
        let screen = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(screen.contains("AAAAAAAAAA…"), "\(screen)")
        #expect(screen.contains("1,000,000 characters in all"), "the detail states the length:\n\(screen)")
    }

    @Test("A search over 100,000 employees runs off the main actor and lands as rows")
    func searchLargeList() async {
        let staff = (1...100_000).map { Sample.employee($0, $0 == 50_000 ? "Zelda" : "Mari", "Tamm-\($0)") }
        let service = FakePeopleService(list: [.success(staff)])
        let busy = BusyTracker()
        let model = PeopleViewModel(service: service, busy: busy, clock: ImmediateClock(), now: { Sample.today })
        model.start()
        #expect(await poll(within: .seconds(60)) { busy.isIdle && !model.isLoading })
        #expect(model.entries.entryCount == 100_000)
        #expect(model.entries.index(ofRowID: "99999") == 99_998)
        model.setSearch("zeld")
        #expect(await poll(within: .seconds(60)) { busy.isIdle })
        #expect(model.entries.entryCount == 1)
        #expect(model.entries.entry(at: 0).row?.cells.first == "Zelda Tamm-50000")
        #expect(model.entries.index(ofRowID: "50000") == 0)
        #expect(model.entries.index(ofRowID: "1") == nil)
    }
}
