import Foundation
import Testing
@testable import TerminalUI

@Suite("OSC 52: the bytes that set the clipboard")
struct OSC52Tests {
    private func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    @Test("Plain: ESC ] 52 ; c ; base64 of the UTF-8 BEL")
    func plain() {
        #expect(text(OSC52.sequence(for: "mari.tamm@example.com", wrap: .none))
            == "\u{1b}]52;c;bWFyaS50YW1tQGV4YW1wbGUuY29t\u{07}")
        // Non-ASCII goes as its UTF-8 bytes: "Jüri 🌟" is 4A C3 BC 72 69 20 F0 9F 8C 9F.
        #expect(text(OSC52.sequence(for: "Jüri 🌟", wrap: .none)) == "\u{1b}]52;c;SsO8cmkg8J+Mnw==\u{07}")
    }

    @Test("tmux: inside ESC P tmux; … ESC \\ with every ESC of the OSC doubled")
    func tmux() {
        #expect(text(OSC52.sequence(for: "a@b.ee", wrap: .tmux))
            == "\u{1b}Ptmux;\u{1b}\u{1b}]52;c;YUBiLmVl\u{07}\u{1b}\\")
    }

    @Test("screen: ESC P … ESC \\ chunks of 76 base64 characters that join into one OSC 52")
    func screen() throws {
        let value = String(repeating: "Päevik ", count: 40)
        let bytes = try #require(OSC52.sequence(for: value, wrap: .screen))
        let output = try #require(text(bytes))
        let encoded = Data(value.utf8).base64EncodedString()
        #expect(output.hasPrefix("\u{1b}P\u{1b}]52;c;"))
        #expect(output.hasSuffix("\u{07}\u{1b}\\"))
        // What screen passes on: the chunks' insides, one after the other.
        let chunks = output.components(separatedBy: "\u{1b}\\").filter { !$0.isEmpty }.map { $0.replacingOccurrences(of: "\u{1b}P", with: "") }
        #expect(chunks.joined() == "\u{1b}]52;c;\(encoded)\u{07}")
        let payloads = chunks.map { $0.replacingOccurrences(of: "\u{1b}]52;c;", with: "").replacingOccurrences(of: "\u{07}", with: "") }
        #expect(payloads.count == (encoded.count + 75) / 76)
        #expect(payloads.dropLast().allSatisfy { $0.count == 76 })
        // Each DCS stays well inside screen's 768-byte string buffer.
        #expect(chunks.allSatisfy { $0.utf8.count < 100 })
    }

    @Test("A value past the length terminals accept is refused, not cut")
    func tooLong() {
        let limit = OSC52.maximumEncodedLength / 4 * 3
        #expect(OSC52.sequence(for: String(repeating: "x", count: limit), wrap: .none) != nil)
        #expect(OSC52.sequence(for: String(repeating: "x", count: limit + 1), wrap: .none) == nil)
    }

    @Test("The backend writes the bytes whole to its descriptor")
    func backendWrites() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let bytes = try #require(OSC52.sequence(for: "liis.kask@jobapp.example", wrap: .tmux))
        #expect(Terminal.writeAll(bytes, to: fds[1]))
        close(fds[1])
        var read = [UInt8](repeating: 0, count: 512)
        let count = Foundation.read(fds[0], &read, read.count)
        #expect(Array(read.prefix(count)) == bytes)
        #expect(!Terminal.writeAll(bytes, to: -1), "a closed terminal is reported, not ignored")
    }
}
