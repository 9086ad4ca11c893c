import Foundation
import RoloCore
import Testing

@Suite("trimmingWhitespace trims what Foundation's .whitespaces trims")
struct TrimmingWhitespaceTests {
    @Test("Spaces, tabs and Unicode space separators at either end; newlines and inner spaces kept", arguments: [
        "", " ", "a", " a ", "\ta\t", "a b", "\u{00A0}Jõe\u{3000}", "\n a \n", "  Mari  Tamm", "Tamm\u{2003}",
        "\u{200B}zero-width\u{200B}", "🇪🇪 ", " 👩🏽‍💻",
    ])
    func sameAsFoundation(_ text: String) {
        #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespaces))
        #expect(text[...].trimmingWhitespace == text.trimmingCharacters(in: .whitespaces))
    }
}
