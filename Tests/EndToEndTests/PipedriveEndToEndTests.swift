import Foundation
import Logging
import StandIn
import Testing

extension EndToEnd {
    /// The pipedrive source in the real binary, in tmux, against the stand-in over real HTTP.
    @Suite("pipedrive in tmux against the stand-in", .serialized, .temporaryDirectories)
    struct PipedriveEndToEndTests {
        private struct Workspace {
            let root: URL
            var data: String { root.appendingPathComponent("data").path }
            var cache: String { root.appendingPathComponent("cache").path }
            var state: String { root.appendingPathComponent("state").path }
            var log: String { state + "/rolo/rolo.log" }
        }

        private func workspace() throws -> Workspace {
            Workspace(root: try TemporaryDirectory.scoped("rolo-pd-e2e"))
        }

        /// rolo on the stand-in's account with `token` in the environment, as a user sets it.
        private func command(_ server: StandInServer, _ space: Workspace, token: String, api: String = "v2") -> String {
            "PIPEDRIVE_API_TOKEN=\(token) XDG_STATE_HOME=\(space.state) \(RoloBinary.path) pipedrive "
                + "--pipedrive-url \(server.baseURL.absoluteString)/pipedrive --pipedrive-api \(api) "
                + "--gravatar-url \(server.baseURL.absoluteString)/pipedrive/gravatar/ "
                + "--data-dir \(space.data) --cache-dir \(space.cache)"
        }

        @Test("A wrong token: the 401 message on screen, and the token neither on screen nor in the log")
        func wrongToken() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in"))
            defer { Task { await server.stop() } }
            let space = try workspace()
            let tmux = try await TmuxSession(width: 120, height: 40, term: "xterm-256color")
            let token = "wrong-token-e2e-5f3a"

            // v1, whose persons come by offset: no log line may hold the token.
            try tmux.run(command(server, space, token: token, api: "v1") + "; echo X-EXIT=$?")
            let screen = try await tmux.waitFor("the 401 message") { $0.contains("Pipedrive refused the API token") }
            #expect(screen.contains("check PIPEDRIVE_API_TOKEN"))
            try await tmux.waitIdle(after: 0)
            #expect(await server.requestCount("pipedrive.v1") == 1, "a refused token is not retried by itself")
            try tmux.send("q")
            try await tmux.waitFor("rolo to exit") { $0.contains("X-EXIT=0") }
            let rows = try tmux.capture().split(separator: "\n").filter { !$0.contains("PIPEDRIVE_API_TOKEN=") }
            #expect(!rows.contains { $0.contains(token) }, "the token is never drawn")
            let log = try String(contentsOfFile: space.log, encoding: .utf8)
            #expect(log.contains("401"), "the refusal is logged")
            #expect(!log.contains(token), "the token is never logged")
        }

        /// Whether `screen` shows organisation names in the list's rows (the stand-in's brands, as
        /// far as a narrow column leaves them) and no bare ids.
        private func showsOrganizations(_ screen: String) -> Bool {
            let brands = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne", "Tyrell", "Cyberdyne"]
            let rows = screen.split(separator: "\n").dropFirst(3).prefix(20)
            return rows.filter { row in brands.contains { row.contains($0) } }.count >= 10 && !screen.contains("organisation #")
        }

        /// Whether the detail pane names the selected person's owner.
        private func showsOwner(_ screen: String) -> Bool {
            screen.split(separator: "\n").contains { line in
                line.contains("Owner") && ["Olive Owner", "Mart Müüja", "Sales Bot"].contains { line.contains($0) }
            }
        }

        @Test("The stand-in stopped after a first load: a relaunch shows the stored persons, their organisations and owners, and the offline banner")
        func offlineRelaunch() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in"))
            let space = try workspace()
            let tmux = try await TmuxSession(width: 120, height: 40, term: "xterm-256color")
            let token = StandInOptions().pipedriveToken

            try tmux.run(command(server, space, token: token) + "; echo FIRST-EXIT=$?")
            try await tmux.waitFor("the whole account") { $0.contains("500 persons") }
            try await tmux.waitIdle(after: 0)
            let first = try tmux.capture()
            #expect(await server.requestCount("pipedrive.v2") == 1, "500 persons are one page of 500")
            #expect(await server.requestCount("pipedrive.organizations") == 1, "20 organisations are one page")
            #expect(await server.requestCount("pipedrive.users") == 1)
            #expect(showsOrganizations(first), "v2 names organisations by id; rolo shows their names:\n\(first)")
            #expect(showsOwner(first), "the detail names the owner:\n\(first)")
            try tmux.send("q")
            try await tmux.waitFor("rolo to exit") { $0.contains("FIRST-EXIT=0") }
            await server.stop()

            // A short timeout: a stopped stand-in may leave its socket accepting without answering.
            try tmux.run(command(server, space, token: token) + " --timeout 3; echo SECOND-EXIT=$?")
            // The banner comes with the persons' failed refresh; the status bar's "offline" once the
            // names' refresh has failed too, a moment later when the refused connection is quick.
            let screen = try await tmux.waitFor("the offline banner and status") {
                $0.contains("Offline — showing persons saved") && $0.contains("offline · saved")
            }
            #expect(screen.contains("500 persons"))
            #expect(screen.contains("offline · saved"))
            // The same first rows as before, from the database (the list pane: left of its scroll bar).
            let listRows = { (text: String) in
                text.split(separator: "\n").dropFirst(3).prefix(8).map { String($0.prefix { $0 != "│" && $0 != "┃" }) }
            }
            #expect(listRows(screen) == listRows(first), "before:\n\(first)\nafter:\n\(screen)")
            #expect(listRows(screen).first?.contains("@") == true)
            #expect(showsOrganizations(screen), "offline, the names come from the database:\n\(screen)")
            #expect(showsOwner(screen), "offline, the detail still names the owner:\n\(screen)")
            try tmux.send("End")
            try await tmux.waitFor("the last stored person") { $0.contains("500/500") }
            try tmux.send("q")
            try await tmux.waitFor("rolo to exit") { $0.contains("SECOND-EXIT=0") }
        }
    }
}
