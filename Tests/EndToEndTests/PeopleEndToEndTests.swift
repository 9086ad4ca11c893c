import Foundation
import Logging
import StandIn
import Testing

/// The real binary in tmux against the stand-in over real HTTP on 127.0.0.1.
extension EndToEnd {
    @Suite("rolo in tmux against the stand-in", .serialized)
    struct PeopleEndToEndTests {
        private func startStandIn() async throws -> StandInServer {
            try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in"))
        }

        @Test("Opens on people, moves, opens the detail, refreshes, survives a resize and quits cleanly")
        func walkThrough() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing (make test builds it)")
            let server = try await startStandIn()
            defer { Task { await server.stop() } }
            let tmux = try await TmuxSession(width: 80, height: 24)
            try tmux.run("stty -g > stty.before; \(RoloBinary.path) people --people-url \(server.baseURL.absoluteString); echo ROLO-EXIT=$?")

            try await tmux.waitIdle(after: 0)
            var screen = try await tmux.waitFor("the list with its count") { $0.contains("24 employees") && $0.contains("1/24") }
            #expect(screen.contains("Employees"))
            #expect(screen.contains("Name"))

            var frame = tmux.idleState().frame
            try tmux.send("Down")
            screen = try await tmux.waitFor("the second row selected") { $0.contains("2/24") }
            try await tmux.waitIdle(after: frame)

            frame = tmux.idleState().frame
            try tmux.send("Enter")
            screen = try await tmux.waitFor("the pushed detail") { $0.contains("← Employees") && $0.contains("Birth date") }
            try await tmux.waitIdle(after: frame)
            screen = try tmux.capture()
            #expect(screen.contains("First name"))
            #expect(!screen.contains("Loading the full record"))
            #expect(await server.requestCount("people.detail") >= 1)

            try tmux.send("Escape")
            try await tmux.waitFor("the list again") { $0.contains("Gender") && !$0.contains("← Employees") }

            let listRequests = await server.requestCount("people.list")
            try tmux.send("r")
            try await eventually("the stand-in to count a new list request") {
                await server.requestCount("people.list") == listRequests + 1
            }
            frame = tmux.idleState().frame
            try await tmux.waitIdle(after: frame - 1)
            try await tmux.waitFor("the list after the refresh") { $0.contains("24 employees") && $0.contains("2/24") }
            #expect(await server.requestCount("people.list") == listRequests + 1, "one r, one request")

            try tmux.resize(width: 60, height: 20)
            screen = try await tmux.waitFor("the 60×20 layout") { screen in
                let lines = screen.dropLast(screen.hasSuffix("\n") ? 1 : 0).split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count == 20 && lines.allSatisfy { $0.count <= 60 } && screen.contains("2/24") && screen.contains("? help")
            }
            #expect(screen.contains("Employees"))

            try tmux.resize(width: 120, height: 30)
            screen = try await tmux.waitFor("the wide layout with list and detail side by side") {
                $0.contains("Detail") && $0.contains("Birth date") && $0.contains("2/24")
            }

            try tmux.send("q")
            // Typing before rolo has exited would hand the shell's next command to rolo as keys.
            try await tmux.waitFor("rolo to exit") { $0.contains("ROLO-EXIT=0") }
            try tmux.run("stty -g | cmp -s - stty.before && echo TERMINAL-SAME")
            screen = try await tmux.waitFor("the shell prompt with the terminal as before") { $0.contains("TERMINAL-SAME") }
            #expect(!screen.contains("Employees"), "rolo left its screen behind:\n\(screen)")
        }

        @Test("SIGTERM, SIGHUP and Ctrl-C all restore the terminal", arguments: ["TERM", "HUP", "C-c"])
        func signalsRestoreTerminal(_ how: String) async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await startStandIn()
            defer { Task { await server.stop() } }
            let tmux = try await TmuxSession(width: 80, height: 24)
            try tmux.run("stty -g > stty.before; \(RoloBinary.path) people --people-url \(server.baseURL.absoluteString); echo EXIT=$?")
            try await tmux.waitIdle(after: 0)
            try await tmux.waitFor("the list") { $0.contains("24 employees") }
            if how == "C-c" {
                try tmux.send("C-c")
            } else {
                let pid = try #require(try tmux.childPID(), "rolo's pid")
                kill(pid, how == "TERM" ? SIGTERM : SIGHUP)
            }
            try await tmux.waitFor("rolo to exit") { $0.contains("EXIT=") }
            try tmux.run("stty -g | cmp -s - stty.before && echo TERMINAL-SAME")
            let screen = try await tmux.waitFor("the terminal check") { $0.contains("TERMINAL-SAME") || $0.contains("differ") }
            #expect(screen.contains("TERMINAL-SAME"))
            #expect(!screen.contains("Employees"))
        }

        @Test("The detail shows the photo, in 256 colours and in truecolor", arguments: ["", "truecolor"])
        func photo(_ colorterm: String) async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await startStandIn()
            defer { Task { await server.stop() } }
            let tmux = try await TmuxSession(width: 120, height: 40, term: "xterm-256color",
                                             environment: colorterm.isEmpty ? [:] : ["COLORTERM": colorterm])
            try tmux.run("\(RoloBinary.path) people --people-url \(server.baseURL.absoluteString)")
            try await tmux.waitFor("the list") { $0.contains("24 employees") }
            try tmux.send("Down")
            // The photo fills the detail's slot with half blocks right of the divider.
            let screen = try await tmux.waitFor("the photo in the detail") { screen in
                screen.split(separator: "\n").filter { $0.contains("│") && $0.split(separator: "│").last?.contains("▀▀▀▀▀▀▀▀") == true }.count >= 10
            }
            #expect(screen.contains("Emmett Brown"))
            let colors = try tmux.captureWithColors()
            #expect(colors.contains(colorterm.isEmpty ? "38;5;" : "38;2;"), "photo colours as the terminal gets them")
            try tmux.send("q")
        }
    }
}
