import Foundation
import RoloCore
import StandIn
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Directory contact card: the card's own photo, and several cards for one person")
struct DirectoryCardPhotoTests {
    private typealias S = DirectorySamples

    /// The people the demo address book has cards for, as the directory lists them.
    private static let demoPeople = [
        DirectoryEmployee(firstName: "Mari-Liis", lastName: "Tamm", email: "ml@example.ee", position: .pm),
        DirectoryEmployee(firstName: "Jüri", lastName: "Õunapuu", email: "jyri@example.ee", position: .pm),
        DirectoryEmployee(firstName: "Peeter", lastName: "Termomeeter", email: "peeter@example.ee", position: .pm),
    ]

    /// A loaded directory over `cards`, with pictures on, shown on a 100×30 screen, `selecting`
    /// the row after the first `moves` ones.
    private func screen(cards: [ContactCard], people: [DirectoryEmployee] = S.tallinnList, moves: Int = 2,
                        selecting id: String = "mari tamm") async -> (ScreenController, DirectoryViewModel, BusyTracker) {
        let busy = BusyTracker()
        let model = DirectoryViewModel(
            service: FakeDirectoryService(tallinn: .success(people), tartu: .success(people == S.tallinnList ? S.tartuList : [])),
            snapshots: nil, contacts: cards, contactsProblem: nil, busy: busy,
            pictures: PictureStore(pipeline: ImagePipeline(), busy: busy),
            now: { Sample.today }, locale: S.locale, timeZone: Sample.zone)
        let controller = ScreenController(sources: [model], size: Size(width: 100, height: 30), busy: busy,
                                          now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        _ = await settle({ busy.isIdle && !model.isLoading }, limit: 100_000)
        for _ in 0..<moves { controller.perform(.moveDown) }
        #expect(controller.sourceUI.selectedID == id)
        return (controller, model, busy)
    }

    private func openedCardPicture(_ text: String) async throws -> (Picture, Canvas) {
        let (controller, model, busy) = await screen(cards: VCardParser.parse(text))
        controller.perform(.contactCard)
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        let picture = try #require(model.contactCard(for: "mari tamm", at: 0)?.picture)
        return (picture, controller.render(theme: .color, glyphs: .unicode))
    }

    @Test("The photo of a 3.0, a 4.0 and a 2.1 card is drawn beside the fields", arguments: [
        ("3.0", "mari-liis tamm", 1), ("4.0", "jüri õunapuu", 0), ("2.1", "peeter termomeeter", 2),
    ])
    func photo(version: String, id: String, moves: Int) async throws {
        let (controller, model, busy) = await screen(cards: VCardParser.parse(DirectoryContacts.sampleVCard),
                                                     people: Self.demoPeople, moves: moves, selecting: id)
        controller.perform(.contactCard)
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        let picture = try #require(model.contactCard(for: id, at: 0)?.picture)
        let image = try #require(picture.image, "vCard \(version)")
        #expect(image.columns == 16 && image.rows == 8)
        #expect(picture.caption == nil)
        let canvas = controller.render(theme: .color, glyphs: .unicode)
        let overlay = try #require(canvas.lines.firstIndex { $0.contains("vCard \(version)") || $0.contains("Esc closes") })
        let halfBlocks = (0..<canvas.height).flatMap { y in (0..<canvas.width).map { canvas[$0, y] } }.filter { $0.text == "▀" }
        #expect(halfBlocks.count == 16 * 8, "the photo, and nothing else in half blocks")
        let box = try #require(canvas.lines.firstIndex { $0.contains("╭") })
        let photoRow = try #require(canvas.lines.firstIndex { $0.contains("▀") })
        #expect(photoRow == box + 1, "beside the fields from the top of the card")
        #expect(overlay > box)
        #expect(!canvas.text.contains("embedded data"))
    }

    @Test("A broken photo: the initials badge with the reason")
    func brokenPhoto() async throws {
        let broken = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Tamm;Mari;;;\r\nFN:Mari Tamm\r\nPHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ*!!\r\nEND:VCARD"
        let (picture, canvas) = try await openedCardPicture(broken)
        #expect(picture.image == nil)
        #expect(picture.initials == "MT")
        #expect(picture.caption == "photo can't be shown: the card's photo is not valid base64")
        #expect(canvas.text.contains("photo can't be"))
    }

    @Test("Base64 that decodes but isn't an image: the badge says what the decoder found")
    func notAnImage() async throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Tamm;Mari;;;\r\nPHOTO;ENCODING=b;TYPE=JPEG:\(Data("<html>hi</html>".utf8).base64EncodedString())\r\nEND:VCARD"
        let (picture, _) = try await openedCardPicture(text)
        #expect(picture.image == nil)
        #expect(picture.caption?.hasPrefix("photo can't be shown: ") == true)
    }

    @Test("Three cards for one person: the overlay says 1 of 3, → and ← page through them, and stop at the ends")
    func severalCards() async throws {
        let cards = (1...3).map { n in
            "BEGIN:VCARD\nVERSION:4.0\nN:Tamm;Mari;;;\nFN:Mari Tamm\nORG:Company \(n)\nEND:VCARD"
        }.joined(separator: "\n")
        let (controller, model, _) = await screen(cards: VCardParser.parse(cards))
        #expect(model.contactCardCount(for: "mari tamm") == 3)
        controller.perform(.contactCard)
        var text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("1 of 3"))
        #expect(text.contains("Company 1"))
        #expect(!controller.isAvailable(.previousCard))
        controller.handle(.key(.right))
        text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("2 of 3") && text.contains("Company 2"))
        controller.handle(.key(.right))
        controller.handle(.key(.right))
        text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("3 of 3") && text.contains("Company 3"))
        #expect(!controller.isAvailable(.nextCard))
        controller.handle(.key(.left))
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).text.contains("2 of 3"))
        controller.handle(.key(.escape))
        #expect(controller.card == nil)
    }

    @Test("One card: no page count and ←/→ do nothing")
    func oneCard() async throws {
        let (controller, _, _) = await screen(cards: S.cards)
        controller.perform(.contactCard)
        controller.handle(.key(.right))
        let text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(!text.contains("of 1"))
        #expect(controller.card?.index == 0)
        #expect(text.contains("Dr. Mari Liis Tamm"))
    }
}
