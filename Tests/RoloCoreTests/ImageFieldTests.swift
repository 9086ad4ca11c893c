import Foundation
import RoloCore
import Testing

@Suite("ImageField decodes base64 as the ME server sends it")
struct ImageFieldTests {
    private let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49])  // "/9j/4AAQSkZJ"

    @Test("Plain, quoted, blank-padded and CRLF-wrapped forms decode to the same bytes")
    func forms() {
        for text in ["/9j/4AAQSkZJ", "\"/9j/4AAQSkZJ\"", "  /9j/4AAQ\nSkZJ\n", "\"/9j/\r\n4AAQ\r\nSkZJ\""] {
            #expect(ImageField(base64: text) == .bytes(bytes), "\(text)")
        }
    }

    @Test("Missing padding is restored")
    func padding() {
        #expect(ImageField(base64: "/9j/4A") == .bytes(Data([0xFF, 0xD8, 0xFF, 0xE0])))
        #expect(ImageField(base64: "/9j/4A==") == .bytes(Data([0xFF, 0xD8, 0xFF, 0xE0])))
        #expect(ImageField(base64: "/9j/4AA") == .bytes(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00])))
    }

    @Test("Empty text, blanks and a bare pair of quotes are .absent")
    func empty() {
        for text in ["", "   \n", "\"\""] {
            #expect(ImageField(base64: text) == .absent)
        }
    }

    @Test("Anything outside the alphabet, padding in the middle or a lone sixth bit is invalid")
    func invalid() {
        for text in ["not*base64!", "/9j=/4AA", "/9j/4", "\"/9j/4AA", "<html>"] {
            #expect(ImageField(base64: text) == .invalid("not valid base64"), "\(text)")
        }
    }

    @Test("data gives the bytes only for .bytes")
    func data() {
        #expect(ImageField.bytes(bytes).data == bytes)
        #expect(ImageField.absent.data == nil)
        #expect(ImageField.invalid("x").data == nil)
    }
}
