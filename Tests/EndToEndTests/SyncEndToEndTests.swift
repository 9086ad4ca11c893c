import Foundation
import Logging
import StandIn
import Testing

extension EndToEnd {
    /// `rolo sync` as cron runs it: the real binary against the stand-in over HTTP, one line a
    /// source on standard output, the exit status a script reads.
    @Suite("rolo sync: stored sources refreshed headless, one line each", .serialized, .temporaryDirectories)
    struct SyncEndToEndTests {
        @Test("Every stored source: a whole one synced, a partial one exit 3; again: nothing new; a name that keeps nothing: exit 2")
        func sync() async throws {
            let home = try TemporaryDirectory.scopedPath("rolo-sync-e2e")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let base = server.baseURL.absoluteString
            let config = home + "/config.toml"
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

        @Test("Pipedrive on the stand-in (--demo): its persons synced and counted")
        func pipedrive() async throws {
            let home = try TemporaryDirectory.scopedPath("rolo-sync-e2e")
            let synced = try await DumpProcess.run(["sync", "pipedrive", "--demo"], home: home)
            #expect(synced.status == 0, "\(synced.stderr)")
            #expect(synced.stdout == "pipedrive: 500 new, 0 changed, 0 removed\n", "\(synced.stdout)")
        }
    }
}
