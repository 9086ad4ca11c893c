import Foundation
import Logging
import Spawn
import StandIn
import Testing
@testable import TerminalUI

/// rolo inside a real tmux whose client runs on a pty that plays a kitty with Unicode
/// placeholders: the photo goes through tmux's passthrough as an upload and a virtual placement,
/// and tmux keeps its placeholder cells as text, which `capture-pane` reads back.
extension EndToEnd {
    @Suite("Pictures inside tmux: kitty's placeholders through the passthrough, else half blocks", .serialized)
    struct TmuxPicturesEndToEndTests {
        private static let down = "\u{1b}OB", up = "\u{1b}OA"

        /// A tmux server of the test's own (its socket, its config), started by the client the
        /// pty runs; killed on `close`, and waited for with everything it ran.
        final class TmuxServer {
            let socket: String
            let config: String
            /// Holds `config`; let go once the server is gone.
            private var folder: TemporaryDirectory?

            init(allowsPassthrough: Bool) throws {
                let id = UUID().uuidString.prefix(8).lowercased()
                socket = "rolo-e2e-tmux-\(id)"
                let folder = try TemporaryDirectory("rolo-tmux-\(id)")
                self.folder = folder
                config = folder.path + "/tmux.conf"
                // No status line, so the pane is the whole 120×40; a short escape-time, so Esc is Esc.
                try """
                set -g allow-passthrough \(allowsPassthrough ? "on" : "off")
                set -g default-terminal tmux-256color
                set -g status off
                set -sg escape-time 10

                """.write(toFile: config, atomically: true, encoding: .utf8)
                Watchdog.shared.watch(tmuxSocket: socket)
            }

            /// The client's arguments: a new session running `command`.
            func client(_ command: [String]) -> [String] {
                ["-L", socket, "-f", config, "new-session"] + command
            }

            @discardableResult
            func command(_ arguments: String...) throws -> String {
                try TmuxSession.execute("/usr/bin/tmux", ["-L", socket] + arguments)
            }

            /// Kills the server and waits until it and what it ran (rolo) are gone.
            func close() {
                defer { folder = nil }
                let pid = (try? command("display-message", "-p", "#{pid}")).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                TmuxSession.killServer(socket: socket, serverPID: pid)
            }
        }

        /// One cell of the pane as `capture-pane -e` shows it: its text and foreground colour.
        struct PaneCell {
            let text: String
            let foreground: TerminalUI.Color
        }

        /// A placeholder cell on the pane: where it is, the image it names, its row and column there.
        struct Placeholder: Hashable {
            let x: Int, y: Int, image: UInt32, row: Int, column: Int
        }

        /// The pane's cells, line by line, from `capture-pane -e -p`'s text and SGR colours.
        static func cells(_ capture: String) -> [[PaneCell]] {
            capture.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var row: [PaneCell] = []
                var foreground = TerminalUI.Color.default
                let characters = Array(line)
                var index = 0
                while index < characters.count {
                    if characters[index] == "\u{1b}", index + 1 < characters.count, characters[index + 1] == "[" {
                        var end = index + 2
                        while end < characters.count, !characters[end].isLetter { end += 1 }
                        if end < characters.count, characters[end] == "m" {
                            foreground = applying(String(characters[(index + 2)..<end]), to: foreground)
                        }
                        index = end + 1
                        continue
                    }
                    let width = DisplayWidth.cells(of: characters[index]).reduce(0) { $0 + $1.width }
                    row.append(PaneCell(text: String(characters[index]), foreground: foreground))
                    for _ in 1..<max(1, width) { row.append(PaneCell(text: "", foreground: foreground)) }
                    index += 1
                }
                return row
            }
        }

        /// The foreground after an SGR sequence's parameters.
        static func applying(_ parameters: String, to foreground: TerminalUI.Color) -> TerminalUI.Color {
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            var colour = foreground
            var index = 0
            while index < numbers.count {
                switch numbers[index] {
                case 0, 39: colour = .default
                case 30...37: colour = .indexed(UInt8(numbers[index] - 30))
                case 90...97: colour = .indexed(UInt8(numbers[index] - 90 + 8))
                case 38 where index + 2 < numbers.count && numbers[index + 1] == 5:
                    colour = .indexed(UInt8(numbers[index + 2]))
                    index += 2
                case 38 where index + 4 < numbers.count && numbers[index + 1] == 2:
                    colour = .rgb(UInt8(numbers[index + 2]), UInt8(numbers[index + 3]), UInt8(numbers[index + 4]))
                    index += 4
                case 48 where index + 1 < numbers.count:
                    index += numbers[index + 1] == 5 ? 2 : 4
                default: break
                }
                index += 1
            }
            return colour
        }

        /// Every placeholder cell on the pane.
        static func placeholders(_ cells: [[PaneCell]]) -> [Placeholder] {
            cells.enumerated().flatMap { y, line in
                line.enumerated().compactMap { x, cell -> Placeholder? in
                    guard let parsed = KittyPlaceholder.parse(cell.text),
                          let image = KittyPlaceholder.imageID(foreground: cell.foreground, high: parsed.high) else { return nil }
                    return Placeholder(x: x, y: y, image: image, row: parsed.row, column: parsed.column)
                }
            }
        }

        /// The picture the terminal shows from `cells` of an uploaded image of 10×20-pixel cells:
        /// each cell's part of the image, put where the cell is.
        static func shown(_ cells: [Placeholder], of image: (width: Int, height: Int, rgba: [UInt8])) -> PixelImage {
            let left = cells.map(\.x).min() ?? 0, top = cells.map(\.y).min() ?? 0
            var rgba = [UInt8](repeating: 0, count: image.rgba.count)
            for cell in cells {
                for py in 0..<20 {
                    for px in 0..<10 {
                        let sx = cell.column * 10 + px, sy = cell.row * 20 + py
                        let tx = (cell.x - left) * 10 + px, ty = (cell.y - top) * 20 + py
                        guard sx < image.width, sy < image.height, tx < image.width, ty < image.height else { continue }
                        let source = (sy * image.width + sx) * 4, target = (ty * image.width + tx) * 4
                        rgba[target..<(target + 4)] = image.rgba[source..<(source + 4)]
                    }
                }
            }
            return PictureBytes.opaque(width: image.width, height: image.height, rgba: rgba)
        }

        /// rolo on people inside tmux against a stand-in: what a test drives, and stops at its end.
        struct Running {
            let terminal: PtyTerminal
            let server: StandInServer
            let tmux: TmuxServer

            /// The tmux server killed with rolo, and the stand-in stopped.
            func close() {
                tmux.close()
                let server = server
                Task { await server.stop() }
            }
        }

        /// rolo on people inside tmux, against a fresh stand-in, settled; nothing left running if it fails.
        private func start(allowsPassthrough: Bool) async throws -> Running {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in"))
            let tmux = try TmuxServer(allowsPassthrough: allowsPassthrough)
            do {
                let terminal = try PtyTerminal(arguments: tmux.client([RoloBinary.path, "people", "--people-url", server.baseURL.absoluteString]),
                                               persona: .kittyAroundTmux, program: "/usr/bin/tmux", term: "xterm-kitty")
                try await terminal.waitIdle(after: 0)
                return Running(terminal: terminal, server: server, tmux: tmux)
            } catch {
                tmux.close()
                await server.stop()
                throw error
            }
        }

        @Test("allow-passthrough on: uploaded and placed virtually through tmux; tmux keeps placeholder cells naming it, which rebuild the photo; help covers them")
        func placeholders() async throws {
            let running = try await start(allowsPassthrough: true)
            defer { running.close() }
            let (terminal, server, tmux) = (running.terminal, running.server, running.tmux)
            let sources = try await PictureBytes.sourcePhotos(server)
            // The detail photo: the largest image uploaded, with its virtual placement of c × r cells.
            let uploads = try await eventually("the photo's upload and virtual placement", { try PictureBytes.kittyUploads(PictureBytes.kittyCommands(terminal.bytes)) }) { uploads in
                uploads.contains { $0.value.rgba.count > 100_000 }
                    && PictureBytes.kittyCommands(terminal.bytes).contains { $0.keys["U"] == "1" }
            }
            let (id, photo) = try #require(uploads.max { $0.value.rgba.count < $1.value.rgba.count })
            let placement = try #require(PictureBytes.kittyCommands(terminal.bytes).last { $0.keys["a"] == "p" && $0.keys["i"] == "\(id)" })
            #expect(placement.keys["U"] == "1" && placement.keys["q"] == "2", "a virtual placement: \(placement.keys)")
            let columns = try #require(placement.keys["c"].flatMap(Int.init)), rows = try #require(placement.keys["r"].flatMap(Int.init))
            #expect(photo.width == columns * 10 && photo.height == rows * 20, "\(photo.width)×\(photo.height) on \(columns)×\(rows)")

            // tmux's own screen: the photo's cells are placeholders in its colour, naming every row and column once.
            let every = Set((0..<rows).flatMap { row in (0..<columns).map { [row, $0] } })
            func photoCells() throws -> [Placeholder] {
                Self.placeholders(Self.cells(try tmux.command("capture-pane", "-e", "-p"))).filter { $0.image == id }
            }
            let cells = try await eventually("the placeholder cells", photoCells) { Set($0.map { [$0.row, $0.column] }) == every }
            #expect(cells.count == columns * rows)
            #expect(Set(cells.map { [$0.x - $0.column, $0.y - $0.row] }).count == 1, "each cell where its row and column put it")
            let quality = PictureBytes.psnr(Self.shown(cells, of: photo), bestOf: sources)
            #expect(quality > 30, "the photo rebuilt from the pane's cells: PSNR \(quality) dB")

            // The help overlay covers part of the photo: no placeholder where its box is; closed, they come back.
            let help = try await terminal.press("?")
            let covered = try await eventually("the help box", { Self.cells(try tmux.command("capture-pane", "-e", "-p")) }) { screen in
                screen.joined().contains { $0.text == "╭" } && Self.placeholders(screen).filter { $0.image == id }.count < cells.count
            }
            let corners = covered.enumerated().flatMap { y, line in line.enumerated().compactMap { x, cell in
                cell.text == "╭" || cell.text == "╯" ? (x, y) : nil
            } }
            let box = try #require(corners.count == 2 ? (left: corners[0].0, top: corners[0].1, right: corners[1].0, bottom: corners[1].1) : nil)
            let under = Self.placeholders(covered).filter { $0.x >= box.left && $0.x <= box.right && $0.y >= box.top && $0.y <= box.bottom }
            #expect(under.isEmpty, "placeholders under the help box: \(under.count)")
            #expect(!PictureBytes.kittyCommands(help).contains { $0.keys["i"] == "\(id)" }, "tmux drew the overlay over text; nothing for kitty to do")
            let closed = try await terminal.press("\u{1b}")
            _ = try await eventually("the placeholders back", photoCells) { Set($0.map { [$0.row, $0.column] }) == every }
            #expect(!PictureBytes.kittyCommands(closed).contains { $0.keys["a"] == "t" }, "nothing uploaded again")

            // Another window and back: tmux redraws rolo's pane from its own copy of the text,
            // placeholders among it, with nothing from rolo and no kitty escape.
            let switched = terminal.bytes.count
            let window = try tmux.command("new-window", "-P", "-F", "#{window_id}", "sleep 600").trimmingCharacters(in: .whitespacesAndNewlines)
            try tmux.command("last-window")
            try tmux.command("kill-window", "-t", window)
            let placeholder = Array(String(KittyPlaceholder.character).utf8)
            let redrawn = try await eventually("tmux's redraw of rolo's pane", { Array(terminal.bytes[switched...]) }) { bytes in
                bytes.firstRange(of: Array("John Doe".utf8)).map { bytes[$0.upperBound...].firstRange(of: placeholder) != nil } ?? false
            }
            #expect(PictureBytes.kittyCommands(redrawn).isEmpty, "tmux redraws placeholders as text, no escape needed")
            _ = try await eventually("the placeholders after the switch", photoCells) { Set($0.map { [$0.row, $0.column] }) == every }

            // The next person: a new photo uploaded; back: only text, the image held by id.
            let first = try await terminal.press(Self.down)
            let back = try await terminal.press(Self.up)
            #expect(PictureBytes.kittyCommands(first).contains { $0.keys["a"] == "t" }, "the next photo uploaded")
            #expect(!PictureBytes.kittyCommands(back).contains { $0.keys["a"] == "t" }, "not uploaded twice")
            // tmux sends a placeholder cell again for each diacritic it gets (20 bytes a cell): a
            // 36×18 photo's cells and the list's thumbnails are some 11 KB; an upload is 60 KB more.
            #expect(back.count < 30_000, "a return visit costs \(back.count) bytes, the first \(first.count)")
            _ = try await eventually("the first photo back", photoCells) { Set($0.map { [$0.row, $0.column] }) == every }

            // A smaller window: tmux resizes the pane, rolo renders the photo at its new size,
            // uploads it under a new id, and tmux shows that one's cells, every row and column once.
            let before = terminal.bytes.count
            let frame = terminal.idleState().frame
            terminal.resize(columns: 100, rows: 30)
            try await terminal.waitIdle(after: frame)
            let resized = try await eventually("the photo at its new size", { PictureBytes.kittyCommands(Array(terminal.bytes[before...])) }) { commands in
                commands.contains { $0.keys["U"] == "1" && $0.keys["i"] != "\(id)" }
            }
            let newPlacement = try #require(resized.last { $0.keys["U"] == "1" })
            let newID = try #require(newPlacement.keys["i"].flatMap(UInt32.init))
            let newColumns = try #require(newPlacement.keys["c"].flatMap(Int.init)), newRows = try #require(newPlacement.keys["r"].flatMap(Int.init))
            #expect(newColumns < columns, "\(newColumns) columns at 100×30, \(columns) at 120×40")
            let resizedCells = try await eventually("the resized photo's cells", {
                Self.placeholders(Self.cells(try tmux.command("capture-pane", "-e", "-p"))).filter { $0.image == newID }
            }) { Set($0.map { [$0.row, $0.column] }) == Set((0..<newRows).flatMap { row in (0..<newColumns).map { [row, $0] } }) }
            #expect(resizedCells.count == newColumns * newRows)

            // On the way out every image is deleted, through tmux.
            try await terminal.quit()
            let deleted = PictureBytes.kittyCommands(terminal.bytes).filter { $0.keys["a"] == "d" && $0.keys["d"] == "I" }
            #expect(deleted.contains { $0.keys["i"] == "\(id)" }, "the photo deleted on the way out")
        }

        @Test("allow-passthrough off: the photo in half blocks, and no kitty escape reaches the terminal")
        func halfBlocks() async throws {
            let running = try await start(allowsPassthrough: false)
            defer { running.close() }
            let (terminal, tmux) = (running.terminal, running.tmux)
            let screen = try await eventually("the half-block photo", { try tmux.command("capture-pane", "-e", "-p") }) { $0.contains("▀") }
            #expect(Self.placeholders(Self.cells(screen)).isEmpty)
            #expect(terminal.bytes.firstRange(of: Array("\u{1b}_G".utf8)) == nil, "no APC passed through")
            try await terminal.quit()
        }
    }
}
