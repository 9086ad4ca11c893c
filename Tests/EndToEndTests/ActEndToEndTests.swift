import Foundation
import Logging
import RoloCore
import StandIn
import Testing

extension EndToEnd {
    /// `rolo act` as a script runs it: the real binary, no terminal, the stand-in's staff
    /// directory over HTTP on 127.0.0.1 as a configured source with four actions.
    @Suite("rolo act: a configured source's actions run from a script, against the stand-in", .serialized, .temporaryDirectories)
    struct ActEndToEndTests {
        /// Person 7 of the staff directory.
        static let uuid = "5ba1f000-0000-4000-8000-000000000007"

        /// The config file the tests run with: the staff directory and its actions.
        static func config(_ base: String) -> String {
            """
            [[sources]]
            name = "staff"
            url = "\(base)/staff/api/people/"
            records = "results"
            id = "uuid"
            label = "{name.first} {name.last}"
            detail_url = "\(base)/staff/api/people/{uuid}/"

            [sources.paging]
            style = "next-url"
            next = "next"

            [[sources.actions]]
            name = "retitle"
            key = "T"
            title = "Change the title"
            when = "email"
            method = "PATCH"
            url = "/staff/api/people/{uuid}/"
            body = { title = "{input.title}", office = { city = "{office.city}", floor = "{office.floor}" } }
            then = "update"
            inputs = [ { name = "title", title = "New title", kind = "choice", choices = ["Lead", "Engineer"] } ]

            [[sources.actions]]
            name = "delete"
            key = "D"
            title = "Delete the person"
            method = "DELETE"
            url = "/staff/api/people/{uuid}/"
            confirm = true

            [[sources.actions]]
            name = "note"
            key = "n"
            title = "Add a note"
            method = "POST"
            url = "/staff/api/people/{uuid}/notes/"
            body = { text = "{input.text}" }
            inputs = [ { name = "text", title = "Note" } ]

            [[sources.actions]]
            name = "greet"
            key = "e"
            title = "Say hello"
            command = ["sh", "-c", "printf 'hello %s\\\\n' \\"$1\\"", "--", "{name.first}"]
            mode = "output"
            """
        }

        /// A home with the config file, the stand-in, and `body`; both gone after.
        private func withStandIn(_ body: (_ home: String, _ server: StandInServer, _ run: @escaping ([String], [String: String]) async throws -> DumpProcess) async throws -> Void) async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try TemporaryDirectory.scopedPath("rolo-act-e2e")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let config = home + "/config.toml"
            try Data(Self.config(server.baseURL.absoluteString).utf8).write(to: URL(fileURLWithPath: config))
            do {
                try await body(home, server) { arguments, environment in
                    try await DumpProcess.run(["act"] + arguments + ["--config", config], home: home, environment: environment)
                }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        private func person(_ server: StandInServer) async throws -> JSONValue? {
            let url = try #require(URL(string: server.baseURL.absoluteString + "/staff/api/people/\(Self.uuid)/"))
            let response = try await CurlHTTPClient().send(HTTPRequest(url: url, timeout: 60))
            return response.status == 200 ? try JSONValue.parse(response.body) : nil
        }

        @Test("An update: the PATCH sent with its JSON types, the answer printed as the record, exit 0")
        func update() async throws {
            try await withStandIn { _, server, act in
                let run = try await act(["staff", "retitle", "--id", Self.uuid, "--input", "title=Lead"], [:])
                #expect(run.status == 0, "\(run.stderr)")
                let printed = try JSONValue.parse(Data(run.stdout.utf8))
                #expect(printed["title"] == .string("Lead") && printed["uuid"] == .string(Self.uuid))
                #expect(run.stdout.filter { $0 == "\n" }.count == 1, "one line of JSON: \(run.stdout)")
                #expect(run.stderr == "rolo act: retitle on \(Self.uuid) of staff: done; the server's answer is the record\n")
                let stored = try await person(server)
                #expect(stored?["title"] == .string("Lead"))
                #expect(stored?.value(at: JSONPath("office.floor")) == .number("2"), "a lone {path} keeps the number a number")
                #expect(await server.requestCount("staff.update") == 1)
            }
        }

        @Test("A 429 is waited out and sent again; a 500 of a PATCH is not: exit 1 with the API's message")
        func retries() async throws {
            try await withStandIn { _, server, act in
                await server.setFailure("staff.update", remaining: 2, status: 429, retryAfter: 0)
                let limited = try await act(["staff", "retitle", "--id", Self.uuid, "--input", "title=Engineer"], [:])
                #expect(limited.status == 0, "\(limited.stderr)")
                #expect(await server.requestCount("staff.update") == 3)
                await server.setFailure("staff.update", remaining: 1)
                let failed = try await act(["staff", "retitle", "--id", Self.uuid, "--input", "title=Lead"], [:])
                #expect(failed.status == 1)
                #expect(failed.stdout.isEmpty)
                let endpoint = "127.0.0.1:\(server.baseURL.port ?? 0)"
                #expect(failed.stderr == "rolo act: retitle on \(Self.uuid) of staff: HTTP 500 from \(endpoint): A server error occurred.\n")
                #expect(await server.requestCount("staff.update") == 4, "a failed PATCH is never sent twice")
                #expect(try await person(server)?["title"] == .string("Engineer"))
            }
        }

        @Test("confirm = true: no terminal and no --yes is refused with 2; --yes deletes, and the person is gone")
        func confirmAndDelete() async throws {
            try await withStandIn { _, server, act in
                let refused = try await act(["staff", "delete", "--id", Self.uuid], [:])
                #expect(refused.status == 2)
                #expect(refused.stderr == "rolo act: delete asks for confirmation (confirm = true) and there is no terminal to ask on — add --yes to run it\n")
                #expect(await server.requestCount("staff.delete") == 0)
                let deleted = try await act(["staff", "delete", "--id", Self.uuid, "--yes"], [:])
                #expect(deleted.status == 0, "\(deleted.stderr)")
                #expect(deleted.stdout.isEmpty)
                #expect(deleted.stderr == "rolo act: delete on \(Self.uuid) of staff: done; the record removed\n")
                #expect(try await person(server) == nil)
                let again = try await act(["staff", "delete", "--id", Self.uuid, "--yes"], [:])
                #expect(again.status == 2 && again.stderr == "rolo act: staff has no record with id '\(Self.uuid)'\n", "\(again.stderr)")
            }
        }

        @Test("A note is POSTed, then the record fetched again and printed; a command's output is printed as it came")
        func noteAndCommand() async throws {
            try await withStandIn { _, server, act in
                let noted = try await act(["staff", "note", "--id", Self.uuid, "--input", "text=Met at the fair; \"ask\" about $HOME"], [:])
                #expect(noted.status == 0, "\(noted.stderr)")
                let printed = try JSONValue.parse(Data(noted.stdout.utf8))
                #expect(printed.value(at: JSONPath("notes.0.text")) == .string("Met at the fair; \"ask\" about $HOME"))
                #expect(await server.requestCount("staff.note") == 1)
                let greeted = try await act(["staff", "greet", "--id", Self.uuid], [:])
                #expect(greeted.status == 0, "\(greeted.stderr)")
                let first = try await person(server)?.value(at: JSONPath("name.first"))?.text ?? ""
                #expect(greeted.stdout == "hello \(first)\n")
            }
        }

        @Test("Read-only refuses the writes and names the setting; nothing is sent")
        func readOnly() async throws {
            try await withStandIn { _, server, act in
                let environment = try await act(["staff", "retitle", "--id", Self.uuid, "--input", "title=Lead"], ["ROLO_READ_ONLY": "1"])
                #expect(environment.status == 2)
                #expect(environment.stderr == "rolo act: rolo is read-only (ROLO_READ_ONLY): 'retitle' would send a PATCH — turn read-only off to act\n")
                let option = try await act(["staff", "delete", "--id", Self.uuid, "--yes", "--read-only"], [:])
                #expect(option.status == 2 && option.stderr.contains("rolo is read-only (--read-only): 'delete' would send a DELETE"))
                #expect(await server.requestCount("staff.update") == 0)
                #expect(await server.requestCount("staff.delete") == 0)
                let command = try await act(["staff", "greet", "--id", Self.uuid, "--read-only"], [:])
                #expect(command.status == 0, "commands are the user's own: \(command.stderr)")
            }
        }

        @Test("Mistakes are exit 2 with one line: an unknown action, a missing input, a bad choice, no --id")
        func usage() async throws {
            try await withStandIn { _, server, act in
                let cases: [([String], String)] = [
                    (["staff", "frobnicate", "--id", "x"], "rolo act: staff has no action 'frobnicate' — its actions are retitle, delete, note, greet\n"),
                    (["nowhere", "retitle", "--id", "x"], "rolo act: no configured source named 'nowhere' — the configured sources are staff\n"),
                    (["people", "note", "--id", "1"], "rolo act: rolo act runs configured sources' actions and Pipedrive's; people is built in, and its [[actions]] run on its tab\n"),
                    (["staff", "retitle", "--id", Self.uuid], "rolo act: retitle on \(Self.uuid) of staff: 'retitle' needs the input 'title' (New title)\n"),
                    (["staff", "retitle", "--id", Self.uuid, "--input", "title=CEO"], "rolo act: retitle on \(Self.uuid) of staff: 'CEO' isn't a choice of 'title' — the choices are Lead, Engineer\n"),
                    (["staff", "retitle", "--id", Self.uuid, "--input", "title"], "rolo act: --input 'title' should be NAME=VALUE, like --input note=\"fixed in 2.1\"\n"),
                ]
                for (arguments, expected) in cases {
                    let run = try await act(arguments, [:])
                    #expect(run.status == 2, "\(arguments): \(run.stderr)")
                    #expect(run.stderr == expected, "\(arguments)")
                    #expect(run.stdout.isEmpty)
                }
                let noID = try await act(["staff", "retitle"], [:])
                #expect(noID.status == 2 && noID.stderr.hasPrefix("rolo act: Missing expected argument '--id <id>'"), "\(noID.stderr)")
                #expect(await server.requestCount("staff.update") == 0)
            }
        }

        @Test("--check-config checks the actions: a key the tab uses already is exit 2 naming its line")
        func checkConfig() async throws {
            try await withStandIn { home, server, _ in
                let config = home + "/clash.toml"
                let text = Self.config(server.baseURL.absoluteString).replacingOccurrences(of: "key = \"e\"", with: "key = \"r\"")
                try Data(text.utf8).write(to: URL(fileURLWithPath: config))
                let run = try await DumpProcess.run(["--check-config", "--config", config], home: home)
                #expect(run.status == 2)
                #expect(run.stderr == "rolo: \(config), line 43: 'r' for action 'greet' of staff is already refresh's key on that tab — pick another key for the action (`rolo keys` lists the keys in use)\n")
                let fine = try await DumpProcess.run(["--check-config", "--config", home + "/config.toml"], home: home)
                #expect(fine.status == 0, "\(fine.stderr)")
            }
        }
    }
}
