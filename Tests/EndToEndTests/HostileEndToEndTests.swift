import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import StandIn
import Testing

/// The real binary in tmux against a stand-in that answers badly on purpose.
extension EndToEnd {
    @Suite("rolo in tmux against a hostile stand-in", .serialized, .temporaryDirectories)
    struct HostileEndToEndTests {
        private func startStandIn(_ hostility: StandInHostility) async throws -> StandInServer {
            var options = StandInOptions()
            options.hostility = hostility
            return try await StandInServer.start(options, logger: Logger(label: "test.stand-in"))
        }

        /// Sends `q` and returns how long rolo took to leave, measured to the shell's echo.
        private func quit(_ tmux: TmuxSession) async throws -> TimeInterval {
            let sent = Date()
            try tmux.send("q")
            try await tmux.waitFor("rolo to exit", timeout: 10) { $0.contains("ROLO-EXIT=0") }
            return Date().timeIntervalSince(sent)
        }

        /// Seconds of CPU time `pid` has used, from /proc.
        private func cpuTime(of pid: Int32) -> Double {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")")
            else { return 0 }
            // After the command name: state is field 3, utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }

        @Test("Records rolo can't read are skipped, the rest shown, with a notice and a log line each")
        func skippedNotice() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing (make test builds it)")
            let server = try await startStandIn(StandInHostility(badRecords: 2))
            defer { Task { await server.stop() } }
            let state = try TemporaryDirectory.scoped("rolo-state")
            let tmux = try await TmuxSession(width: 100, height: 24, environment: ["XDG_STATE_HOME": state.path])
            try tmux.run("\(RoloBinary.path) people --people-url \(server.baseURL.absoluteString); echo ROLO-EXIT=$?")

            let screen = try await tmux.waitFor("the list with the notice") {
                $0.contains("22 employees") && $0.contains("2 employees skipped: an id that isn't a number")
            }
            #expect(screen.contains("2 skipped"), "the status line keeps the count:\n\(screen)")
            let log = try String(contentsOf: state.appendingPathComponent("rolo/rolo.log"), encoding: .utf8)
            #expect(log.contains("employee at index 1 skipped: 'id' should be a whole number"))
            #expect(log.contains("employee at index 13 skipped: 'id' should be a whole number"))
            _ = try await quit(tmux)
        }

        @Test("q quits within a second while 200,000 employees are being read")
        func quitDuringHugeDecode() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await startStandIn(StandInHostility(records: 200_000))
            defer { Task { await server.stop() } }
            let tmux = try await TmuxSession(width: 100, height: 24)
            try tmux.run("\(RoloBinary.path) people --people-url \(server.baseURL.absoluteString); echo ROLO-EXIT=$?")
            // Asked once first, so rolo's answer comes at once instead of after the stand-in builds it.
            _ = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("employees"))
            try await tmux.waitFor("the loading list") { $0.contains("Loading employees") }
            try await eventually("rolo to ask for the list") { await server.requestCount("people.list") == 2 }
            let pid = try #require(try tmux.childPID(), "rolo's pid")
            let before = cpuTime(of: pid)
            // Busy reading the answer: rolo must still answer the keyboard at once.
            try await eventually("rolo to spend CPU time on the answer") { cpuTime(of: pid) - before >= 0.3 }
            let took = try await quit(tmux)
            #expect(took < 1, "q took \(took) s")
        }

        @Test("A 100,000-character name is cut in the list, its length stated in the detail, and q still quits at once")
        func hugeField() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await startStandIn(StandInHostility(hugeField: 100_000))
            defer { Task { await server.stop() } }
            let tmux = try await TmuxSession(width: 120, height: 40)
            // Pictures off: the list is hostile, the stand-in's detail isn't, and a photo would
            // have rolo fetch the detail, whose own name then replaces the list's.
            try tmux.run("\(RoloBinary.path) people --images off --people-url \(server.baseURL.absoluteString); echo ROLO-EXIT=$?")
            var screen = try await tmux.waitFor("the list") { $0.contains("24 employees") && $0.contains("1/24") }
            #expect(screen.contains("AAAA…"), "the list cuts the name with …:\n\(screen)")
            try tmux.send("Down")
            try tmux.send("Up")
            try tmux.send("Enter")
            screen = try await tmux.waitFor("the detail with the field's length") { $0.contains("100,000 characters in all") }
            let took = try await quit(tmux)
            #expect(took < 1, "q took \(took) s")
        }
    }
}
