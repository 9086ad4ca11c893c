import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Randomuser: the detail, the title and the screen")
struct RandomUserDetailTests {
    private let size = Size(width: 100, height: 30)

    private func loaded(store: PersonStore<RandomPerson>? = nil) async throws -> (RandomUserViewModel, FakeRandomUserService, BusyTracker) {
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: try store ?? memoryStore())
        model.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        return (model, service, busy)
    }

    /// A screen over one randomuser source, started and settled.
    private func screen(_ service: FakeRandomUserService) async throws -> (ScreenController, RandomUserViewModel, BusyTracker) {
        let (model, busy) = makeRandomUser(service, store: try memoryStore())
        let controller = ScreenController(sources: [model], size: size, busy: busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        return (controller, model, busy)
    }

    private func field(_ blocks: [DetailBlock], _ label: String) -> String? {
        for block in blocks { if case .field(label, let value) = block { return value } }
        return nil
    }

    @Test("Every field, the age counted from the birthday to today, and — where the API gave none")
    func fields() async throws {
        let (model, _, _) = try await loaded()
        let blocks = model.detail(for: "rolo-1")
        #expect(blocks[1] == .title("Jüri Õunapuu 1"))
        #expect(field(blocks, "First name") == "Jüri")
        #expect(field(blocks, "Last name") == "Õunapuu 1")
        #expect(field(blocks, "Birthday") == "20 July 1993")
        #expect(field(blocks, "Age") == "33")
        #expect(field(blocks, "Email") == "person1@example.com")
        #expect(field(blocks, "Mobile") == "081-454-0666")
        #expect(field(blocks, "Address") == "2 Pikk, Tallinn, Harjumaa 10133, Estonia")
        #expect(field(blocks, "Contact person") == "—")
        #expect(field(blocks, "Contact phone") == "—")
        #expect(blocks.last == .notice("Enter, a click on the avatar or t makes this name the list's title", isError: false))
        #expect(model.detail(for: "nobody").isEmpty)
    }

    @Test("The birthday worked out by hand is ICU's, for 3,000 random instants in 1583–9999 and each edge; ICU writes the rest")
    func birthdayMatchesICU() {
        var generator = SystemRandomNumberGenerator()
        let first = -12_212_553_600.0, end = 253_402_300_800.0  // 1583-01-01, 10000-01-01
        var instants = (0..<3_000).map { _ in Double.random(in: first..<end, using: &generator) }
        instants += [first, end - 0.001, 0, -0.001, -86_400.5, 951_782_400, 951_868_799.999, 4_107_542_399]  // 2000-02-29, 2100-02-28
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(RandomUserDetail.birthday(date) == RandomUserDetail.formattedByICU(date), "\(seconds)")
        }
        #expect(RandomUserDetail.birthday(Date(timeIntervalSince1970: 0)) == "1 January 1970")
        #expect(RandomUserDetail.birthday(Date(timeIntervalSince1970: 951_782_400)) == "29 February 2000")
        // Before 1583 ICU's calendar is Julian, and from 10000 the hand-made range ends.
        // 1500-06-15 and year 1 are Julian dates to ICU, days off the proleptic Gregorian ones.
        for outside in [first - 1, -14_817_513_600, -62_135_596_800, end, end * 2] {
            let date = Date(timeIntervalSince1970: outside)
            #expect(RandomUserDetail.birthday(date) == RandomUserDetail.formattedByICU(date))
        }
    }

    @Test("Blank is what CharacterSet.whitespaces trims, for every scalar of the first three planes")
    func blankValues() {
        for value in UInt32(0)..<0x3_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            #expect(RandomUserDetail.isBlank(scalar) == text.trimmingCharacters(in: .whitespaces).isEmpty, "U+\(String(value, radix: 16))")
        }
        #expect(RandomUserDetail.shown(" \u{00A0}\u{2003}\u{200B}\u{3000} \t") == "—")
        #expect(RandomUserDetail.shown(" x ") == " x ")
        #expect(RandomUserDetail.shown("\n") == "\n")
        #expect(RandomUserDetail.shown(nil) == "—")
        #expect(RandomUserDetail.shown("") == "—")
    }

    @Test("Age: a day before the birthday is a year less; no birthday is —; a contact is shown when given")
    func ageEdges() {
        let born = RandomPerson(id: "x", firstName: "A", lastName: "B",
                                birthday: Date(timeIntervalSince1970: 1_795_046_400),  // 2026-11-19, tomorrow
                                contactName: "Mari Tamm", contactPhone: "+372 555 0101")
        let calendar = Calendar(identifier: .gregorian)
        let picture = Picture(initials: "AB", colorSeed: 1)
        let blocks = RandomUserDetail.blocks(for: born, picture: picture, now: Sample.today, calendar: calendar)
        #expect(field(blocks, "Age") == "—", "born tomorrow: no age yet")
        #expect(field(blocks, "Contact person") == "Mari Tamm")
        #expect(field(blocks, "Contact phone") == "+372 555 0101")
        var older = born
        older.birthday = Date(timeIntervalSince1970: 311_817_600)  // 1979-11-19
        #expect(field(RandomUserDetail.blocks(for: older, picture: picture, now: Sample.today, calendar: calendar), "Age") == "46")
        older.birthday = nil
        let none = RandomUserDetail.blocks(for: older, picture: picture, now: Sample.today, calendar: calendar)
        #expect(field(none, "Birthday") == "—")
        #expect(field(none, "Age") == "—")
    }

    @Test("t makes the selected person's name the list's title")
    func setTitle() async throws {
        let (model, _, _) = try await loaded()
        #expect(model.listTitle == "Random persons")
        #expect(!model.isAvailable(.setTitle))
        model.selectionChanged(to: "rolo-2")
        #expect(model.isAvailable(.setTitle))
        #expect(!model.isAvailable(.like))
        var changed = 0
        model.onEvent = { if $0 == .changed { changed += 1 } }
        model.perform(.setTitle, on: "rolo-2")
        #expect(model.listTitle == "Анна Иванова 2")
        #expect(changed == 1)
    }

    @Test("Through the screen: t from the detail goes back to the list, whose title row shows the name")
    func setTitleOnScreen() async throws {
        let (controller, model, _) = try await screen(FakeRandomUserService())
        controller.perform(.moveDown)
        controller.perform(.open)
        #expect(controller.isAvailable(.activate))
        controller.perform(.activate)
        #expect(!controller.sourceUI.showingDetail)
        #expect(model.listTitle == "Jüri Õunapuu 1")
        let canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        #expect(canvas.lines.contains { $0.contains(" Jüri Õunapuu 1 ") })
        controller.perform(.moveDown)
        controller.perform(.open)
        controller.perform(.setTitle)
        #expect(model.listTitle == "Анна Иванова 2")
        #expect(!controller.sourceUI.showingDetail)
    }

    @Test("100×30: the list with “loading more…” below the rows")
    func loadingMoreSnapshot() async throws {
        let service = FakeRandomUserService()
        let (controller, model, busy) = try await screen(service)
        await service.hold()
        controller.perform(.last)
        #expect(await settle(async: { await service.heldCount == 1 }))
        let canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(canvas, named: "randomuser-loading-more-100x30")
        #expect(canvas.text.contains("loading more…"))
        await service.release()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.rowIDs.count == 20)
    }

    @Test("100×30: the detail with every field and the title hint")
    func detailSnapshot() async throws {
        let (controller, _, _) = try await screen(FakeRandomUserService())
        controller.perform(.moveDown)
        let canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(canvas, named: "randomuser-detail-100x30")
        #expect(canvas.text.contains("20 July 1993"))
    }
}
