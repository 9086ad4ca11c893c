import Foundation
import RoloCore
import Testing

@Suite("AddressBook loads files or directories and matches employees to cards")
struct AddressBookTests {
    private func card(_ text: String) throws -> ContactCard {
        try #require(VCardParser.parse("BEGIN:VCARD\nVERSION:3.0\n\(text)\nEND:VCARD\n").first)
    }

    @Test("Given and family name match case-insensitively; additional names are ignored")
    func caseInsensitive() throws {
        let cards = [try card("N:ÕUNAPUU;JÜRI;Peeter;;\nFN:JÜRI P. ÕUNAPUU")]
        #expect(AddressBook.card(for: "jüri", lastName: "õunapuu", in: cards) != nil)
        #expect(AddressBook.card(for: " Jüri ", lastName: "Õunapuu", in: cards) != nil)
    }

    @Test("Diacritics are significant: Jüri is not Juri")
    func diacritics() throws {
        let cards = [try card("N:Õunapuu;Jüri;;;")]
        #expect(AddressBook.card(for: "Juri", lastName: "Õunapuu", in: cards) == nil)
        #expect(AddressBook.card(for: "Jüri", lastName: "Ounapuu", in: cards) == nil)
    }

    @Test("A decomposed ü on the card is the same letter (NFC)")
    func nfc() throws {
        let cards = [try card("N:Ma\u{308}gi;Ju\u{308}ri;;;")]
        #expect(AddressBook.card(for: "Jüri", lastName: "Mägi", in: cards) != nil)
    }

    @Test("Given and family must both match; swapped names don't")
    func bothNames() throws {
        let cards = [try card("N:Tamm;Mari;;;")]
        #expect(AddressBook.card(for: "Mari", lastName: "Saar", in: cards) == nil)
        #expect(AddressBook.card(for: "Tamm", lastName: "Mari", in: cards) == nil)
    }

    @Test("Without N, FN matches at any word boundary")
    func formattedNameFallback() throws {
        let cards = [try card("FN:Mari Liis Tamm")]
        #expect(AddressBook.card(for: "Mari Liis", lastName: "Tamm", in: cards) != nil)
        #expect(AddressBook.card(for: "Mari", lastName: "Liis Tamm", in: cards) != nil)
        #expect(AddressBook.card(for: "Mari", lastName: "Tamm", in: cards) == nil)
    }

    @Test("The first matching card wins, and the index agrees")
    func firstWins() throws {
        let cards = [try card("N:Tamm;Mari;;;\nTEL:1"), try card("N:tamm;mari;;;\nTEL:2")]
        #expect(AddressBook.card(for: "Mari", lastName: "Tamm", in: cards)?.phones.first?.value == "1")
        let index = ContactIndex(cards)
        #expect(index.card(firstName: "MARI", lastName: "TAMM")?.phones.first?.value == "1")
        #expect(index.card(firstName: "Mari", lastName: "Saar") == nil)
    }

    @Test("A file loads its cards")
    func file() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("contacts.vcf", "BEGIN:VCARD\nFN:A B\nEND:VCARD\nBEGIN:VCARD\nFN:C D\nEND:VCARD\n")
        let book = AddressBook.load(path: path)
        #expect(book.cards.map(\.formattedName) == ["A B", "C D"])
        #expect(book.problem == nil)
    }

    @Test("A directory loads every .vcf and .vcard below it, hidden files and other files skipped")
    func directory() throws {
        let directory = try TemporaryDirectory()
        try directory.write("b.vcf", "BEGIN:VCARD\nFN:B B\nEND:VCARD\n")
        try directory.write("book/a.VCF", "BEGIN:VCARD\nFN:A A\nEND:VCARD\n")
        try directory.write("c.vcard", "BEGIN:VCARD\nFN:C C\nEND:VCARD\n")
        try directory.write(".hidden.vcf", "BEGIN:VCARD\nFN:H H\nEND:VCARD\n")
        try directory.write("notes.txt", "BEGIN:VCARD\nFN:T T\nEND:VCARD\n")
        let book = AddressBook.load(path: directory.path)
        #expect(book.cards.map(\.formattedName) == ["B B", "A A", "C C"])
        #expect(book.problem == nil)
    }

    @Test("Missing, empty and unreadable address books give a reason, not an error")
    func problems() throws {
        let directory = try TemporaryDirectory()
        let missing = AddressBook.load(path: directory.path + "/nope.vcf")
        #expect(missing.cards.isEmpty)
        #expect(missing.problem == "No address book at \(directory.path)/nope.vcf")
        #expect(AddressBook.load(path: directory.path).problem == "No vCards in \(directory.path)")
        let empty = try directory.write("empty.vcf", "")
        #expect(AddressBook.load(path: empty).problem == "\(empty) holds no vCards")
        try directory.write("good.vcf", "BEGIN:VCARD\nFN:G G\nEND:VCARD\n")
        let locked = try directory.write("locked.vcf", "BEGIN:VCARD\nFN:L L\nEND:VCARD\n", mode: 0)
        let partly = AddressBook.load(path: directory.path)
        #expect(partly.cards.map(\.formattedName) == ["G G"] || getuid() == 0)
        if getuid() != 0 {
            #expect(partly.problem?.hasPrefix("\(locked) can't be read") == true)
        }
    }
}
