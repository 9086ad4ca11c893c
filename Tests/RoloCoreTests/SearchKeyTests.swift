import Foundation
import Testing

@testable import RoloCore

@Suite("SearchKey folds text for matching")
struct SearchKeyTests {
    @Test(
        "case and diacritics are dropped, whitespace runs become one space, ends trimmed",
        arguments: [
            ("Jõe", "joe"), ("JOE", "joe"), ("Zoë Ångström", "zoe angstrom"), ("ÉLODIE", "elodie"),
            ("  Anna\t\n  Maria  ", "anna maria"), ("a\u{00A0}b", "a b"), ("José Álvarez", "jose alvarez"),
            ("ann@ACME.com", "ann@acme.com"), ("", ""), (" \t\n ", ""),
        ])
    func fold(text: String, folded: String) {
        #expect(SearchKey.fold(text) == folded)
    }

    @Test("Names in Latin and Cyrillic letters fold by table exactly as Foundation folds them")
    func lettersAsFoundation() {
        let letters = [0xC0...0x24F, 0x400...0x4FF].flatMap { $0 }.compactMap(Unicode.Scalar.init).map(Character.init)
        for letter in letters {
            let text = "Ab \(letter)c\t\(letter)"
            #expect(SearchKey.fold(text) == SearchKey.foundationFold(text), "U+\(letter.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " U+"))")
        }
        var state: UInt64 = 7
        let pool = Array("aZ 09-\t") + letters
        for _ in 0..<2_000 {
            let text = String((0..<12).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return pool[Int(state >> 33) % pool.count]
            })
            #expect(SearchKey.fold(text) == SearchKey.foundationFold(text), "\(text)")
        }
    }

    @Test("a decomposed accent folds like a precomposed one")
    func decomposed() {
        #expect(SearchKey.fold("Jo\u{0065}\u{0301}") == SearchKey.fold("Jo\u{00E9}"))
        #expect(SearchKey.fold("Jo\u{0065}\u{0301}") == "joe")
    }

    @Test("folding twice changes nothing")
    func idempotent() {
        let once = SearchKey.fold("  Ängel   DE la Cruz ")
        #expect(SearchKey.fold(once) == once)
    }

    @Test("a typed term folds to a substring of the field it should find")
    func termMatchesField() {
        #expect(SearchKey.fold("Jõe   Smith").contains(SearchKey.fold("JOE sm")))
        #expect(!SearchKey.fold("Jõe Smith").contains(SearchKey.fold("joesmith")))
    }

    @Test("several fields are folded each, joined by a newline, empty ones dropped")
    func fields() {
        #expect(SearchKey.fold(["Jõe Smith", "", "  ", "JOE@Example.com", "Ácme  Inc"]) == "joe smith\njoe@example.com\nacme inc")
        #expect(SearchKey.fold(["Only"]) == "only")
        #expect(SearchKey.fold([String]()) == "")
        #expect(SearchKey.fold(["", " "]) == "")
    }

    @Test("a Pipedrive person's search text is its name, emails and organisation")
    func pipedriveSearchText() {
        let person = PipedrivePerson(
            id: "1", name: "Jõe Smith",
            emails: [LabeledValue(value: "Joe@Work.com", primary: true), LabeledValue(value: "joe@home.org")],
            organizationName: "Ácme")
        #expect(person.searchKey == "joe smith\njoe@work.com\njoe@home.org\nacme")
        #expect(PipedrivePerson(id: "2", name: "Ann").searchKey == "ann")
        #expect(PipedrivePerson(id: "3", name: "", emails: [LabeledValue(value: "x@y.z")]).searchKey == "x@y.z")
    }
}
