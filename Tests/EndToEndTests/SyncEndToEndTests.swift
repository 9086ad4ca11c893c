import Foundation
import Logging
import RoloCore
import StandIn
import Testing

extension EndToEnd {
    /// `rolo sync` as cron runs it: the real binary against the stand-in over HTTP, one line a
    /// source on standard output, the exit status a script reads.
    @Suite("rolo sync: stored sources refreshed headless, one line each", .serialized, .temporaryDirectories)
    struct SyncEndToEndTests {
        /// A home for rolo's files, a stand-in on 127.0.0.1, and where the config file goes.
        private static func workspace() async throws -> (home: String, server: StandInServer, config: String) {
            let home = try TemporaryDirectory.scopedPath("rolo-sync-e2e")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            return (home, server, home + "/config.toml")
        }

        @Test("Every stored source: a whole one synced, a partial one exit 3; again: nothing new; a name that keeps nothing: exit 2")
        func sync() async throws {
            let (home, server, config) = try await Self.workspace()
            let base = server.baseURL.absoluteString
            try """
                [[sources]]
                name = "jira"
                url = "\(base)/jira/rest/api/3/search?jql=project%3DROLO"
                records = "issues"
                label = "{key}"
                [sources.paging]
                style = "offset"
                param = "startAt"
                size_param = "maxResults"
                size = 50
                total = "total"

                [[sources]]
                name = "es"
                url = "\(base)/__paging/elasticsearch/people/_search"
                records = "hits.hits"
                id = "_id"
                label = "{_source.name}"
                [sources.paging]
                style = "offset"
                param = "from"
                size_param = "size"
                size = 1000
                total = "hits.total.value"

                [[sources]]
                name = "live"
                url = "\(base)/jira/rest/api/3/search"
                records = "issues"
                offline = false
                """.write(toFile: config, atomically: true, encoding: .utf8)
            let first = try await DumpProcess.run(["sync", "--config", config], home: home)
            let again = try await DumpProcess.run(["sync", "jira", "--config", config], home: home)
            let live = try await DumpProcess.run(["sync", "live", "--config", config], home: home)
            await server.stop()
            #expect(first.status == 3, "\(first.stderr)")
            let lines = first.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "jira: 121 new, 0 changed, 0 removed")
            #expect(lines.last?.hasPrefix("es: 10000 new, 0 changed, 0 removed — partial: the list stopped at page 11, with 10000 of 12000 records: Result window is too large") == true,
                    "\(first.stdout)")
            #expect(lines.count == 2, "live keeps nothing and isn't synced")
            #expect(again.status == 0 && again.stdout == "jira: 0 new, 0 changed, 0 removed\n", "\(again.stdout)\(again.stderr)")
            #expect(live.status == 2 && live.stderr.contains("rolo sync: live: offline = false keeps nothing, so there is nothing to sync"))
        }

        @Test("rolo changes after two syncs: what changed on the server, as JSON lines and as text, each change once per look")
        func changes() async throws {
            let (home, server, config) = try await Self.workspace()
            let base = server.baseURL.absoluteString
            try ActEndToEndTests.config(base).write(toFile: config, atomically: true, encoding: .utf8)
            let filled = try await DumpProcess.run(["sync", "staff", "--config", config], home: home)
            let first = try await DumpProcess.run(["changes", "staff", "--config", config], home: home)
            // Between two syncs, another client retitles person 7 and deletes person 8.
            let http = CurlHTTPClient()
            let person = { (n: Int) in URL(string: "\(base)/staff/api/people/5ba1f000-0000-4000-8000-00000000000\(n)/")! }
            let patched = try await http.send(HTTPRequest(
                method: "PATCH", url: person(7), headers: ["Content-Type": "application/json"], body: Data(#"{"title": "Chief of Staff"}"#.utf8)))
            let deleted = try await http.send(HTTPRequest(method: "DELETE", url: person(8)))
            http.shutdown()
            let synced = try await DumpProcess.run(["sync", "staff", "--config", config], home: home)
            let lines = try await DumpProcess.run(["changes", "staff", "--format", "jsonl", "--config", config], home: home)
            let looked = try await DumpProcess.run(["changes", "staff", "--config", config], home: home)
            let since = try await DumpProcess.run(["changes", "staff", "--since", "1h", "--config", config], home: home)
            let unknown = try await DumpProcess.run(["changes", "staff", "--since", "soon", "--config", config], home: home)
            await server.stop()
            #expect(filled.status == 0 && patched.status == 200 && deleted.status == 204, "\(filled.stderr)")
            #expect(first.status == 0 && first.stdout.isEmpty && first.stderr == "rolo changes: staff: no changes kept\n",
                    "a first listing is no change: \(first.stdout)\(first.stderr)")
            #expect(synced.stdout == "staff: 0 new, 1 changed, 1 removed\n", "\(synced.stdout)\(synced.stderr)")
            let objects = try lines.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            #expect(lines.status == 0 && objects.count == 2, "\(lines.stdout)\(lines.stderr)")
            #expect(objects.map { $0["change"] as? String } == ["changed", "removed"])
            #expect(objects.map { $0["id"] as? String } == ["5ba1f000-0000-4000-8000-000000000007", "5ba1f000-0000-4000-8000-000000000008"])
            let fields = try #require(objects.first?["fields"] as? [String: [Any]])
            #expect(Array(fields.keys) == ["title"] && fields["title"]?.last as? String == "Chief of Staff", "\(fields)")
            #expect(objects.allSatisfy { ($0["at"] as? String).flatMap { try? Date($0, strategy: .iso8601) } != nil })
            #expect(looked.stdout.isEmpty && looked.stderr.hasPrefix("rolo changes: staff: no changes since "), "the last look was the jsonl run's")
            let text = since.stdout.split(separator: "\n")
            #expect(text.count == 2 && text[0].contains("  changed  5ba1f000-0000-4000-8000-000000000007  ") && text[0].hasSuffix(" → Chief of Staff"),
                    "\(since.stdout)")
            #expect(unknown.status == 2 && unknown.stderr.contains("--since soon isn't an age like 2h"), "\(unknown.stderr)")
        }

        @Test("rolo sync --notify: nothing for the first sync, then one notification through notify_command for the change that matches")
        func notify() async throws {
            let (home, server, config) = try await Self.workspace()
            let base = server.baseURL.absoluteString
            let notified = home + "/notified"
            let script = home + "/notify.sh"
            try "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \(notified)\n".write(toFile: script, atomically: true, encoding: .utf8)
            chmod(script, 0o755)
            let staff = ActEndToEndTests.config(base)
            let table = staff.range(of: "\n[sources.paging]")!.lowerBound
            try (staff[..<table] + """

                notify = 'title == "Chief of Staff"'
                notify_command = ["\(script)", "{label}", "{count}", "{source}", "{email}"]
                """ + staff[table...] + """

                [[sources]]
                name = "plain"
                url = "\(base)/staff/api/people/"
                records = "results"
                id = "uuid"
                [sources.paging]
                style = "next-url"
                next = "next"
                """).write(toFile: config, atomically: true, encoding: .utf8)
            let first = try await DumpProcess.run(["sync", "staff", "--notify", "--config", config], home: home)
            let http = CurlHTTPClient()
            let person = { (n: Int) in URL(string: "\(base)/staff/api/people/5ba1f000-0000-4000-8000-00000000000\(n)/")! }
            let json = ["Content-Type": "application/json"]
            let chief = try await http.send(HTTPRequest(method: "PATCH", url: person(7), headers: json, body: Data(#"{"title": "Chief of Staff"}"#.utf8)))
            let other = try await http.send(HTTPRequest(method: "PATCH", url: person(6), headers: json, body: Data(#"{"title": "Archivist"}"#.utf8)))
            let gone = try await http.send(HTTPRequest(method: "DELETE", url: person(8)))
            http.shutdown()
            let second = try await DumpProcess.run(["sync", "--notify", "--config", config], home: home)
            let changes = try await DumpProcess.run(["changes", "staff", "--format", "jsonl", "--config", config], home: home)
            await server.stop()
            #expect(first.status == 0 && first.stderr.isEmpty, "a first sync fills an empty store, which notifies nothing: \(first.stderr)")
            #expect(chief.status == 200 && other.status == 200 && gone.status == 204)
            #expect(second.status == 0 && second.stdout == "staff: 0 new, 2 changed, 1 removed\nplain: 94 new, 0 changed, 0 removed\n", "\(second.stdout)")
            let lines = try String(contentsOfFile: notified, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let labels = changes.stdout.split(separator: "\n").compactMap {
                let object = try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
                return object?["id"] as? String == "5ba1f000-0000-4000-8000-000000000007" ? object?["label"] as? String : nil
            }
            let label = try #require(labels.first, "\(changes.stdout)")
            #expect(lines.count == 5 && lines[0] == label && lines[1] == "1" && lines[2] == "staff" && lines[3].contains("@") && lines[4].isEmpty,
                    "one notification, for person 7 only: \(lines)")
            #expect(second.stderr == """
                rolo sync: staff: notified: \(label)
                rolo sync: plain: no notify_command, so --notify sends nothing (notify_command = ["notify-send", "rolo: {summary}"] in its [[sources]] table)

                """, "\(second.stderr)")
        }

        @Test("Pipedrive on the stand-in (--demo): its persons synced and counted")
        func pipedrive() async throws {
            let home = try TemporaryDirectory.scopedPath("rolo-sync-e2e")
            let synced = try await DumpProcess.run(["sync", "pipedrive", "--demo"], home: home)
            #expect(synced.status == 0, "\(synced.stderr)")
            #expect(synced.stdout == "pipedrive: 500 new, 0 changed, 0 removed\n", "\(synced.stdout)")
        }
    }
}
