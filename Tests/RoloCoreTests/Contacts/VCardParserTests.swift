import Foundation
import RoloCore
import StandIn
import Testing

@Suite("VCardParser reads the shapes real address books export")
struct VCardParserTests {
    private func cards(_ name: String) throws -> [ContactCard] {
        VCardParser.parse(try Fixture.data("vcard/\(name)"))
    }

    @Test("Apple Contacts 3.0: N, grouped items with X-ABLabel, escapes, every other field kept")
    func apple() throws {
        let card = try #require(try cards("apple-3.0.vcf").first)
        #expect(card.version == "3.0")
        #expect(card.givenName == "Mari-Liis")
        #expect(card.familyName == "Tamm")
        #expect(card.additionalNames == ["Anna"])
        #expect(card.honorificPrefixes == ["Dr."])
        #expect(card.formattedName == "Dr. Mari-Liis Anna Tamm")
        #expect(card.organization == "Rolo Demo OÜ, Product")
        #expect(card.title == "Product Manager")
        #expect(card.emails == [ContactCard.Entry(value: "mari-liis.tamm@jobapp.example", types: ["work"], isPreferred: true)])
        #expect(card.phones == [
            ContactCard.Entry(value: "+372 5123 4567", types: ["cell", "voice"], label: "Mobile", isPreferred: true),
            ContactCard.Entry(value: "+372 600 0000", label: "Desk phone"),
        ])
        #expect(card.phones[1].kind == "Desk phone")
        let address = try #require(card.addresses.first)
        #expect(address.street == "Pikk 1 korter 2")
        #expect(address.singleLine == "Pikk 1 korter 2, 10123 Tallinn, Estonia")
        #expect(address.types == ["home"])
        #expect(card.urls.first?.label == "HomePage")
        #expect(card.birthday == "1988-03-14")
        #expect(card.note == "Likes board games, chess; go.\nSecond line with a backslash \\ here.")
        #expect(card.otherProperties.map(\.name) == ["PRODID", "X-ABADR", "X-SOCIALPROFILE"])
        let social = try #require(card.otherProperties.last)
        #expect(social.types == ["twitter"])
        #expect(social.value == "https://twitter.com/mari")
        #expect(card.otherProperties[1].group == "item3")
    }

    @Test("Google 3.0 with LF line ends: comma-listed types, several cards, INTERNET dropped")
    func google() throws {
        let cards = try cards("google-3.0.vcf")
        #expect(cards.map(\.formattedName) == ["Jüri Õunapuu", "Peeter Termomeeter"])
        let jyri = cards[0]
        #expect(jyri.emails.map(\.types) == [["home"], []])
        #expect(jyri.phones.map(\.types) == [["cell"], ["home", "voice"]])
        #expect(jyri.addresses.first?.region == "Tartumaa")
        #expect(jyri.otherProperties.first?.value == "myContacts,Colleagues")
    }

    @Test("Outlook 2.1: quoted-printable UTF-8, soft line breaks, bare TYPEs, Latin-1 charset")
    func outlook() throws {
        let card = try #require(try cards("outlook-2.1.vcf").first)
        #expect(card.givenName == "Ülle")
        #expect(card.familyName == "Pärn")
        #expect(card.formattedName == "Ülle Pärn")
        #expect(card.phones.map(\.types) == [["cell", "voice"], ["work", "voice"]])
        #expect(card.emails.first?.isPreferred == true)
        #expect(card.addresses.first?.street == "Jõe 5")
        #expect(card.note == "Esimene rida\nTeine rida on pikk ja murtud pehme reavahetusega, õige täpselt.")
        #expect(card.title == "Juhataja abiä")
        let label = try #require(card.otherProperties.first { $0.name == "LABEL" })
        #expect(label.value == "Jõe 5\nTallinn")
        #expect(label.parameter("encoding") == ["QUOTED-PRINTABLE"])
    }

    @Test("Nextcloud 4.0: tel: URIs, quoted TYPE lists, PREF=1, quoted parameters with escapes, folds")
    func nextcloud() throws {
        let card = try #require(try cards("nextcloud-4.0.vcf").first)
        #expect(card.version == "4.0")
        #expect(card.phones == [
            ContactCard.Entry(value: "+372-5123-9999", types: ["cell", "voice"], isPreferred: true),
            ContactCard.Entry(value: "+372-600-1111", types: ["work"]),
        ])
        #expect(card.addresses.first?.locality == "Tartu")
        #expect(card.birthday == "--0415")
        #expect(card.note == "Folded over two lines,and a tab.")
        #expect(card.otherProperties.map(\.name) == ["PRODID", "UID", "KIND"])
    }

    @Test("A card without N takes its names from FN: the last word is the family name")
    func withoutN() throws {
        let cards = try cards("no-n.vcf")
        #expect(cards.map(\.givenName) == ["Mari Liis", "Hans-Kristjan", ""])
        #expect(cards.map(\.familyName) == ["Tamm", "Kask", "Cher"])
        #expect(cards.map(\.hasStructuredName) == [false, false, false])
        #expect(cards[2].displayName == "Cher")
    }

    @Test("A byte order mark and CRLF: all three cards")
    func bomAndCRLF() throws {
        let cards = try cards("bom-crlf.vcf")
        #expect(cards.map(\.familyName) == ["Kask-Mägi", "Kõiv", "Saar"])
        #expect(cards[0].version == "3.0")
    }

    @Test("A file that isn't UTF-8 is read as Windows-1252")
    func latin1() throws {
        let card = try #require(try cards("latin1-2.1.vcf").first)
        #expect(card.formattedName == "Märt Mägi")
        #expect(card.phones.first?.types == ["home"])
    }

    @Test("Escape sequences are removed and lines that aren't properties skipped")
    func hostile() throws {
        let card = try #require(try cards("hostile.vcf").first)
        #expect(card.formattedName == "EvilRed Mallory")
        #expect(card.givenName == "EvilRed")
        #expect(card.note == "line\nbreak")
        #expect(card.otherProperties.isEmpty)
    }

    @Test("Odd input gives no cards or a kept partial card, never a crash", arguments: [
        ("", 0), ("garbage\n\n:::\n", 0), ("BEGIN:VCARD\nFN:No End\n", 1), ("END:VCARD\n", 0),
        ("BEGIN:VCARD\nFN:A\nAGENT:\nBEGIN:VCARD\nFN:Inner\nEND:VCARD\nEND:VCARD\n", 1),
        ("BEGIN:VCARD\nN;ENCODING=QUOTED-PRINTABLE:=\n", 1), ("BEGIN:VCARD\nNOTE:\\\n", 1),
    ])
    func oddInput(text: String, count: Int) {
        let cards = VCardParser.parse(text)
        #expect(cards.count == count)
        if text.contains("Inner") { #expect(cards.first?.formattedName == "A") }
    }

    @Test("Parameters: case-insensitive names, repeated TYPEs, bare 2.1 values, quoted colons")
    func parameters() throws {
        let text = "BEGIN:VCARD\r\nitem9.tel;type=HOME;Type=fax;X-NOTE=\"a:b;c\":+1\r\nEND:VCARD\r\n"
        let card = try #require(VCardParser.parse(text).first)
        #expect(card.phones == [ContactCard.Entry(value: "+1", types: ["home", "fax"])])
        let bare = try #require(VCardParser.parse("BEGIN:VCARD\nTEL;CELL;PREF:5\nEND:VCARD").first)
        #expect(bare.phones == [ContactCard.Entry(value: "5", types: ["cell"], isPreferred: true)])
    }

    @Test("Escape sequences in property names, groups and parameters are removed, as in values (found by the fuzzer)")
    func hostileLabels() throws {
        let text = "BEGIN:VCARD\nFN:A\nTEL;TYPE=voi\u{1b}[31mce:5\nit\u{7}em1.X-\u{1b}[1mFOO;P\u{9b}2J=v\u{1b}[0m:x\nEND:VCARD\n"
        let card = try #require(VCardParser.parse(text).first)
        #expect(card.phones.first?.types == ["voice"])
        let other = try #require(card.otherProperties.first)
        #expect(other.name == "X-FOO")
        #expect(other.group == "item1")
        #expect(other.parameters == ["P": ["v"]])
    }

    @Test("The demo address book of the stand-in parses into its four cards")
    func demoSample() {
        let cards = VCardParser.parse(DirectoryContacts.sampleVCard)
        #expect(cards.map(\.displayName) == ["Mari-Liis Tamm", "JÜRI ÕUNAPUU", "Peeter Termomeeter", "Juri Õunapuu"])
        #expect(cards[2].note == "Kohtusime Märtsis, rääkisime õunapuudest.")
        #expect(cards[1].phones.first?.value == "+372-5012-3456")
    }
}
