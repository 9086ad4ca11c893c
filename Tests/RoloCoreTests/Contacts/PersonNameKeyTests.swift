import Testing
@testable import RoloCore

@Suite("PersonNameKey: trimmed, blanks collapsed, NFC, lower case")
struct PersonNameKeyTests {
    @Test("ASCII names, read byte by byte, get the key the general path gives", arguments: [
        "Mari Tamm", "  Mari-Liis \t  TAMM  ", "O'Brien\r\nJr.", "", "   ", "A\u{B}B\u{C}C",
    ])
    func asciiMatchesGeneralPath(name: String) {
        // A combining mark sends the whole name down the general path.
        let general = PersonNameKey.normalized(name + " O\u{308}")
        let ascii = PersonNameKey.normalized(name)
        #expect(general == (ascii.isEmpty ? "ö" : ascii + " ö"))
    }

    @Test("Case, blanks and composition don't make another person; diacritics do")
    func identity() {
        #expect(PersonNameKey(firstName: " JÜRI ", lastName: "Mägi") == PersonNameKey(firstName: "ju\u{308}ri", lastName: "ma\u{308}gi"))
        #expect(PersonNameKey(firstName: "Mari", lastName: "TAMM").text == "mari tamm")
        #expect(PersonNameKey(firstName: "Juri", lastName: "Magi") != PersonNameKey(firstName: "Jüri", lastName: "Mägi"))
    }

    @Test("Names of Latin and Cyrillic letters, read without Foundation, get the key Foundation gives")
    func lettersMatchFoundation() {
        let letters = [0xC0...0x24F, 0x400...0x482, 0x48A...0x4FF].joined().compactMap(Unicode.Scalar.init)
        for letter in letters {
            for name in ["\(letter)", " Mari\(letter)  TAMM-\(letter)x\t", "\(letter)\(letter) Ülle",
                         "\r\n\(letter)\u{B}\u{C}x\r\n\r\(letter) \u{1F}y "] {
                #expect(PersonNameKey.normalized(name) == PersonNameKey.foundationNormalized(name), "U+\(String(letter.value, radix: 16))")
            }
        }
        #expect(PersonNameKey.normalized("İlker ÇELİK") == "i\u{307}lker çeli\u{307}k")
    }
}
