import Foundation
import Logging
import StandIn
import Testing

/// rolo's requests go through the proxy the environment names, as curl reads it, and around it
/// for the hosts `no_proxy` lists.
extension EndToEnd {
    @Suite("rolo in tmux behind a forward proxy", .serialized, .temporaryDirectories)
    struct ProxyEndToEndTests {
        /// Opens rolo on people in tmux with `environment`, waits for the list and quits.
        private func browse(_ server: StandInServer, environment: [String: String]) async throws {
            let tmux = try await TmuxSession(width: 80, height: 24, environment: environment)
            try tmux.run("\(RoloBinary.path) people --people-url \(server.baseURL.absoluteString) --images off; echo ROLO-EXIT=$?")
            try await tmux.waitFor("the list through the proxy") { $0.contains("24 employees") }
            try tmux.send("q")
            try await tmux.waitFor("rolo to exit") { $0.contains("ROLO-EXIT=0") }
        }

        @Test("http_proxy carries every request; no_proxy sends 127.0.0.1 around it")
        func proxy() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in"))
            defer { Task { await server.stop() } }
            let proxy = try RecordingProxy()
            defer { proxy.stop() }
            let base = server.baseURL.absoluteString

            try await browse(server, environment: ["http_proxy": proxy.url])
            #expect(proxy.requestLines.contains("GET \(base)/employees HTTP/1.1"), "\(proxy.requestLines)")
            #expect(proxy.requestLines.contains("GET \(base)/healthCheck HTTP/1.1"))

            let seen = proxy.requestLines.count
            try await browse(server, environment: ["http_proxy": proxy.url, "no_proxy": "127.0.0.1"])
            #expect(proxy.requestLines.count == seen, "no_proxy bypasses: \(proxy.requestLines.dropFirst(seen))")
        }

        @Test("A Pipedrive session sends its token in no URL: persons (v1 and v2), organisations and users",
              arguments: ["v1", "v2"])
        func pipedriveTokenInNoURL(api: String) async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            var options = StandInOptions()
            options.pipedrivePersons = 120
            let server = try await StandInServer.start(options, logger: Logger(label: "test.stand-in"))
            defer { Task { await server.stop() } }
            let proxy = try RecordingProxy()
            defer { proxy.stop() }
            let root = try TemporaryDirectory.scoped("rolo-token")
            let base = server.baseURL.absoluteString
            let tmux = try await TmuxSession(width: 120, height: 40, environment: ["http_proxy": proxy.url])
            try tmux.run("PIPEDRIVE_API_TOKEN=standin-token XDG_STATE_HOME=\(root.path)/state \(RoloBinary.path) pipedrive "
                         + "--pipedrive-url \(base)/pipedrive --pipedrive-api \(api) --images off "
                         + "--data-dir \(root.path)/data --cache-dir \(root.path)/cache; echo ROLO-EXIT=$?")
            try await tmux.waitFor("every person stored") { $0.contains("120 persons") }
            try await tmux.waitIdle(after: 0)
            try tmux.send("q")
            try await tmux.waitFor("rolo to exit") { $0.contains("ROLO-EXIT=0") }
            let lines = proxy.requestLines.filter { $0.contains("/pipedrive/") }
            let persons = api == "v2" ? "/pipedrive/api/v2/persons?" : "/pipedrive/v1/persons?"
            #expect(lines.contains { $0.contains(persons) }, "\(lines)")
            if api == "v2" {
                // v2 names organisations and owners by id only, so their names are fetched too;
                // v1 persons carry them.
                #expect(lines.contains { $0.contains("/pipedrive/api/v2/organizations?") }, "\(lines)")
                #expect(lines.contains { $0.contains("/pipedrive/v1/users ") }, "\(lines)")
            }
            #expect(!lines.contains { $0.contains("standin-token") || $0.contains("api_token") }, "\(lines)")
        }
    }
}
