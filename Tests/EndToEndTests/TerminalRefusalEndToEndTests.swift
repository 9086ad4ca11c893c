import Foundation
import Testing

extension EndToEnd {
    @Suite("A terminal rolo can't draw on is refused", .serialized)
    struct TerminalRefusalEndToEndTests {
        @Test("TERM=dumb and an unknown TERM: the reason, exit status 1, nothing drawn, the shell usable",
              arguments: ["dumb", "no-such-terminal"])
        func refused(term: String) async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing (make test builds it)")
            let tmux = try await TmuxSession(width: 120, height: 24, term: term)
            try tmux.run("\(RoloBinary.path) --demo; echo ROLO-EXIT=$?")
            // The typed command holds "ROLO-EXIT=$?" too; wait for the status itself.
            let screen = try await tmux.waitFor("rolo to refuse") { $0.range(of: "ROLO-EXIT=[0-9]", options: .regularExpression) != nil }
            #expect(screen.contains("ROLO-EXIT=1"), "\(screen)")
            if term == "dumb" {
                #expect(screen.contains("rolo needs a terminal that can move the cursor; TERM=dumb can't — try TERM=xterm-256color"), "\(screen)")
            } else {
                #expect(screen.contains("rolo doesn't know the terminal TERM=no-such-terminal"), "\(screen)")
            }
            #expect(!FileManager.default.fileExists(atPath: tmux.idleFile), "rolo drew a frame")
            try tmux.run("echo SHELL-$((40 + 2))")
            try await tmux.waitFor("the shell to answer") { $0.contains("SHELL-42") }
        }
    }
}
