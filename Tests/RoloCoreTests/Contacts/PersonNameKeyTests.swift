import RoloCore
import Testing

@Suite("PersonNameKey: trimmed, blanks collapsed, NFC, lower case")
struct PersonNameKeyTests {
    @Test("ASCII names, read byte by byte, get the key the general path gives", arguments: [
        "Mari Tamm", "  Mari-Liis \t  TAMM  ", "O'Brien\r\nJr.", "", "   ", "A\u{B}B\u{C}C",
    ])
    func asciiMatchesGeneralPath(name: String) {
        // A non-ASCII word sends the whole name down the general path.
        let general = PersonNameKey.normalized(name + " Ö")
        let ascii = PersonNameKey.normalized(name)
        #expect(general == (ascii.isEmpty ? "ö" : ascii + " ö"))
    }

    @Test("Case, blanks and composition don't make another person; diacritics do")
    func identity() {
        #expect(PersonNameKey(firstName: " JÜRI ", lastName: "Mägi") == PersonNameKey(firstName: "ju\u{308}ri", lastName: "ma\u{308}gi"))
        #expect(PersonNameKey(firstName: "Mari", lastName: "TAMM").text == "mari tamm")
        #expect(PersonNameKey(firstName: "Juri", lastName: "Magi") != PersonNameKey(firstName: "Jüri", lastName: "Mägi"))
    }
}
