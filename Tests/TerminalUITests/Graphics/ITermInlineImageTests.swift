import Foundation
import Testing
@testable import TerminalUI

@Suite("ITermInlineImage: a PNG in OSC 1337")
struct ITermInlineImageTests {
    private let slot = PictureSlot(columns: 20, rows: 10, cell: Size(width: 10, height: 20))

    /// The arguments and the base64 payload of the OSC 1337 between the cursor save and restore.
    private func parts(_ bytes: [UInt8]) throws -> (arguments: String, payload: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        try #require(text.hasPrefix("\u{1b}7\u{1b}]1337;File=") && text.hasSuffix("\u{07}\u{1b}8"))
        let inner = text.dropFirst("\u{1b}7\u{1b}]1337;File=".count).dropLast(3)
        let split = try #require(inner.firstIndex(of: ":"))
        return (String(inner[..<split]), String(inner[inner.index(after: split)...]))
    }

    @Test("A photo becomes a PNG of the slot's pixel size, holding the shrunk pixels exactly")
    func photo() throws {
        let photo = GraphicsTestSupport.photo(width: 640, height: 480)
        let (bytes, fit) = try #require(ITermInlineImage.picture(photo, for: slot))
        #expect(fit.columns == 20 && fit.rows == 8)
        let (arguments, payload) = try parts(bytes)
        let png = try #require(Data(base64Encoded: payload))
        #expect(arguments == "inline=1;width=20;height=8;preserveAspectRatio=1;size=\(png.count)")
        let decoded = try PNGReader.decode(Array(png))
        #expect(decoded == BoxResampler.resample(photo, width: 200, height: 150))
        // Filtered and deflated, the photo takes well under its 90,000 plain bytes.
        #expect(png.count < 200 * 150 * 3 * 3 / 4)
    }

    @Test("A small picture goes as it is, for iTerm2 to enlarge into the cells")
    func small() throws {
        let avatar = GraphicsTestSupport.photo(width: 30, height: 60)
        let (bytes, fit) = try #require(ITermInlineImage.picture(avatar, for: slot))
        #expect(fit.columns == 10 && fit.rows == 10)
        let (arguments, payload) = try parts(bytes)
        #expect(arguments.hasPrefix("inline=1;width=10;height=10;preserveAspectRatio=1;size="))
        #expect(try PNGReader.decode(Array(try #require(Data(base64Encoded: payload)))) == avatar)
    }

    @Test("Through tmux the whole escape is wrapped")
    func tmux() throws {
        let avatar = GraphicsTestSupport.photo(width: 16, height: 16)
        let plain = try #require(ITermInlineImage.picture(avatar, for: slot)).bytes
        let wrapped = try #require(ITermInlineImage.picture(avatar, for: slot, tmuxPassthrough: true)).bytes
        #expect(GraphicsTestSupport.unwrapTmux(wrapped) == [plain])
    }

    @Test("An empty slot gives nothing")
    func empty() {
        #expect(ITermInlineImage.picture(GraphicsTestSupport.photo(width: 8, height: 8),
                                         for: PictureSlot(columns: 0, rows: 0, cell: Size(width: 10, height: 20))) == nil)
    }
}
