import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("y and Y: copying a row's values", .temporaryDirectories)
struct CopyTests {
    private typealias S = DirectorySamples

    /// A directory screen whose clipboard records what it is given and answers `outcome`.
    private func screen(outcome: ClipboardOutcome = .copied(confirmed: true)) async -> (ScreenController, Clipboard) {
        let (model, busy) = makeDirectory(FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList)))
        let controller = ScreenController(sources: [model], size: Size(width: 100, height: 30), busy: busy,
                                          now: { Sample.today }, timeZone: Sample.zone)
        let clipboard = Clipboard(outcome: outcome)
        controller.onCopy = { clipboard.copied.append($0); return clipboard.outcome }
        controller.start()
        _ = await settle({ busy.isIdle && !model.isLoading }, limit: 100_000)
        return (controller, clipboard)
    }

    final class Clipboard {
        var copied: [String] = []
        let outcome: ClipboardOutcome
        init(outcome: ClipboardOutcome) { self.outcome = outcome }
    }

    private func status(_ controller: ScreenController) -> String {
        controller.render(theme: .monochrome, glyphs: .unicode).lines[28]
    }

    private func selected(_ controller: ScreenController) throws -> DirectoryEmployee {
        let model = try #require(controller.source as? DirectoryViewModel)
        return try #require(controller.sourceUI.selectedID.flatMap(model.employee(withID:)))
    }

    @Test("y copies the email and the status line says so")
    func copiesEmail() async throws {
        let (controller, clipboard) = await screen()
        let person = try selected(controller)
        controller.handle(.key(.character("y")))
        #expect(clipboard.copied == [person.email])
        #expect(status(controller).contains("copied Email: \(person.email)"))
    }

    @Test("The preferred value: email, else phone, else name")
    func preference() {
        let name = CopyValue(.name, "Name", "Mari Tamm"), phone = CopyValue(.phone, "Phone", "+372 5123 4567")
        let email = CopyValue(.email, "Email", "mari@example.ee"), other = CopyValue(.other, "Position", "PM")
        #expect(CopyValue.preferred(in: [other, name, phone, email]) == email)
        #expect(CopyValue.preferred(in: [other, name, phone]) == phone)
        #expect(CopyValue.preferred(in: [other, name]) == name)
        #expect(CopyValue.preferred(in: [other]) == other)
        #expect(CopyValue.present([CopyValue(.phone, "Phone", "—"), CopyValue(.email, "Email", " "), name]) == [name])
    }

    @Test("Y lists every value and the card; a digit copies one, Enter the highlighted")
    func menu() async throws {
        let (controller, clipboard) = await screen()
        let person = try selected(controller)
        controller.handle(.key(.character("Y")))
        assertSnapshot(controller.render(theme: .monochrome, glyphs: .unicode), named: "directory-copy-menu-100x30")
        let text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("Copy"))
        #expect(text.contains("1  Email     \(person.email)"))
        #expect(text.contains("Name      \(person.fullName)"))
        #expect(text.contains("Card      every field, as text"))
        #expect(text.contains("Enter copies · Esc closes"))

        // The first person has no phone, so the name is the second value.
        #expect(person.phone == nil)
        controller.handle(.key(.character("2")))
        #expect(clipboard.copied.last == person.fullName)
        #expect(controller.copyMenu == nil)

        controller.handle(.key(.character("Y")))
        controller.handle(.key(.up))
        for _ in 0..<9 { controller.handle(.key(.down)) }
        controller.handle(.key(.enter))
        let card = try #require(clipboard.copied.last)
        #expect(card.hasPrefix("\(person.fullName)\n\nEmail: \(person.email)\n"))
        #expect(card.contains("Position: \(person.position.title)"))
        #expect(!card.contains("Contact card (c)"), "buttons aren't copied")
        #expect(status(controller).contains("copied the card"))

        controller.handle(.key(.character("Y")))
        controller.handle(.key(.escape))
        #expect(controller.copyMenu == nil)
        #expect(clipboard.copied.count == 2)
    }

    @Test("The status line says why nothing was copied", arguments: [
        (ClipboardOutcome.off, "copying is off"),
        (.unsupported("the Linux console has no clipboard"), "can't copy: the Linux console has no clipboard"),
        (.copied(confirmed: false), "to the clipboard (OSC 52)"),
        (.tooLong, "too long to copy"),
    ])
    func outcomes(outcome: ClipboardOutcome, message: String) async {
        let (controller, _) = await screen(outcome: outcome)
        controller.handle(.key(.character("y")))
        #expect(status(controller).contains(message), "\(status(controller))")
    }

    @Test("The notice goes after a few seconds")
    func noticeExpires() async {
        var now = Sample.today
        let (model, busy) = makeDirectory(FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList)))
        let controller = ScreenController(sources: [model], size: Size(width: 100, height: 30), busy: busy,
                                          now: { now }, timeZone: Sample.zone)
        controller.onCopy = { _ in .copied(confirmed: true) }
        controller.start()
        _ = await settle({ busy.isIdle && !model.isLoading }, limit: 100_000)
        controller.handle(.key(.character("y")))
        #expect(controller.needsTicks)
        now += ScreenController.noticeDuration + 1
        controller.tick()
        #expect(controller.notice == nil)
    }
}
