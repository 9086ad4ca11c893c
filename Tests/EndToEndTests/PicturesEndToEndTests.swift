import Foundation
import Logging
import RoloCore
import StandIn
import Testing
@testable import TerminalUI

/// rolo through a pty whose far end answers as kitty, as XTerm with sixel, late or not at all,
/// against the stand-in: the pictures it sends, decoded, are the stand-in's photos; replies never
/// reach the keys.
extension EndToEnd {
    @Suite("Pictures by the terminal's protocol, through a pty", .serialized)
    struct PicturesEndToEndTests {
        private static let down = "\u{1b}OB", up = "\u{1b}OA"

        /// rolo on people against a fresh stand-in, settled: the terminal, the server and the bytes of the start.
        private func start(_ persona: PtyTerminal.Persona, _ extra: [String] = [],
                           term: String = "xterm-256color") async throws -> (PtyTerminal, StandInServer) {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in"))
            let terminal = try PtyTerminal(arguments: ["people", "--people-url", server.baseURL.absoluteString] + extra,
                                           persona: persona, term: term)
            try await terminal.waitIdle(after: 0)
            return (terminal, server)
        }

        @Test("kitty: the photo uploaded once at the slot's size, matching the source; a return visit is a placement by id")
        func kitty() async throws {
            let (terminal, server) = try await start(.kitty)
            defer { Task { await server.stop() } }
            let sources = try await PictureBytes.sourcePhotos(server)
            let commands = PictureBytes.kittyCommands(terminal.bytes)
            let uploads = try PictureBytes.kittyUploads(commands)
            let placements = commands.filter { $0.keys["a"] == "p" }
            // The detail photo: the largest image uploaded; placed on c × r cells of 10×20 pixels.
            let (id, photo) = try #require(uploads.max { $0.value.rgba.count < $1.value.rgba.count })
            let placed = try #require(placements.last { $0.keys["i"] == "\(id)" })
            let columns = try #require(placed.keys["c"].flatMap(Int.init)), rows = try #require(placed.keys["r"].flatMap(Int.init))
            #expect(photo.width == columns * 10 && photo.height == rows * 20, "an image of the slot's size: \(photo.width)×\(photo.height) on \(columns)×\(rows) cells")
            let shown = PictureBytes.opaque(width: photo.width, height: photo.height, rgba: photo.rgba)
            let quality = PictureBytes.psnr(shown, bestOf: sources)
            #expect(quality > 30, "PSNR \(quality) dB")

            let first = try await terminal.press(Self.down)
            let back = try await terminal.press(Self.up)
            let again = PictureBytes.kittyCommands(back)
            #expect(!again.contains { $0.keys["a"] == "t" && $0.keys["i"] == "\(id)" }, "not uploaded twice")
            #expect(again.contains { $0.keys["a"] == "p" && $0.keys["i"] == "\(id)" }, "placed again by id")
            #expect(PictureBytes.kittyCommands(first).contains { $0.keys["a"] == "d" && $0.keys["i"] == "\(id)" && $0.keys["d"] == "i" },
                    "moving away deletes the placement, keeping the image")
            #expect(back.count < 4000, "a return visit costs \(back.count) bytes, the first \(first.count)")

            // The help overlay covers the photo: its placement goes, and comes back by id after.
            func has(_ bytes: [UInt8], _ action: String) -> Bool {
                PictureBytes.kittyCommands(bytes).contains { $0.keys["a"] == action && $0.keys["i"] == "\(id)" }
            }
            let help = try await terminal.press("?")
            #expect(has(help, "d") && !has(help, "p"), "the overlay takes the photo off: \(String(decoding: help, as: UTF8.self).debugDescription)")
            let closed = try await terminal.press("\u{1b}")
            #expect(has(closed, "p") && !has(closed, "t"), "closed, the photo is placed again, not uploaded")
            // kitty dropped the image (its storage quota): the failed placement's ENOENT brings
            // an upload and a placement, and never reaches the keys.
            let dropped = terminal.bytes.count
            let beforeReply = terminal.idleState().frame
            terminal.type("\u{1b}_Gi=\(id),p=1;ENOENT:Put command refers to non-existent image with id: \(id)\u{1b}\\")
            try await terminal.waitIdle(after: beforeReply)
            let resent = PictureBytes.kittyCommands(Array(terminal.bytes[dropped...]))
            #expect(try PictureBytes.kittyUploads(resent)[id] != nil, "uploaded again")
            #expect(resent.contains { $0.keys["a"] == "p" && $0.keys["i"] == "\(id)" }, "placed again")
            #expect(Array(terminal.bytes[dropped...]).firstRange(of: Array("ENOENT".utf8)) == nil)

            // Ctrl-L repaints every cell, and places the photo again by id.
            let repainted = try await terminal.press("\u{0c}")
            #expect(has(repainted, "p") && !has(repainted, "t"))

            // A smaller window: the photo's slot shrinks, so the old placement goes and the photo
            // is rendered, uploaded and placed anew; nothing of the old size stays.
            let before = terminal.bytes.count
            let frame = terminal.idleState().frame
            terminal.resize(columns: 100, rows: 30)
            try await terminal.waitIdle(after: frame)
            let resized = PictureBytes.kittyCommands(Array(terminal.bytes[before...]))
            #expect(resized.contains { $0.keys["a"] == "d" && $0.keys["i"] == "\(id)" }, "the old size's placement deleted")
            let newUploads = try PictureBytes.kittyUploads(resized)
            #expect(resized.contains { $0.keys["a"] == "p" && $0.keys["i"].flatMap(UInt32.init).map { newUploads[$0] != nil } == true },
                    "the photo uploaded and placed at its new size")
            try await terminal.quit()
        }

        @Test("XTerm with sixel: the photo drawn at the cell size the kernel gives, decoded by libsixel it matches the source")
        func sixel() async throws {
            let (terminal, server) = try await start(.xtermSixel)
            defer { Task { await server.stop() } }
            let sources = try await PictureBytes.sourcePhotos(server)
            let images = PictureBytes.sixelImages(terminal.bytes)
            let largest = try #require(images.max { $0.count < $1.count })
            let shown = try PictureBytes.decodeSixel(largest)
            // 360×480 in the detail's 36×18-cell slot at 120×40, of 10×20 pixels (from TIOCGWINSZ): 270×360.
            #expect(shown.width == 270 && shown.height == 360, "shown \(shown.width)×\(shown.height)")
            let quality = PictureBytes.psnr(shown, bestOf: sources)
            #expect(quality > 28, "PSNR \(quality) dB")
            #expect(PictureBytes.kittyCommands(terminal.bytes).allSatisfy { $0.keys["i"] == "31" }, "only the query speaks kitty")
            // The help overlay covers the photo; closed, the photo is drawn again, since sixel
            // lives in the cells the overlay was drawn over.
            let help = try await terminal.press("?")
            #expect(!PictureBytes.sixelImages(help).contains(largest), "no photo over the overlay")
            let closed = try await terminal.press("\u{1b}")
            #expect(PictureBytes.sixelImages(closed).contains(largest), "the photo again once the overlay is gone")
            try await terminal.quit()
        }

        @Test("XTerm as it starts by default (TERM=xterm, 8 colours) still draws sixel when it says it has it; badges when it doesn't")
        func sixelOnEightColours() async throws {
            let (terminal, server) = try await start(.xtermSixel, term: "xterm")
            defer { Task { await server.stop() } }
            let sources = try await PictureBytes.sourcePhotos(server)
            let largest = try #require(PictureBytes.sixelImages(terminal.bytes).max { $0.count < $1.count })
            let shown = try PictureBytes.decodeSixel(largest)
            #expect(shown.width == 270 && shown.height == 360, "shown \(shown.width)×\(shown.height)")
            #expect(PictureBytes.psnr(shown, bestOf: sources) > 28)
            #expect(terminal.bytes.firstRange(of: Array("▀".utf8)) == nil, "no half blocks in 8 colours")
            try await terminal.quit()

            let (silent, other) = try await start(.silent, term: "xterm")
            defer { Task { await other.stop() } }
            #expect(PictureBytes.sixelImages(silent.bytes).isEmpty)
            #expect(silent.bytes.firstRange(of: Array("▀".utf8)) == nil, "badges, no half blocks")
            #expect(silent.bytes.firstRange(of: Array("loading photo".utf8)) == nil, "no picture waits for an answer that never came")
            try await silent.quit()
        }

        @Test("WezTerm: the photo as an iTerm2 inline PNG on the slot's cells, matching the source")
        func iterm() async throws {
            let (terminal, server) = try await start(.wezterm)
            defer { Task { await server.stop() } }
            let sources = try await PictureBytes.sourcePhotos(server)
            let images = PictureBytes.itermImages(terminal.bytes)
            let photo = try #require(images.max { $0.file.count < $1.file.count })
            // 270×360 pixels of 10×20-pixel cells: 27 columns, 18 rows.
            #expect(photo.arguments.hasPrefix("inline=1;width=27;height=18;preserveAspectRatio=1;"), "\(photo.arguments)")
            let decoded = try ImageDecoder.decode(photo.file, fitting: nil)
            let shown = PixelImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
            let quality = PictureBytes.psnr(shown, bestOf: sources)
            #expect(quality > 35, "PSNR \(quality) dB")
            try await terminal.quit()
        }

        @Test("A terminal that answers nothing gets half blocks, as before")
        func silent() async throws {
            let (terminal, server) = try await start(.silent)
            defer { Task { await server.stop() } }
            let bytes = terminal.bytes
            #expect(PictureBytes.sixelImages(bytes).isEmpty)
            #expect(PictureBytes.kittyCommands(bytes).allSatisfy { $0.keys["i"] == "31" })
            #expect(bytes.firstRange(of: Array("▀".utf8)) != nil, "the photo in half blocks")
            try await terminal.quit()
        }

        @Test("Foods' flags where the terminal composes them (kitty), the country's code where it doesn't (XTerm)")
        func flags() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in"))
            defer { Task { await server.stop() } }
            let foods = server.baseURL.appendingPathComponent("foods/api/v1/demo").absoluteString
            // A regional indicator symbol, U+1F1E6 to U+1F1FF, starts F0 9F 87 in UTF-8.
            func hasFlag(_ bytes: [UInt8]) -> Bool { bytes.firstRange(of: [0xf0, 0x9f, 0x87]) != nil }
            for (persona, flags) in [(PtyTerminal.Persona.kitty, true), (.xtermSixel, false)] {
                let terminal = try PtyTerminal(arguments: ["foods", "--foods-url", foods], persona: persona)
                try await terminal.waitIdle(after: 0)
                #expect(hasFlag(terminal.bytes) == flags, "\(persona)")
                try await terminal.quit()
            }
        }

        @Test("Replies that come after rolo stopped waiting are read and dropped, never typed as keys")
        func late() async throws {
            let (terminal, server) = try await start(.late(.milliseconds(400)))
            defer { Task { await server.stop() } }
            // The far end answers 400 ms after the question, when rolo has decided without it;
            // rolo reads its input in order, so once the keys typed after the answer have
            // their frame, the answer has been read too.
            try await terminal.waitAnswered()
            let afterReply = terminal.bytes.count
            // A typed `2` would open the directory; `/` then `x` puts x in the search field.
            let typed = try await terminal.press("/")
            let searched = try await terminal.press("x")
            let since = Array(terminal.bytes[afterReply...])
            #expect(since.firstRange(of: Array("irectory".utf8)) == nil, "no source switch from a leaked 2")
            #expect(since.firstRange(of: Array("62".utf8)) == nil && since.firstRange(of: Array("kitty".utf8)) == nil)
            #expect(searched.contains(UInt8(ascii: "x")) && !typed.isEmpty, "\(String(decoding: typed, as: UTF8.self).debugDescription) then \(String(decoding: searched, as: UTF8.self).debugDescription)")
            #expect(PictureBytes.kittyCommands(terminal.bytes).allSatisfy { $0.keys["i"] == "31" }, "half blocks: the answer came too late")
            // Esc alone (no sequence follows it) leaves the search, so q quits.
            _ = try await terminal.press("\u{1b}")
            try await terminal.quit()
        }
    }
}
