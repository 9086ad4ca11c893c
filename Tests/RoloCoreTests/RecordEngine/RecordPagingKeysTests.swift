import Foundation
import Testing
@testable import RoloCore

/// The paging keys of issue 33 in isolation: the path syntax, the request body's templating,
/// the config reader's checks, and the reader's rules for where a list ends and when it ended
/// short. Against scripted answers; the stand-in's real APIs are in `RecordPagingStandInTests`.
@Suite("Configured sources: paging keys")
struct RecordPagingKeysTests {
    // MARK: - Paths

    @Test("Paths: negative indexes count from the end; keys with dots go in brackets", arguments: [
        ("data.-1.id", ["data", "-1", "id"]),
        (#"["@odata.nextLink"]"#, ["@odata.nextLink"]),
        (#"a.b["c.d"].e"#, ["a", "b", "c.d", "e"]),
        ("a.b['c.d'].e", ["a", "b", "c.d", "e"]),
        (#"a["x"]["y.z"]"#, ["a", "x", "y.z"]),
        ("data[-1].id", ["data", "-1", "id"]),
        (#"a.["b.c"]"#, ["a", "b.c"]),
        (#"["say \"hi\".x"]"#, [#"say "hi".x"#]),
    ])
    func pathSyntax(text: String, steps: [String]) {
        let path = JSONPath(text)
        #expect(path.steps == steps && path.isWellFormed)
        // The description reads back as the same path.
        #expect(JSONPath(path.description) == path)
    }

    @Test("Paths that can't be read are not well formed", arguments: ["a..b", ".a", "a.", #"["a"#, #"["a"x"#, #"["a"]b"#, "[x]", #"a[""]"#])
    func malformedPaths(text: String) {
        #expect(!JSONPath(text).isWellFormed)
    }

    @Test("Values at negative indexes and bracketed keys; a key with a dot is written in brackets")
    func pathValues() throws {
        let answer = try JSONValue.parse(Data(#"{"data": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "@odata.nextLink": "https://n", "a": {"b": {"c.d": {"e": 5}}}}"#.utf8))
        #expect(answer.value(at: JSONPath("data.-1.id")) == .string("c"))
        #expect(answer.value(at: JSONPath("data.-3.id")) == .string("a"))
        #expect(answer.value(at: JSONPath("data.-4.id")) == nil)
        #expect(answer.value(at: JSONPath(#"["@odata.nextLink"]"#)) == .string("https://n"))
        #expect(answer.value(at: JSONPath(#"a.b["c.d"].e"#))?.integer == 5)
        #expect(answer.fieldPaths.map(\.description).contains(#"a.b["c.d"].e"#))
        #expect(answer.fieldPaths.map(\.description).contains(#"["@odata.nextLink"]"#))
    }

    // MARK: - Body

    @Test("The body: {size}, {page} and {offset} become numbers, {cursor} a string, left out before the first cursor")
    func bodyTemplating() throws {
        let body = try JSONValue.parse(Data(#"{"query": "q { users { id } }", "variables": {"after": "{cursor}", "first": "{size}"}, "page": "{page}", "offset": "{offset}", "list": ["{cursor}", "{x}"]}"#.utf8))
        var position = PagingPosition.start(RecordPaging(style: .cursor, first: 1, next: .path(JSONPath("c"))))
        #expect(RecordRequestBody.filled(body, at: position, size: 20).jsonText
            == #"{"query":"q { users { id } }","variables":{"first":20},"page":1,"offset":0,"list":[null,"{x}"]}"#)
        position.cursor = "abc"
        position.offset = 40
        #expect(RecordRequestBody.filled(body, at: position, size: nil).jsonText
            == #"{"query":"q { users { id } }","variables":{"after":"abc","first":null},"page":1,"offset":40,"list":["abc","{x}"]}"#)
    }

    @Test("A POST with a body: ${VAR} expanded and kept secret, Content-Type set, the cursor from the answer in the next body")
    func bodyRequests() async throws {
        let (_, pages, client) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "linear"
            url = "https://api.linear.example/graphql"
            method = "post"
            records = "data.users.nodes"
            headers = { Authorization = "${LINEAR_KEY}" }

            [sources.body]
            query = "query($after: String) { users(first: 2, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }"
            variables = { after = "{cursor}", team = "${TEAM}" }

            [sources.paging]
            style = "cursor"
            next = "data.users.pageInfo.endCursor"
            more = "data.users.pageInfo.hasNextPage"
            """, [
            "https://api.linear.example/graphql": [
                .json(#"{"data": {"users": {"nodes": [{"id": "u1"}, {"id": "u2"}], "pageInfo": {"hasNextPage": true, "endCursor": "u2"}}}}"#),
                .json(#"{"data": {"users": {"nodes": [{"id": "u3"}], "pageInfo": {"hasNextPage": false, "endCursor": "u3"}}}}"#),
            ],
        ], environment: ["LINEAR_KEY": "lin_secret", "TEAM": "core"])
        #expect(pages.flatMap(\.records).map(\.id) == ["u1", "u2", "u3"])
        let requests = client.requests
        #expect(requests.map(\.method) == ["POST", "POST"])
        #expect(requests[0].headers["Content-Type"] == "application/json" && requests[0].headers["Authorization"] == "lin_secret")
        // No param: the cursor goes in the body alone, and not at all before the first answer.
        #expect(requests.map(\.url.absoluteString) == ["https://api.linear.example/graphql", "https://api.linear.example/graphql"])
        let bodies = try requests.map { try JSONValue.parse(try #require($0.body)) }
        #expect(bodies[0].value(at: JSONPath("variables")) == .object([JSONMember("team", .string("core"))]))
        #expect(bodies[1].value(at: JSONPath("variables.after")) == .string("u2"))
        #expect(pages.last?.shortfall == nil)
    }

    // MARK: - Config

    private func error(_ toml: String) throws -> String? {
        try RecordSourceFixtures.configError(toml)
    }

    @Test("The keys read: method, error, body, more, pages, header: fields")
    func keysRead() throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "wp"
            url = "https://blog.example/wp-json/wp/v2/users"
            method = "POST"
            error = "errors.0.message"
            [sources.body]
            page = "{page}"
            [sources.paging]
            style = "page"
            next = "header:X-Next-Page"
            total = "header:X-WP-Total"
            pages = "header: X-WP-TotalPages"
            more = '["@more"]'
            """)
        #expect(source.method == "POST" && source.error == JSONPath("errors.0.message"))
        #expect(source.body == .object([JSONMember("page", .string("{page}"))]))
        let paging = try #require(source.paging)
        // The page is in the body, so no ?page= is added.
        #expect(paging.param == nil)
        #expect(paging.next == .header("X-Next-Page") && paging.total == .header("X-WP-Total") && paging.pages == .header("X-WP-TotalPages"))
        #expect(paging.more == .path(JSONPath(steps: ["@more"])))
    }

    @Test("Mistakes in the new keys name their line", arguments: [
        ("method = \"POST\"\n[sources.paging]\nstyle = \"page\"\nmore = \"a..b\"",
         "config.toml, line 7: 'a..b' in more of source 's''s paging isn't a field path like meta.next_cursor, a[\"c.d\"] or data.-1.id, nor header:X-Name"),
        ("[sources.body]\nq = \"x\"",
         "config.toml, line 4: [sources.body] of source 's' needs method = \"POST\" (or PUT, PATCH) — a GET sends no body"),
        ("method = \"GET /x\"",
         "config.toml, line 4: method of source 's' should be an HTTP method like GET or POST, not 'GET /x'"),
        ("method = \"POST\"\n[sources.body]\nafter = \"{cursor}\"\n[sources.paging]\nstyle = \"page\"",
         "config.toml, line 5: [sources.body] of source 's' holds \"{cursor}\", which only [sources.paging] style = \"cursor\" fills in"),
        ("method = \"POST\"\n[sources.body]\nq = \"x\"\n[sources.paging]\nstyle = \"cursor\"\nnext = \"c\"",
         "config.toml, line 8: cursor paging of source 's' needs \"{cursor}\" in [sources.body], or param = \"…\" for the query"),
        ("method = \"POST\"\n[sources.body]\nq = \"${ X}\"",
         "config.toml, line 5: the body of source 's' holds a ${ that isn't ${NAME} — write ${TEAM_TOKEN}, a variable's name in braces"),
        ("metod = \"POST\"",
         "config.toml, line 4: unknown key 'metod' in source 's' (did you mean 'method'?)"),
        ("[sources.paging]\nstyle = \"page\"\nnext = \"header:\"",
         "config.toml, line 6: 'header:' in next of source 's''s paging isn't a field path like meta.next_cursor, a[\"c.d\"] or data.-1.id, nor header:X-Name"),
    ])
    func keyMistakes(tail: String, message: String) throws {
        let got = try error("[[sources]]\nname = \"s\"\nurl = \"https://x.example/s\"\n" + tail)
        #expect(got == message)
    }

    // MARK: - Where paging ends

    @Test("A capped offset API: a short page with an unreached total goes on, past by the records received")
    func cappedOffset() async throws {
        let search = "https://jira.example/jira/rest/api/3/search?jql=project%3DROLO"
        let (_, pages, client) = try await RecordSourceFixtures.fetch(RecordPagingStandInTests.jiraTOML("https://jira.example"), [
            search + "&startAt=0&maxResults=150": [.json(Self.issues(1...100, total: 121))],
            search + "&startAt=100&maxResults=150": [.json(Self.issues(101...121, total: 121))],
        ])
        #expect(pages.flatMap(\.records).count == 121 && client.urls.count == 2)
        #expect(pages.last?.shortfall == nil)
    }

    @Test("A list that ends before its total says so: got 100 of 121: the API sent no more pages")
    func shortOfTotal() async throws {
        let (_, pages, _) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "jira"
            url = "https://jira.example/search"
            records = "issues"
            [sources.paging]
            style = "offset"
            param = "startAt"
            total = "total"
            """, [
            "https://jira.example/search?startAt=0": [.json(Self.issues(1...100, total: 121))],
            "https://jira.example/search?startAt=100": [.json(Self.issues(nil, total: 121))],
        ])
        #expect(pages.last?.shortfall == PagingShortfall("got 100 of 121: the API sent no more pages"))
    }

    @Test("max_records short of the total is said, as the config's own limit")
    func maxRecordsShortfall() async throws {
        let (_, pages, _) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "jira"
            url = "https://jira.example/search"
            records = "issues"
            max_records = 50
            [sources.paging]
            style = "offset"
            param = "startAt"
            total = "total"
            """, ["https://jira.example/search?startAt=0": [.json(Self.issues(1...100, total: 121))]])
        #expect(pages.last?.shortfall == PagingShortfall("got 50 of 121: max_records is 50", byLimit: true))
    }

    @Test("A last-id cursor with has_more: data.-1.id, on short pages too, until has_more is false")
    func lastIDCursor() async throws {
        let (_, pages, client) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "stripe"
            url = "https://stripe.example/v1/customers"
            records = "data"
            [sources.paging]
            style = "cursor"
            param = "starting_after"
            next = "data.-1.id"
            more = "has_more"
            size_param = "limit"
            size = 3
            """, [
            "https://stripe.example/v1/customers?limit=3": [.json(#"{"data": [{"id": "c1"}, {"id": "c2"}], "has_more": true}"#)],
            "https://stripe.example/v1/customers?starting_after=c2&limit=3": [.json(#"{"data": [{"id": "c3"}, {"id": "c4"}, {"id": "c5"}], "has_more": true}"#)],
            "https://stripe.example/v1/customers?starting_after=c5&limit=3": [.json(#"{"data": [{"id": "c6"}], "has_more": false}"#)],
        ])
        #expect(pages.flatMap(\.records).map(\.id) == ["c1", "c2", "c3", "c4", "c5", "c6"] && client.urls.count == 3)
    }

    @Test("An empty page with a next link goes on, twice in a row too; a key with dots names the link")
    func emptyPagesWithNext() async throws {
        let (_, pages, client) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "graph"
            url = "https://graph.example/v1.0/users"
            records = "value"
            [sources.paging]
            style = "next-url"
            next = '["@odata.nextLink"]'
            """, [
            "https://graph.example/v1.0/users": [.json(#"{"value": [{"id": "a"}], "@odata.nextLink": "https://graph.example/v1.0/users?s=1"}"#)],
            "https://graph.example/v1.0/users?s=1": [.json(#"{"value": [], "@odata.nextLink": "https://graph.example/v1.0/users?s=2"}"#)],
            "https://graph.example/v1.0/users?s=2": [.json(#"{"value": [], "@odata.nextLink": "https://graph.example/v1.0/users?s=3"}"#)],
            "https://graph.example/v1.0/users?s=3": [.json(#"{"value": [{"id": "b"}]}"#)],
        ])
        #expect(pages.flatMap(\.records).map(\.id) == ["a", "b"] && client.urls.count == 4)
    }

    @Test("Empty pages with ever new cursors end after 20 in a row, said as the reason")
    func endlessEmptyPages() async throws {
        var answers: [String: [ScriptedHTTPClient.Answer]] = [
            "https://api.example/e": [.json(#"{"items": [{"id": 1}], "total": 5, "next": "c1"}"#)],
        ]
        for number in 1...30 {
            answers["https://api.example/e?cursor=c\(number)"] = [.json(#"{"items": [], "total": 5, "next": "c\#(number + 1)"}"#)]
        }
        let (_, pages, client) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "e"
            url = "https://api.example/e"
            records = "items"
            [sources.paging]
            style = "cursor"
            next = "next"
            total = "total"
            """, answers)
        #expect(client.urls.count == 1 + RecordPageReader.emptyRunLimit)
        #expect(pages.last?.shortfall == PagingShortfall("got 1 of 5: the API sent 20 empty pages in a row"))
    }

    @Test("Headers: X-Next-Page for the page, X-Total; an empty X-Next-Page ends it")
    func headerPaging() async throws {
        let headers = { (next: String) in ["X-Next-Page": next, "X-Total": "3"] }
        let (_, pages, client) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "gitlab"
            url = "https://gitlab.example/api/v4/users"
            [sources.paging]
            style = "page"
            next = "header:X-Next-Page"
            total = "header:X-Total"
            size_param = "per_page"
            size = 2
            """, [
            "https://gitlab.example/api/v4/users?page=1&per_page=2": [.json(#"[{"id": 1}, {"id": 2}]"#, headers: headers("2"))],
            "https://gitlab.example/api/v4/users?page=2&per_page=2": [.json(#"[{"id": 3}]"#, headers: headers(""))],
        ])
        #expect(pages.flatMap(\.records).map(\.id) == ["1", "2", "3"] && client.urls.count == 2)
        #expect(pages.map(\.total) == [3, 3])
    }

    @Test("pages counts pages: from first = 0 the last is pages - 1; short pages before it go on")
    func pagesCount() async throws {
        let (_, pages, client) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "wp"
            url = "https://blog.example/users/{page}"
            [sources.paging]
            style = "page"
            first = 0
            pages = "header:X-WP-TotalPages"
            size_param = "per_page"
            size = 2
            """, [
            "https://blog.example/users/0?per_page=2": [.json(#"[{"id": 1}]"#, headers: ["X-WP-TotalPages": "3"])],
            "https://blog.example/users/1?per_page=2": [.json(#"[{"id": 2}, {"id": 3}]"#, headers: ["X-WP-TotalPages": "3"])],
            "https://blog.example/users/2?per_page=2": [.json(#"[{"id": 4}, {"id": 5}]"#, headers: ["X-WP-TotalPages": "3"])],
        ])
        #expect(pages.flatMap(\.records).map(\.id) == ["1", "2", "3", "4", "5"] && client.urls.count == 3)
    }

    @Test("Link: rel=\"last\" not reached when the links stop is a shortfall")
    func linkLastHint() async throws {
        let link = { (next: String?) in
            (next.map { "<https://gh.example/m?page=\($0)>; rel=\"next\", " } ?? "") + "<https://gh.example/m?page=3>; rel=\"last\""
        }
        let (_, pages, _) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "gh"
            url = "https://gh.example/m"
            [sources.paging]
            style = "link"
            """, [
            "https://gh.example/m": [.json(#"[{"id": 1}]"#, headers: ["Link": link("2")])],
            "https://gh.example/m?page=2": [.json(#"[{"id": 2}]"#, headers: ["Link": link(nil)])],
        ])
        #expect(pages.last?.shortfall == PagingShortfall("got 2 records, not to the Link header's last page: the API sent no more pages"))
    }

    @Test("An error inside a 200 fails the page with its text")
    func errorInAnswer() async throws {
        await #expect {
            _ = try await RecordSourceFixtures.fetch("""
                [[sources]]
                name = "slack"
                url = "https://slack.example/api/users.list"
                records = "members"
                error = "error"
                """, ["https://slack.example/api/users.list": [.json(#"{"ok": false, "error": "not_authed"}"#)]])
        } throws: { error in
            (error as? FetchError)?.message == "slack: the API answered with an error: not_authed — check the source's headers and body"
        }
        // Null and false are no error.
        let (_, pages, _) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "gql"
            url = "https://gql.example/"
            records = "data"
            error = "errors.0.message"
            """, ["https://gql.example/": [.json(#"{"data": [{"id": 1}], "errors": null}"#)]])
        #expect(pages.flatMap(\.records).count == 1)
    }

    /// A Jira search answer holding issues `numbers` (none for nil).
    static func issues(_ numbers: ClosedRange<Int>?, total: Int) -> String {
        let issues = (numbers.map(Array.init) ?? []).map { #"{"id": "\#(10_000 + $0)", "key": "ROLO-\#($0)"}"# }
        return #"{"startAt": 0, "total": \#(total), "issues": [\#(issues.joined(separator: ", "))]}"#
    }
}
