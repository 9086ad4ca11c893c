import Foundation
import RoloCore
import StandIn
import Testing

@Suite("A card's own photo, as each vCard version embeds it")
struct ContactPhotoTests {
    private func card(_ text: String) throws -> ContactCard {
        try #require(VCardParser.parse(text).first)
    }

    @Test("The demo address book's 3.0, 4.0 and 2.1 cards each give their embedded JPEG")
    func embedded() throws {
        let cards = VCardParser.parse(DirectoryContacts.sampleVCard)
        #expect(cards.map(\.version) == ["3.0", "4.0", "2.1", "3.0"])
        for number in 0..<3 {
            let portrait = DirectoryContacts.portrait(number)
            #expect(portrait.starts(with: [0xFF, 0xD8]), "a JPEG")
            #expect(cards[number].photo == .embedded(portrait), "card \(number), vCard \(cards[number].version ?? "?")")
        }
        #expect(cards[3].photo == nil)
        #expect(cards[2].emails.map(\.value) == ["peeter@telisa.ee"], "the 2.1 photo doesn't swallow the fields around it")
    }

    @Test("2.1 as old phones write it: a bare BASE64, lines not indented, a blank line after")
    func unindented21() throws {
        let text = DirectoryContacts.portrait(0).base64EncodedString()
        let lines = stride(from: 0, to: text.count, by: 60).map { start in
            String(text.dropFirst(start).prefix(60))
        }
        let vcard = (["BEGIN:VCARD", "VERSION:2.1", "N:Tamm;Mari", "PHOTO;JPEG;BASE64:" + lines[0]] + lines.dropFirst()
            + ["", "TEL;CELL:+372 5555 1234", "END:VCARD"]).joined(separator: "\n")
        let parsed = try card(vcard)
        #expect(parsed.photo == .embedded(DirectoryContacts.portrait(0)))
        #expect(parsed.phones.map(\.value) == ["+372 5555 1234"])
    }

    @Test("Damaged base64 is unreadable, with a reason")
    func broken() throws {
        let parsed = try card("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Tamm;Mari;;;\r\nPHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ*!!\r\nEND:VCARD")
        #expect(parsed.photo == .unreadable("the card's photo is not valid base64"))
    }

    @Test("A photo by URL is a link; a data: address without data is unreadable; no PHOTO is nil", arguments: [
        ("PHOTO;VALUE=uri:https://example.com/mari.jpg", ContactPhoto.link("https://example.com/mari.jpg")),
        ("PHOTO:data:image/jpeg;base64,", ContactPhoto.unreadable("the card's photo is empty")),
        ("PHOTO:data:image/jpeg", ContactPhoto.unreadable("the photo's data: address has no data")),
        ("NOTE:no photo", nil),
    ])
    func otherShapes(line: String, expected: ContactPhoto?) throws {
        #expect(try card("BEGIN:VCARD\nVERSION:4.0\nFN:Mari Tamm\n\(line)\nEND:VCARD").photo == expected)
    }
}
