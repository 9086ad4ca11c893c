import Foundation
import Logging
import StandIn
import Testing

extension EndToEnd {
    /// `rolo add` as a user runs it: the real binary against the stand-in's APIs over HTTP.
    @Suite("rolo add: a source written from the stand-in's answers, then dumped", .serialized, .temporaryDirectories)
    struct AddEndToEndTests {
        private func home() throws -> String {
            try TemporaryDirectory.scopedPath("rolo-add-e2e")
        }

        @Test("GitHub's members: the table written (Link paging, the avatar, the detail URL), the first rows shown; the name can't be taken twice")
        func members() async throws {
            let home = try home()
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let url = server.baseURL.absoluteString + "/github/orgs/rolo-stand-in/members"
            let config = home + "/rolo/config.toml"
            try FileManager.default.createDirectory(atPath: home + "/rolo", withIntermediateDirectories: true)
            try "timeout = 60\n".write(toFile: config, atomically: true, encoding: .utf8)

            let dry = try await DumpProcess.run(["add", "members", url, "--config", config, "--dry-run"], home: home)
            #expect(dry.status == 0, "\(dry.stderr)")
            #expect(try String(contentsOfFile: config, encoding: .utf8) == "timeout = 60\n", "a dry run writes nothing")

            let added = try await DumpProcess.run(["add", "members", url, "--config", config], home: home)
            await server.stop()
            #expect(added.status == 0, "\(added.stderr)")
            let written = try String(contentsOfFile: config, encoding: .utf8)
            #expect(written.hasPrefix("timeout = 60\n\n# written by rolo add"), "appended after what was there")
            for line in ["name = \"members\"", "url = \"\(url)\"", "label = \"{login}\"", "image = \"{avatar_url}\"",
                         "detail_url = \"{url}\"", "[sources.paging]", "style = \"link\""] {
                #expect(written.contains(line + "\n"), "\(line) in:\n\(written)")
            }
            #expect(added.stdout.contains(written.components(separatedBy: "\n\n").last ?? "-"), "the table printed as written")
            #expect(added.stdout.contains("id\tlabel\n1001\t"), "the first rows, as the dump prints them:\n\(added.stdout)")
            #expect(added.stdout.hasSuffix("Open it with: rolo members\n"))

            let again = try await DumpProcess.run(["add", "members", url, "--config", config], home: home)
            #expect(again.status == 2)
            #expect(again.stderr.contains("a source named 'members' is already in \(config), line"))
            #expect(try String(contentsOfFile: config, encoding: .utf8) == written, "the file is as it was")
        }

        /// A stand-in API as a user meets it: the URL they'd paste, and what they'd add.
        struct API: CustomTestStringConvertible, Sendable {
            let name: String
            let path: String
            var arguments: [String] = []
            let records: @Sendable (StandInOptions) -> Int
            let style: String
            var testDescription: String { name }
        }

        static let apis: [API] = [
            API(name: "jira", path: "/jira/rest/api/3/search?jql=project%3DROLO", records: { $0.jiraIssues }, style: "offset"),
            API(name: "stripe", path: "/stripe/v1/customers", records: { $0.stripeCustomers }, style: "cursor"),
            API(name: "graph", path: "/msgraph/v1.0/users?$top=3", records: { $0.graphUsers }, style: "next-url"),
            API(name: "gitlab", path: "/gitlab/api/v4/users", records: { $0.gitlabUsers }, style: "link"),
            API(name: "wordpress", path: "/wordpress/wp-json/wp/v2/users", records: { $0.wordpressUsers }, style: "page"),
            API(name: "slack", path: "/slack/api/users.list?limit=10", arguments: ["--header", "Authorization: Bearer ${SLACK_TOKEN}"],
                records: { $0.slackMembers }, style: "cursor"),
            API(name: "linear", path: "/linear/graphql",
                arguments: ["--method", "POST", "--body", #"{"query": "query($after: String) { users(first: 20, after: $after) { nodes { id name email } pageInfo { hasNextPage endCursor } } }", "variables": {}}"#],
                records: { $0.linearUsers }, style: "cursor"),
            API(name: "members", path: "/github/orgs/rolo-stand-in/members", records: { $0.orgMembers }, style: "link"),
            API(name: "staff", path: "/staff/api/people/", records: { $0.staffMembers }, style: "next-url"),
            API(name: "kubernetes", path: "/__paging/kubernetes/api/v1/namespaces/default/pods?limit=100", records: { $0.kubernetesPods },
                style: "cursor"),
            API(name: "airtable", path: "/__paging/airtable/v0/appROLO/People", records: { $0.airtableRecords }, style: "cursor"),
            API(name: "intercom", path: "/__paging/intercom/contacts", records: { $0.intercomContacts }, style: "cursor"),
            API(name: "salesforce", path: "/__paging/salesforce/services/data/v59.0/query?q=SELECT+Id,Name,Email+FROM+Contact",
                records: { $0.salesforceContacts }, style: "next-url"),
            API(name: "elasticsearch", path: "/__paging/elasticsearch/people/_search",
                arguments: ["--method", "POST", "--body", #"{"size": 1000, "sort": [{"id": "asc"}]}"#], records: { $0.elasticsearchHits },
                style: "cursor"),
            API(name: "sentry", path: "/__paging/sentry/api/0/organizations/rolo/issues/", records: { $0.sentryIssues }, style: "link"),
        ]

        @Test("Paging that can't reach the total: exit 2 and nothing written; --force writes it, and its dump is partial, exit 3")
        func window() async throws {
            let home = try home()
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let config = home + "/config.toml"
            let add = ["add", "es", server.baseURL.absoluteString + "/__paging/elasticsearch/people/_search", "--config", config,
                       "--method", "POST", "--body", #"{"size": 1000, "query": {"match_all": {}}}"#]
            let refused = try await DumpProcess.run(add, home: home)
            let forced = try await DumpProcess.run(add + ["--force"], home: home)
            let dumped = try await DumpProcess.run(["dump", "es", "--config", config, "--format", "jsonl"], home: home)
            await server.stop()
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("rolo add: this paging can't reach the total of 12000: the API answered ?from=11999 with 500: Result window is too large"),
                    "\(refused.stderr)")
            #expect(refused.stderr.contains("— the table wasn't written; --force writes it as it is"))
            #expect(refused.stdout.contains("[sources.paging]\nstyle = \"offset\"\nparam = \"from\""), "the table is still printed")
            #expect(forced.status == 0, "\(forced.stderr)")
            #expect(try String(contentsOfFile: config, encoding: .utf8).components(separatedBy: "[[sources]]").count == 2, "written once")
            #expect(dumped.status == 3)
            #expect(dumped.stdout.split(separator: "\n").count == 10_000)
            #expect(dumped.stderr.contains("rolo dump: es: the list stopped at page 11, with 10000 of 12000 records: Result window is too large"),
                    "\(dumped.stderr)")
        }

        @Test("Each paged stand-in API: rolo add's table, unedited, brings every record", arguments: apis)
        func everyRecord(_ api: API) async throws {
            let home = try home()
            let options = StandInOptions()
            let server = try await StandInServer.start(options, logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let config = home + "/config.toml"
            let environment = ["SLACK_TOKEN": options.slackToken]
            let added = try await DumpProcess.run(["add", api.name, server.baseURL.absoluteString + api.path, "--config", config] + api.arguments,
                                                  home: home, environment: environment)
            let dumped = try await DumpProcess.run(["dump", api.name, "--config", config, "--format", "jsonl"], home: home, environment: environment)
            await server.stop()
            #expect(added.status == 0, "\(added.stderr)")
            let table = try String(contentsOfFile: config, encoding: .utf8)
            #expect(table.contains("style = \"\(api.style)\"\n"), "\(table)")
            #expect(!table.contains(options.slackToken), "the token is never written")
            #expect(dumped.status == 0, "\(dumped.stderr)")
            #expect(dumped.stdout.split(separator: "\n").count == api.records(options), "every record, by the table as written:\n\(table)")
        }

        @Test("PokeAPI's compact list: the records, the name as id and label, the record's own URL as detail_url and the detail's sprite as image, next-url paging with its count")
        func pokemon() async throws {
            let home = try home()
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let config = home + "/config.toml"
            let added = try await DumpProcess.run(
                ["add", "pokemon", server.baseURL.absoluteString + "/pokeapi/api/v2/pokemon", "--config", config], home: home)
            await server.stop()
            #expect(added.status == 0, "\(added.stderr)")
            let table = try String(contentsOfFile: config, encoding: .utf8)
            for line in ["records = \"results\"", "label = \"{name}\"", "detail_url = \"{url}\"", "style = \"next-url\"", "next = \"next\"",
                         "total = \"count\""] {
                #expect(table.contains(line + "\n"), "\(line) in:\n\(table)")
            }
            // The name keys the records, and the picture is the detail's: guesses, said as such.
            #expect(table.contains("id = \"name\"   "), "\(table)")
            #expect(table.contains("image = \"{sprites.front_default}\"   "), "\(table)")
            #expect(added.stdout.contains("bulbasaur"), "the first rows:\n\(added.stdout)")
        }

        @Test("What isn't a list: status 1 and why; a bad name or header: status 2")
        func refusals() async throws {
            let home = try home()
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let config = home + "/config.toml"
            let missing = try await DumpProcess.run(["add", "nothing", server.baseURL.absoluteString + "/github/orgs/nobody/members", "--config", config], home: home)
            await server.stop()
            #expect(missing.status == 1)
            #expect(missing.stderr.hasPrefix("rolo add: ") && missing.stderr.contains("answered 404"))
            let badName = try await DumpProcess.run(["add", "Bad Name", "http://127.0.0.1:9/x", "--config", config], home: home)
            #expect(badName.status == 2)
            #expect(badName.stderr.contains("can't name a source"))
            let badHeader = try await DumpProcess.run(["add", "x", "http://127.0.0.1:9/x", "--header", "no colon", "--config", config], home: home)
            #expect(badHeader.status == 2)
            #expect(!FileManager.default.fileExists(atPath: config))
        }
    }
}
