import Foundation
import Logging
import StandIn
import Testing

extension EndToEnd {
    /// `rolo dump` as a script runs it: the real binary, no terminal, the stand-in over HTTP.
    @Suite("rolo dump: the real binary's output, exit status and standard error", .serialized, .temporaryDirectories)
    struct DumpEndToEndTests {
        private func home() throws -> String {
            try TemporaryDirectory.scopedPath("rolo-dump-e2e")
        }

        private func pipedrive(_ server: StandInServer) -> [String] {
            ["--pipedrive-url", server.baseURL.absoluteString + "/pipedrive"]
        }

        @Test("A bad option, format or field: status 2, one line on standard error, nothing on standard output")
        func usage() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try home()
            for arguments in [["dump", "people", "--fields", "name,emial"], ["dump", "people", "--format", "xml"],
                              ["dump", "people", "--frmat", "csv"], ["dump", "nowhere"], ["dump", "people", "--timeout", "soon"]] {
                let run = try await DumpProcess.run(arguments, home: home)
                #expect(run.status == 2, "\(arguments): \(run.stderr)")
                #expect(run.stdout.isEmpty, "\(arguments)")
                #expect(run.stderr.hasPrefix("rolo dump: "), "\(arguments): \(run.stderr)")
                #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): one line, not \(run.stderr)")
            }
            let field = try await DumpProcess.run(["dump", "people", "--fields", "name,emial"], home: home)
            #expect(field.stderr == "rolo dump: people has no field 'emial' — its fields are id, name, first_name, last_name, gender, birth_date\n")
        }

        @Test("--help lists every source's fields")
        func help() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try home()
            let run = try await DumpProcess.run(["dump", "--help"], home: home)
            #expect(run.status == 0)
            #expect(run.stdout.contains("  people      id, name, first_name, last_name, gender, birth_date\n"))
            let fields = run.stdout.components(separatedBy: "Fields (--fields").last?.components(separatedBy: "Examples:").first ?? ""
            let listed = fields.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
            for name in ["email", "emails", "organization_id", "open_deals", "contact", "projects", "country_name", "picture"] {
                #expect(listed.contains(name), "\(name) in:\n\(fields)")
            }
        }

        @Test("No server: status 1 and one line; the stand-in's account: every person on standard output, nothing else")
        func pipedriveAndDown() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try home()
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let token = StandInOptions().pipedriveToken

            let down = try await DumpProcess.run(["dump", "people", "--people-url", "http://127.0.0.1:9", "--timeout", "5"], home: home)
            #expect(down.status == 1)
            #expect(down.stdout.isEmpty)
            #expect(down.stderr == "rolo dump: people: Can't reach 127.0.0.1:9 — is the server running?\n")

            let wrong = "wrong-token-dump-e2e-91f0"
            let refused = try await DumpProcess.run(["dump", "pipedrive", "--pipedrive-api", "v1"] + pipedrive(server), home: home,
                                                    environment: ["PIPEDRIVE_API_TOKEN": wrong])
            #expect(refused.status == 1)
            #expect(refused.stderr == "rolo dump: pipedrive: Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN\n")
            #expect(refused.stdout.isEmpty)

            let csv = try await DumpProcess.run(["dump", "pipedrive", "--format", "csv"] + pipedrive(server), home: home,
                                                environment: ["PIPEDRIVE_API_TOKEN": token])
            #expect(csv.status == 0, "\(csv.stderr)")
            #expect(csv.stderr.isEmpty, "no progress when standard error isn't a terminal: \(csv.stderr)")
            #expect(csv.stdout.components(separatedBy: "\r\n").count == 502, "a header, 500 persons and the last line end")
            await server.stop()

            let offline = try await DumpProcess.run(["dump", "pipedrive", "--format", "csv", "--offline"], home: home)
            #expect(offline.status == 0)
            #expect(offline.stdout == csv.stdout)
            #expect(offline.stderr.hasPrefix("rolo dump: pipedrive: --offline — dumping the 500 persons stored 20"), "\(offline.stderr)")
            let log = (try? String(contentsOfFile: home + "/state/rolo/rolo.log", encoding: .utf8)) ?? ""
            for text in [csv.stdout, csv.stderr, refused.stderr, log] {
                #expect(!text.contains(wrong) && !text.contains(token), "the token never appears")
            }
        }

        @Test("A configured source short of its total: every record that came, the shortfall on standard error, status 3; --allow-partial: 0")
        func partial() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try home()
            var options = StandInOptions()
            options.jiraVisibleIssues = 100
            let server = try await StandInServer.start(options, logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let config = home + "/jira.toml"
            try """
                [[sources]]
                name = "jira"
                url = "\(server.baseURL.absoluteString)/jira/rest/api/3/search"
                records = "issues"
                label = "{key}"
                [sources.paging]
                style = "offset"
                param = "startAt"
                size_param = "maxResults"
                size = 150
                total = "total"
                """.write(toFile: config, atomically: true, encoding: .utf8)
            let short = try await DumpProcess.run(["dump", "jira", "--format", "jsonl", "--config", config], home: home)
            #expect(short.status == 3, "\(short.stderr)")
            #expect(short.stdout.split(separator: "\n").count == 100)
            #expect(short.stderr == "rolo dump: jira: got 100 of 121: the API sent no more pages — the list is partial (--allow-partial takes it as it is)\n")
            let allowed = try await DumpProcess.run(["dump", "jira", "--format", "jsonl", "--config", config, "--allow-partial"], home: home)
            #expect(allowed.status == 0 && allowed.stdout == short.stdout)
            #expect(allowed.stderr == "rolo dump: jira: got 100 of 121: the API sent no more pages\n")
            await server.stop()
        }

        @Test("rolo dump … | head ends cleanly: no broken-pipe noise, status 0")
        func head() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(pipedrivePersons: 3000), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let home = try home()
            let tmux = try await TmuxSession(width: 200, height: 20, environment: ["PIPEDRIVE_API_TOKEN": StandInOptions().pipedriveToken])
            // The shell's exit ends the session and with it the tmux server, which a signal from a
            // test runner's blocked mask might not.
            defer { try? tmux.run("exit") }
            try tmux.run("\(RoloBinary.path) dump pipedrive --format jsonl --data-dir \(home) "
                         + "--pipedrive-url \(server.baseURL.absoluteString)/pipedrive | head -2 | cut -c1-40; echo \"END$((40 + 2)) STATUS=${PIPESTATUS[0]}\"")
            // END42 is not in the typed command, so it shows only once the pipeline has ended.
            let screen = try await tmux.waitFor("the pipeline to end") { $0.contains("END42") }
            await server.stop()
            #expect(screen.contains("END42 STATUS=0"), "\(screen)")
            #expect(screen.components(separatedBy: "{\"id\": ").count == 3, "two records: \(screen)")
            for noise in ["Broken pipe", "rror", "rolo dump:", "persons stored"] {
                #expect(!screen.contains(noise), "\(noise): \(screen)")
            }
        }
    }
}
