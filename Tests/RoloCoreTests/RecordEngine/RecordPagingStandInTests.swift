import Foundation
import RoloCore
import StandIn
import Testing

/// Issue 33's paging, each API as its public docs describe it, served by the stand-in over real
/// HTTP on 127.0.0.1, and each source written in TOML as a user would from `man rolo` alone:
/// every record arrives, in order, once, in the fewest requests, and a list that ends short
/// says so.
@Suite("Configured sources: how real APIs page")
struct RecordPagingStandInTests {
    /// The ids `source` stores when synced whole, its progress, and `route`'s request count.
    private func synced(_ toml: String, _ standIn: ConfiguredSourceStandIn, route: String) async throws
        -> (ids: [String], progress: [RecordSync.Progress], requests: Int) {
        let (store, progress) = try await standIn.sync(try standIn.source(toml))
        return (try await store.all().map(\.id), progress, await standIn.server.requestCount(route))
    }

    static func jiraTOML(_ base: String) -> String {
        """
        [[sources]]
        name = "jira"
        url = "\(base)/jira/rest/api/3/search?jql=project%3DROLO"
        records = "issues"
        label = "{key} {fields.summary}"
        columns = [ { title = "Status", value = "{fields.status.name}" } ]

        [sources.paging]
        style = "offset"
        param = "startAt"
        size_param = "maxResults"
        size = 150
        total = "total"
        """
    }

    @Test("Jira: maxResults capped at 100 when 150 is asked; the short page isn't the end while total says more")
    func jira() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let (ids, progress, requests) = try await synced(Self.jiraTOML(standIn.base), standIn, route: "jira.search")
            #expect(ids == (10_001...10_121).map(String.init))
            #expect(requests == 2 && progress.last?.total == 121 && progress.last?.shortfall == nil)
        }
    }

    @Test("Jira with issues the token can't see: got 100 of 121, said on the last progress")
    func jiraShort() async throws {
        var options = ConfiguredSourceStandIn.options
        options.jiraVisibleIssues = 100
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let (ids, progress, requests) = try await synced(Self.jiraTOML(standIn.base), standIn, route: "jira.search")
            #expect(ids.count == 100 && requests == 2)
            #expect(progress.last?.finished == true)
            #expect(progress.last?.shortfall?.description == "got 100 of 121: the API sent no more pages")
        }
    }

    @Test("Stripe: the cursor is the last record's id (data.-1.id), paging goes on while has_more")
    func stripe() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let (ids, _, requests) = try await synced("""
                [[sources]]
                name = "stripe"
                url = "\(standIn.base)/stripe/v1/customers"
                records = "data"
                label = "{name}"
                columns = [ { title = "Email", value = "{email}" } ]

                [sources.paging]
                style = "cursor"
                param = "starting_after"
                next = "data.-1.id"
                more = "has_more"
                size_param = "limit"
                size = 10
                """, standIn, route: "stripe.customers")
            #expect(ids == (1...25).map { "cus_ROLO" + String(format: "%06d", $0) })
            #expect(requests == 3)
        }
    }

    @Test("Microsoft Graph: @odata.nextLink, a key with dots, across empty pages")
    func graph() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let (ids, progress, requests) = try await synced("""
                [[sources]]
                name = "graph"
                url = "\(standIn.base)/msgraph/v1.0/users?$top=3"
                records = "value"
                label = "{displayName}"
                columns = [ { title = "Mail", value = "{mail}" } ]

                [sources.paging]
                style = "next-url"
                next = '["@odata.nextLink"]'
                """, standIn, route: "msgraph.users")
            #expect(ids.count == 7 && Set(ids).count == 7)
            // 3, two empty, 3, two empty, 1.
            #expect(requests == 7 && progress.last?.finished == true)
        }
    }

    @Test("GitLab: the next page in X-Next-Page, empty on the last; the total in X-Total")
    func gitlab() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let (ids, progress, requests) = try await synced("""
                [[sources]]
                name = "gitlab"
                url = "\(standIn.base)/gitlab/api/v4/users"
                label = "{name}"
                columns = [ { title = "Username", value = "{username}" } ]

                [sources.paging]
                style = "page"
                next = "header:X-Next-Page"
                total = "header:X-Total"
                size_param = "per_page"
                size = 20
                """, standIn, route: "gitlab.users")
            #expect(ids == (1...45).map(String.init))
            #expect(requests == 3 && progress.last?.total == 45)
        }
    }

    static func wordpressTOML(_ base: String, size: Int) -> String {
        """
        [[sources]]
        name = "blog"
        url = "\(base)/wordpress/wp-json/wp/v2/users"
        label = "{name}"
        thumbnail = "{avatar_urls.48}"

        [sources.paging]
        style = "page"
        pages = "header:X-WP-TotalPages"
        size_param = "per_page"
        size = \(size)
        """
    }

    @Test("WordPress: X-WP-TotalPages stops paging at the last page, never at the 400 past it")
    func wordpress() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let (ids, _, requests) = try await synced(Self.wordpressTOML(standIn.base, size: 10), standIn, route: "wordpress.users")
            #expect(ids == (1...23).map(String.init) && requests == 3)
        }
        try await ConfiguredSourceStandIn.with { standIn in
            // One full page that is the only one: a short page isn't needed to stop.
            let (ids, _, requests) = try await synced(Self.wordpressTOML(standIn.base, size: 23), standIn, route: "wordpress.users")
            #expect(ids.count == 23 && requests == 1)
        }
    }

    @Test("GitHub: Link rel=\"next\" to the rel=\"last\" page, no shortfall")
    func githubLast() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let (ids, progress, requests) = try await synced(
                ConfiguredSourceStandInTests.githubTOML(standIn.base), standIn, route: "github.members")
            #expect(ids == (1001...1230).map(String.init) && requests == 3)
            #expect(progress.last?.shortfall == nil)
        }
    }

    static func linearTOML(_ base: String, query: String = "query($after: String) { users(first: 20, after: $after) { nodes { id name email } pageInfo { hasNextPage endCursor } } }") -> String {
        """
        [[sources]]
        name = "linear"
        url = "\(base)/linear/graphql"
        method = "POST"
        records = "data.users.nodes"
        error = "errors.0.message"
        label = "{name}"
        columns = [ { title = "Email", value = "{email}" } ]

        [sources.body]
        query = "\(query)"
        variables = { after = "{cursor}" }

        [sources.paging]
        style = "cursor"
        next = "data.users.pageInfo.endCursor"
        more = "data.users.pageInfo.hasNextPage"
        """
    }

    @Test("Linear's GraphQL: POST {query, variables: {after}}, nodes and pageInfo; errors[0].message is the error")
    func graphql() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let (ids, _, requests) = try await synced(Self.linearTOML(standIn.base), standIn, route: "linear.graphql")
            #expect(ids == (1...57).map { "8c1e0000-0000-4000-8000-" + String(format: "%012d", $0) })
            #expect(requests == 3)
            await #expect {
                _ = try await standIn.sync(try standIn.source(Self.linearTOML(standIn.base, query: "{ teams { nodes { id } } }")))
            } throws: { error in
                (error as? FetchError)?.message.hasPrefix("linear: the API answered with an error: Cannot query field") == true
            }
        }
    }

    static func slackTOML(_ base: String, token: Bool = true) -> String {
        """
        [[sources]]
        name = "slack"
        url = "\(base)/slack/api/users.list"
        \(token ? "headers = { Authorization = \"Bearer ${SLACK_TOKEN}\" }" : "")
        records = "members"
        error = "error"
        label = "{real_name}"
        columns = [ { title = "Email", value = "{profile.email}" } ]

        [sources.paging]
        style = "cursor"
        next = "response_metadata.next_cursor"
        size_param = "limit"
        size = 10
        """
    }

    @Test("Slack: next_cursor to its \"\" on the last page, over a short first page; not_authed inside a 200 is an error")
    func slack() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let (ids, _, requests) = try await synced(Self.slackTOML(standIn.base), standIn, route: "slack.users")
            #expect(ids == (1...34).map { "U0ROLO" + String(format: "%04d", $0) })
            // 7, 10, 10, 7.
            #expect(requests == 4)
            await #expect {
                _ = try await standIn.sync(try standIn.source(Self.slackTOML(standIn.base, token: false)))
            } throws: { error in
                (error as? FetchError)?.message == "slack: the API answered with an error: not_authed — check the source's headers and body"
            }
        }
    }
}
