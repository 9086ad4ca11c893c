import Foundation
import Testing
@testable import RoloCore

@Suite("PlainJSONReader reads a plain string exactly when it is valid UTF-8")
struct PlainJSONReaderTests {
    /// The string `PlainJSONReader` reads from `"` + `body` + `"`.
    private func read(_ body: [UInt8]) -> String? {
        let bytes = [UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")]
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = PlainJSONReader(buffer)
            return reader.string()
        }
    }

    @Test("each body reads as Swift's validating decoder reads it", arguments: [
        Array("Mari Tamm".utf8), Array("Õunapuu Jüri".utf8), Array("Шевченко".utf8), Array("😀 🇪🇪".utf8),
        Array("\u{FFFD} as it is".utf8), [],
        [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xFF], [0x80, 0x41],
        [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        Array("ok".utf8) + [0xEF, 0xBF], Array("tail ".utf8) + [0xCE],
    ] as [[UInt8]])
    func matchesValidatingDecoder(body: [UInt8]) {
        #expect(read(body) == String(validating: body, as: UTF8.self))
    }

    @Test("an escape or a control character is left for JSONDecoder")
    func escapesAndControls() {
        #expect(read(Array(#"a\"b"#.utf8)) == nil)
        #expect(read([0x41, 0x09, 0x42]) == nil)
    }
}
