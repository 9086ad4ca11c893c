import Foundation
import Logging
import RoloCore
import StandIn
import Testing

extension EndToEnd {
    /// Links in the real binary: OSC 8 bytes on a terminal that draws them and none elsewhere,
    /// `o` over ssh copying rather than opening, `o` on a desktop starting xdg-open, and
    /// Pipedrive's shipped note action from a script.
    @Suite("links and Pipedrive's note against the stand-in", .serialized, .temporaryDirectories)
    struct LinksEndToEndTests {
        /// The staff directory as a configured source with one declared link.
        static func config(_ base: String) -> String {
            """
            [[sources]]
            name = "staff"
            url = "\(base)/staff/api/people/"
            records = "results"
            id = "uuid"
            label = "{name.first} {name.last}"
            fields = ["email", "title"]
            links = [ { title = "In the CRM", url = "https://crm.example/people/{uuid}" } ]

            [sources.paging]
            style = "next-url"
            next = "next"
            """
        }

        private func workspace(_ server: StandInServer) throws -> (root: String, config: String) {
            try TemporaryDirectory.scopedConfig(Self.config(server.baseURL.absoluteString), name: "rolo-links-e2e")
        }

        private func quiet() -> Logger { Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() } }

        @Test("kitty gets the detail's link as OSC 8 around its title; XTerm gets no OSC 8 byte at all")
        func osc8() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: quiet())
            defer { Task { await server.stop() } }
            let (_, config) = try workspace(server)
            for (persona, draws) in [(PtyTerminal.Persona.kitty, true), (.xtermSixel, false)] {
                let terminal = try PtyTerminal(arguments: ["--config", config, "staff", "--images", "off"], persona: persona)
                try await terminal.waitIdle(after: 0)
                // A frame after the terminal answered: the next person's detail, then back.
                _ = try await terminal.press("j")
                _ = try await terminal.press("k")
                let text = String(decoding: terminal.bytes, as: UTF8.self)
                let opens = text.components(separatedBy: "\u{1b}]8;;https://crm.example/people/").count - 1
                if draws {
                    #expect(opens >= 1, "OSC 8 on kitty")
                    #expect(text.contains("\u{1b}]8;;https://crm.example/people/5ba1f000-"), "a person's uuid in the address")
                    #expect(text.contains("In the CRM\u{1b}]8;;\u{1b}\\"), "the title between open and close")
                    #expect(!text.contains("\u{1b}]8;;javascript"))
                } else {
                    #expect(!text.contains("\u{1b}]8;"), "no OSC 8 on XTerm")
                    #expect(text.contains("In the CRM"))
                }
                try await terminal.quit()
            }
        }

        /// The staff tab in tmux, its first person selected, with a fake `xdg-open` first on
        /// PATH and `environment` before rolo; `body` gets the session and the file the fake
        /// writes its argument to.
        private func staffInTmux(environment: String, _ body: (TmuxSession, _ opened: String) async throws -> Void) async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: quiet())
            defer { Task { await server.stop() } }
            let (root, config) = try workspace(server)
            let opened = root + "/opened"
            try fakeOpener(in: root, writingTo: opened)
            let tmux = try await TmuxSession(width: 120, height: 34, term: "xterm-256color")
            try tmux.command("set", "-g", "set-clipboard", "on")
            let socket = try tmux.command("display-message", "-p", "#{socket_path},#{pid},#{session_id}")
                .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "$", with: "")
            try tmux.run("TMUX='\(socket)' PATH=\(root)/bin:/usr/bin:/bin \(environment) \(RoloBinary.path) --config \(config) staff --images off")
            try await tmux.waitFor("the staff list with the link in the detail") { $0.contains("In the CRM") }
            try await body(tmux, opened)
            try tmux.send("q")
        }

        @Test("o over ssh (SSH_CONNECTION set, a DISPLAY too) copies the link with OSC 52 and opens nothing")
        func overSSH() async throws {
            try await staffInTmux(environment: "DISPLAY=:0 SSH_CONNECTION='10.0.0.2 50000 10.0.0.1 22'") { tmux, opened in
                let frame = tmux.idleState().frame
                try tmux.send("o")
                let screen = try await tmux.waitFor("the notice") { $0.contains("copied the link") }
                #expect(screen.contains("copied the link — rolo runs over ssh, so it doesn't open it here"))
                #expect(try tmux.command("show-buffer").hasPrefix("https://crm.example/people/"))
                try await tmux.waitIdle(after: frame)
                #expect(!FileManager.default.fileExists(atPath: opened), "nothing started on the remote box")
            }
        }

        @Test("o on a desktop (DISPLAY, no ssh) starts xdg-open with the link and says so")
        func onDesktop() async throws {
            try await staffInTmux(environment: "DISPLAY=:0") { tmux, opened in
                try tmux.send("o")
                let screen = try await tmux.waitFor("the notice") { $0.contains("opened https://crm.example/people/") }
                #expect(!screen.contains("copied"))
                try await eventually("xdg-open's record of its argument") { FileManager.default.fileExists(atPath: opened) }
                let argument = try String(contentsOfFile: opened, encoding: .utf8)
                #expect(argument.hasPrefix("https://crm.example/people/") && argument.hasSuffix("\n"))
            }
        }

        /// An `xdg-open` in `root/bin` that writes its argument to `file`.
        private func fakeOpener(in root: String, writingTo file: String) throws {
            try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
            let script = root + "/bin/xdg-open"
            try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(file).part' && mv '\(file).part' '\(file)'\n".utf8).write(to: URL(fileURLWithPath: script))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        }

        @Test("rolo act pipedrive note: the shipped action POSTs /v1/notes for the person; an empty note is Pipedrive's 400, exit 1")
        func pipedriveNote() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: quiet())
            defer { Task { await server.stop() } }
            let home = try TemporaryDirectory.scopedPath("rolo-note-e2e")
            let environment = ["ROLO_PIPEDRIVE_URL": server.baseURL.absoluteString + "/pipedrive",
                               "PIPEDRIVE_API_TOKEN": StandInOptions().pipedriveToken]
            let noted = try await DumpProcess.run(["act", "pipedrive", "note", "--id", "7", "--input", "content=hi", "--yes"],
                                                  home: home, environment: environment)
            #expect(noted.status == 0, "\(noted.stderr)")
            #expect(noted.stderr.contains("note on 7 of Pipedrive: done") || noted.stderr.contains("note on 7 of pipedrive: done"), "\(noted.stderr)")
            let printed = try JSONValue.parse(Data(noted.stdout.utf8))
            #expect(printed["id"] == .number("7"), "the person, fetched again")
            #expect(await server.requestCount("pipedrive.notes") == 1)

            let empty = try await DumpProcess.run(["act", "pipedrive", "note", "--id", "7", "--input", "content=", "--yes"],
                                                  home: home, environment: environment)
            #expect(empty.status == 1)
            #expect(empty.stderr.contains("Note content cannot be empty."), "\(empty.stderr)")
            #expect(await server.requestCount("pipedrive.notes") == 2)

            let unset = try await DumpProcess.run(["act", "pipedrive", "note", "--id", "7", "--input", "content=hi", "--yes"],
                                                  home: home, environment: ["ROLO_PIPEDRIVE_URL": server.baseURL.absoluteString + "/pipedrive"])
            #expect(unset.status == 2)
            #expect(unset.stderr.contains("Set your Pipedrive API token"), "\(unset.stderr)")
            #expect(await server.requestCount("pipedrive.notes") == 2)
        }
    }
}
