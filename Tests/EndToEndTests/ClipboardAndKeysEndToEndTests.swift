import Foundation
import Logging
import StandIn
import Testing

/// `y` through OSC 52 into tmux's clipboard, and a `[keys]` table, in the real binary against
/// the stand-in's directory.
extension EndToEnd {
    @Suite("clipboard and keys in tmux against the stand-in", .serialized, .temporaryDirectories)
    struct ClipboardAndKeysEndToEndTests {
        private func start() async throws -> StandInServer {
            var options = StandInOptions()
            options.directoryFixedMinute = 7
            return try await StandInServer.start(options, logger: Logger(label: "test.stand-in"))
        }

        private func workspace() throws -> String {
            try TemporaryDirectory.scopedPath("rolo-keys-e2e")
        }

        private func command(_ server: StandInServer, data: String) -> String {
            let base = server.baseURL.absoluteString
            return "\(RoloBinary.path) directory --directory-url \(base)/directory/tallinn/employee_list "
                + "--directory-url \(base)/directory/tartu/employee_list --data-dir \(data) --contacts \(data)/none.vcf --images off"
        }

        @Test("With tmux's set-clipboard on, y on a directory person puts the email in tmux's paste buffer")
        func copyIntoTmux() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await start()
            defer { Task { await server.stop() } }
            let root = try workspace()
            let tmux = try await TmuxSession(width: 120, height: 34, term: "xterm-256color")
            try tmux.command("set", "-g", "set-clipboard", "on")
            // The session's shell starts from `env -i`; give rolo the TMUX a pane has, so it
            // asks this tmux how it takes OSC 52.
            let socket = try tmux.command("display-message", "-p", "#{socket_path},#{pid},#{session_id}")
                .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "$", with: "")
            try tmux.run("TMUX='\(socket)' " + command(server, data: root))
            try await tmux.waitFor("the grouped list") { $0.contains(" Android ") && $0.contains(" people") }
            try tmux.send("j")
            let screen = try await tmux.waitFor("a person's email in the detail") { $0.contains("Email ") && $0.contains("2/") }
            let email = try #require(screen.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: #"Email\s+(\S+@\S+)"#, options: .regularExpression) else { return nil }
                return line[range].split(separator: " ").last.map(String.init)
            }.first)
            try tmux.send("y")
            let status = try await tmux.waitFor("the status line to say what was copied") { $0.contains("copied Email: ") }
            #expect(status.contains("copied Email: \(email)"))
            #expect(try tmux.command("show-buffer") == email)

            // The menu's "Name" goes the same way.
            try tmux.send("Y")
            let menu = try await tmux.waitFor("the copy menu") { $0.contains("Enter copies") }
            let item = try #require(menu.range(of: #"[1-9]  Name "#, options: .regularExpression))
            try tmux.send(String(menu[item].prefix(1)))
            try await tmux.waitFor("the name copied") { $0.contains("copied Name: ") }
            #expect(try tmux.command("show-buffer") != email)
            try tmux.send("q")
        }

        @Test("[keys] refresh = \"F5\": F5 refreshes, r doesn't, the footer shows F5; --check-config names a bad line")
        func remappedRefresh() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await start()
            defer { Task { await server.stop() } }
            let root = try workspace()
            try Data("[keys]\nrefresh = \"l\"\n".utf8).write(to: URL(fileURLWithPath: root + "/bad.toml"))
            try Data("timeout = 10\n\n[keys]\nrefresh = \"F5\"\n".utf8).write(to: URL(fileURLWithPath: root + "/keys.toml"))
            let tmux = try await TmuxSession(width: 120, height: 34, term: "xterm-256color")

            // Relative paths keep the messages on one line of the 120-column window.
            try tmux.run("cd \(root); clear")
            try tmux.run("\(RoloBinary.path) --check-config --config bad.toml; echo BAD-EXIT=$?")
            let bad = try await tmux.waitFor("the check's verdict") { $0.range(of: "BAD-EXIT=[0-9]", options: .regularExpression) != nil }
            #expect(bad.contains("rolo: bad.toml, line 2: 'l' for refresh is already like's key"))
            #expect(bad.contains("BAD-EXIT=2"))
            try tmux.run("\(RoloBinary.path) --check-config --config keys.toml; echo OK-EXIT=$?")
            let good = try await tmux.waitFor("the check's verdict") { $0.range(of: "OK-EXIT=[0-9]", options: .regularExpression) != nil }
            #expect(good.contains("config OK: keys.toml"))
            #expect(good.contains("OK-EXIT=0"))
            try tmux.run("\(RoloBinary.path) --config bad.toml directory; echo START-EXIT=$?")
            let refused = try await tmux.waitFor("rolo refusing to start") { $0.range(of: "START-EXIT=[0-9]", options: .regularExpression) != nil }
            #expect(refused.contains("START-EXIT=2"))

            try tmux.run("clear; " + command(server, data: root) + " --config \(root)/keys.toml")
            let screen = try await tmux.waitFor("the list with F5 in the footer") { $0.contains(" Android ") && $0.contains("F5 refresh") }
            #expect(!screen.contains("r refresh"))
            try await tmux.waitIdle(after: 0)
            #expect(await server.requestCount("directory.tallinn") == 1)

            var frame = tmux.idleState().frame
            try tmux.send("r")
            try await tmux.waitIdle(after: frame)
            #expect(await server.requestCount("directory.tallinn") == 1, "r no longer refreshes")

            frame = tmux.idleState().frame
            try tmux.send("F5")
            try await eventually("F5's refresh") { await server.requestCount("directory.tallinn") == 2 }
            try await tmux.waitIdle(after: frame)
            try tmux.send("q")
        }
    }
}
