import Foundation
import Logging
import StandIn
import Testing

extension EndToEnd {
    /// A configured source's actions on the screen: the real binary in tmux, the stand-in's
    /// staff directory over HTTP on 127.0.0.1 with write endpoints.
    @Suite("Actions on the screen: HTTP writes, commands in each mode, read-only, against the stand-in", .serialized, .temporaryDirectories)
    struct ActionsScreenEndToEndTests {
        /// The staff directory and its actions, as a user writes them.
        static func config(_ base: String, home: String) -> String {
            """
            [[sources]]
            name = "staff"
            url = "\(base)/staff/api/people/"
            records = "results"
            id = "uuid"
            label = "{name.first} {name.last}"
            columns = [ { title = "Title", value = "{title}", width = 12 } ]

            [sources.paging]
            style = "next-url"
            next = "next"

            [[sources.actions]]
            name = "retitle"
            key = "T"
            title = "Change the title"
            method = "PATCH"
            url = "/staff/api/people/{uuid}/"
            body = { title = "{input.title}" }
            then = "update"
            confirm = true
            inputs = [ { name = "title", title = "New title", kind = "text" } ]

            [[sources.actions]]
            name = "delete"
            key = "D"
            title = "Delete the person"
            method = "DELETE"
            url = "/staff/api/people/{uuid}/"
            then = "remove"

            [[sources.actions]]
            name = "greet"
            key = "H"
            title = "Say hello"
            command = ["sh", "-c", "echo hi $1", "--", "{name.first}"]
            mode = "output"

            [[sources.actions]]
            name = "shell"
            key = "S"
            title = "Look outside"
            command = ["sh", "-c", "echo outside rolo with $1; read answer", "--", "{name.first}"]
            mode = "terminal"

            [[sources.actions]]
            name = "mark"
            key = "M"
            title = "Mark in a file"
            command = ["sh", "-c", "echo $1 > \\"$2\\"", "--", "{uuid}", "\(home)/marked.txt"]
            mode = "background"
            """
        }

        /// A home with the config file, the stand-in, and rolo on the staff tab in tmux; all
        /// gone after, pass or fail.
        private func withRolo(options: String = "", _ body: (TmuxSession, String) async throws -> Void) async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try TemporaryDirectory.scopedPath("rolo-actions-e2e")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let config = home + "/config.toml"
            try Data(Self.config(server.baseURL.absoluteString, home: home).utf8).write(to: URL(fileURLWithPath: config))
            let tmux = try await TmuxSession(width: 120, height: 34)
            do {
                try tmux.run("\(RoloBinary.path) staff --config \(config) --data-dir \(home)/data --images off \(options)")
                // Every page in, so a write or a removal can't shift the pages still to come.
                let members = StandInOptions().staffMembers
                try await tmux.waitFor("the whole staff list") { recordCount($0) == members && $0.contains("1/") }
                try await body(tmux, home)
            } catch {
                _ = tmux.close()
                await server.stop()
                throw error
            }
            try? tmux.send("q")
            _ = tmux.close()
            await server.stop()
        }

        /// The number in the status line's "N records".
        private func recordCount(_ screen: String) -> Int? {
            guard let range = screen.range(of: #"[0-9]+ records"#, options: .regularExpression) else { return nil }
            return Int(screen[range].split(separator: " ")[0])
        }

        @Test("T asks the new title, shows the PATCH, y sends it and the row shows the answer; D removes the row")
        func patchAndDelete() async throws {
            try await withRolo { tmux, _ in
                try tmux.send("T")
                try await tmux.waitFor("the form") { $0.contains("New title") && $0.contains("Esc cancels") }
                try tmux.send("Boss")
                try tmux.send("Enter")
                let confirm = try await tmux.waitFor("the confirmation") { $0.contains("Send it?") }
                #expect(confirm.contains("Change the title — "))
                // The address wraps in the box; its start and the body with the input filled in show.
                #expect(confirm.contains("PATCH") && confirm.contains("http://127.0.0.1:") && confirm.contains(#"{"title":"Boss"}"#), "\(confirm)")
                try tmux.send("y")
                // The notice comes with the answer; the row once the list is laid out again.
                let done = try await tmux.waitFor("the answer in the row") { $0.contains("Change the title: done") && $0.contains("Boss") }
                let before = try #require(recordCount(done))
                try tmux.send("D")
                try await tmux.waitFor("the row gone, and the status saying so") {
                    recordCount($0) == before - 1 && $0.contains("Delete the person: done, the row is gone")
                }
            }
        }

        @Test("Commands: output in an overlay, terminal leaves the screen and comes back, background says when it ends")
        func commands() async throws {
            try await withRolo { tmux, home in
                try tmux.send("H")
                let output = try await tmux.waitFor("the output overlay") { $0.contains("Say hello — exit 0") }
                #expect(output.contains("hi "))
                try tmux.send("Escape")
                try await tmux.waitFor("the overlay closed") { !$0.contains("Say hello — exit 0") }

                try tmux.send("S")
                try await tmux.waitFor("the command on the plain terminal") { $0.contains("outside rolo with") }
                // The command has the keys (the terminal echoes them for its read), and rolo
                // draws nothing over it meanwhile.
                try tmux.send("typed-for-read")
                let outside = try await tmux.waitFor("the keys echoed for the command") { $0.contains("typed-for-read") }
                #expect(!outside.contains(" records") && outside.contains("outside rolo with"))
                try tmux.send("Enter")
                let back = try await tmux.waitFor("rolo back as it was") { $0.contains(" records") && $0.contains("Look outside: ended (exit 0)") }
                #expect(!back.contains("outside rolo with"))

                try tmux.send("M")
                try await tmux.waitFor("the background command's end") { $0.contains("Mark in a file: ended (exit 0)") }
                let marked = try String(contentsOfFile: home + "/marked.txt", encoding: .utf8)
                #expect(marked.hasPrefix("5ba1f000-"))
            }
        }

        @Test("--read-only: T is refused in the banner naming the setting, and nothing is sent")
        func readOnly() async throws {
            try await withRolo(options: "--read-only") { tmux, _ in
                try tmux.send("T")
                let screen = try await tmux.waitFor("the refusal") { $0.contains("rolo is read-only") }
                #expect(screen.contains("rolo is read-only (--read-only): 'retitle' would send a PATCH — turn read-only off to act"))
                #expect(!screen.contains("New title"))
            }
        }
    }
}
