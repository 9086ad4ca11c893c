import Foundation
import Logging
import RoloCore
import StandIn
import Testing

extension EndToEnd {
    /// What a refresh of a stored configured source costs the real binary: `rolo dump` of the
    /// stand-in's staff directory (95 people, five pages) run again, counted by the stand-in.
    @Suite("rolo dump again: a stored source's refresh asks only what changed", .serialized, .temporaryDirectories)
    struct RefreshDumpEndToEndTests {
        private static let route = "staff.list"

        @Test("Dumped again: one request (304 to its ETag) and the same records; after an edit the list again; with since, one request")
        func dumpAgain() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try TemporaryDirectory.scopedPath("rolo-refresh-e2e")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            do {
                try await dumpAgain(server, home: home)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        private func dumpAgain(_ server: StandInServer, home: String) async throws {
            let base = server.baseURL.absoluteString
            let config = home + "/staff.toml"
            let toml = """
                [[sources]]
                name = "staff"
                url = "\(base)/staff/api/people/?page_size=20"
                records = "results"
                id = "uuid"
                label = "{name.first} {name.last}"
                fields = ["uuid", "title"]
                [sources.paging]
                style = "next-url"
                next = "next"
                total = "count"
                """
            try toml.write(toFile: config, atomically: true, encoding: .utf8)
            func dump() async throws -> (lines: [Substring], requests: Int) {
                let before = await server.requestCount(Self.route)
                let run = try await DumpProcess.run(["dump", "staff", "--format", "jsonl", "--config", config], home: home)
                #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
                return (run.stdout.split(separator: "\n"), await server.requestCount(Self.route) - before)
            }
            let first = try await dump()
            #expect(first.lines.count == 95 && first.requests == 5)
            let again = try await dump()
            #expect(again.requests == 1 && again.lines == first.lines)

            let person = try #require(URL(string: "\(base)/staff/api/people/5ba1f000-0000-4000-8000-000000000007/"))
            let edit = HTTPRequest(method: "PATCH", url: person, headers: ["Content-Type": "application/json"], body: Data(#"{"title": "Chief"}"#.utf8))
            #expect(try await CurlHTTPClient().send(edit).status == 200)
            let edited = try await dump()
            #expect(edited.requests == 5 && edited.lines.count == 95)
            #expect(edited.lines[6].contains("\"Chief\""))

            try (toml + "\nsince = \"updated_after\"\n").write(toFile: config, atomically: true, encoding: .utf8)
            let retitled = HTTPRequest(method: "PATCH", url: person, headers: ["Content-Type": "application/json"], body: Data(#"{"title": "Mentor"}"#.utf8))
            #expect(try await CurlHTTPClient().send(retitled).status == 200)
            let changes = try await dump()
            #expect(changes.requests == 1 && changes.lines.count == 95)
            #expect(changes.lines[6].contains("\"Mentor\""))
        }
    }
}
