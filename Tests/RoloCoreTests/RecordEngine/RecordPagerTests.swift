import Foundation
import Testing
@testable import RoloCore
import RoloTestSupport

@Suite("RecordSource pager: every paging style against real APIs' shapes")
struct RecordPagerTests {
    private typealias Answer = ScriptedHTTPClient.Answer

    @Test("GitHub org members: Link paging, the token header, relative links resolved")
    func githubLinkPaging() async throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "members"
            url = "https://api.github.com/orgs/rolo/members?per_page=3"
            headers = { Authorization = "Bearer ${GITHUB_TOKEN}", Accept = "application/vnd.github+json" }
            id = "id"
            label = "{login}"
            thumbnail = "{avatar_url}"
            [sources.paging]
            style = "link"
            """)
        let first = "https://api.github.com/orgs/rolo/members?per_page=3"
        let second = "https://api.github.com/organizations/9919/members?per_page=3&page=2"
        let client = ScriptedHTTPClient([
            first: [try .fixture("github-members-1.json", headers: [
                "Link": "<\(second)>; rel=\"next\", <https://api.github.com/organizations/9919/members?per_page=3&page=2>; rel=\"last\"",
            ])],
            // The last page links back to the first and names no next.
            second: [try .fixture("github-members-2.json", headers: ["link": "</organizations/9919/members?per_page=3&page=1>; rel=\"prev first\""])],
        ])
        let pager = try RecordSourceFixtures.pager(source, client, environment: ["GITHUB_TOKEN": "ghp_secret123"])
        let pages = try await RecordSourceFixtures.allPages(pager)
        #expect(client.urls == [first, second])
        #expect(client.requests.allSatisfy { $0.headers["Authorization"] == "Bearer ghp_secret123" })
        #expect(pages.flatMap(\.records).map(\.id) == ["583231", "480938", "1", "2", "3"])
        #expect(pages.flatMap(\.records).map { source.label.render($0.value) } == ["octocat", "hubot", "mojombo", "defunkt", "pjhyett"])
        #expect(pages.last?.next == nil)
        let base = try #require(URL(string: first))
        #expect(LinkHeader.target("</x?page=3>; rel=\"next\"", relation: "next", base: base)?.absoluteString
            == "https://api.github.com/x?page=3")
    }

    @Test("JSONPlaceholder users: one request, the answer is the list")
    func jsonPlaceholder() async throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "users"
            url = "https://jsonplaceholder.typicode.com/users"
            label = "{name}"
            columns = [ { title = "City", value = "{address.city}" } ]
            """)
        let client = ScriptedHTTPClient([source.url: [try .fixture("jsonplaceholder-users.json")]])
        let pages = try await RecordSourceFixtures.allPages(try RecordSourceFixtures.pager(source, client))
        #expect(pages.count == 1 && client.requests.count == 1)
        let records = pages[0].records
        #expect(records.map(\.id) == ["1", "2", "3"])
        #expect(records.map { source.columns[0].value.render($0.value) } == ["Gwenborough", "Wisokyburgh", "McKenziehaven"])
        #expect(source.problems(with: records.map(\.value)).isEmpty)
        #expect(source.detailFields(records[0].value).prefix(3).map(\.field) == ["id", "name", "username"])
    }

    @Test("A detail URL is filled from the record, fetched with the headers, and read whole")
    func detail() async throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "users"
            url = "https://jsonplaceholder.typicode.com/users"
            headers = { Authorization = "Bearer ${JP_TOKEN}" }
            detail_url = "https://jsonplaceholder.typicode.com/users/{id}"
            """)
        let client = ScriptedHTTPClient([
            "https://jsonplaceholder.typicode.com/users/2": [.json(#"{"id": 2, "name": "Ervin Howell", "phone": "010-692-6593"}"#)],
            "https://jsonplaceholder.typicode.com/users/3": [.json("<html>gateway</html>")],
        ])
        let pager = try RecordSourceFixtures.pager(source, client, environment: ["JP_TOKEN": "jp-token-1"])
        let full = try await pager.detail(of: JSONRecord(id: "2", value: .object([JSONMember("id", .number("2"))])))
        #expect(full?["phone"] == .string("010-692-6593"))
        #expect(client.requests.first?.headers["Authorization"] == "Bearer jp-token-1")
        let html = await #expect(throws: FetchError.self) {
            _ = try await pager.detail(of: JSONRecord(id: "3", value: .object([JSONMember("id", .number("3"))])))
        }
        #expect(html?.message == "The users server sent an HTML page instead of JSON — r to retry")
        await #expect(throws: FetchError.self) { _ = try await pager.detail(of: JSONRecord(id: "x", value: .object([]))) }
    }

    @Test("randomuser: a page parameter and size, records under results, stopping at the empty page")
    func randomUserPages() async throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "random"
            url = "https://randomuser.me/api/?seed=rolo"
            records = "results"
            id = "login.uuid"
            label = "{name.first} {name.last}"
            [sources.paging]
            style = "page"
            size_param = "results"
            size = 2
            """)
        let base = "https://randomuser.me/api/?seed=rolo"
        let client = ScriptedHTTPClient([
            base + "&page=1&results=2": [try .fixture("randomuser-page1.json")],
            base + "&page=2&results=2": [try .fixture("randomuser-page2.json")],
            base + "&page=3&results=2": [try .fixture("randomuser-page3.json")],
        ])
        let pages = try await RecordSourceFixtures.allPages(try RecordSourceFixtures.pager(source, client))
        // Page 2 is shorter than the size asked for: the last, so page 3 is never asked for.
        #expect(client.urls == [base + "&page=1&results=2", base + "&page=2&results=2"])
        #expect(pages.flatMap(\.records).map { source.label.render($0.value) } == ["Brad Gibson", "Aino Mäkinen", "Владимир Соколов"])
    }

    @Test("Page numbers from 0 in the URL, and an empty page ends the list")
    func pageInURLFromZero() async throws {
        let (_, pages, client) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "openfoods"
            url = "https://foods.example/api/v1/u1/food/{page}"
            records = "foods"
            [sources.paging]
            style = "page"
            first = 0
            """, [
            "https://foods.example/api/v1/u1/food/0": [.json(#"{"foods": [{"id": 1}, {"id": 2}], "totalCount": 9}"#)],
            "https://foods.example/api/v1/u1/food/1": [.json(#"{"foods": [{"id": 3}], "totalCount": 9}"#)],
            "https://foods.example/api/v1/u1/food/2": [.json(#"{"foods": [], "totalCount": 9}"#)],
        ])
        #expect(client.urls.count == 3)
        #expect(pages.flatMap(\.records).map(\.id) == ["1", "2", "3"])
    }

    @Test("Offset paging advances by the records received and stops at total")
    func offsetToTotal() async throws {
        let (_, pages, client) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "things"
            url = "https://api.example/things"
            records = "data"
            [sources.paging]
            style = "offset"
            param = "start"
            total = "meta.total"
            """, [
            "https://api.example/things?start=0": [.json(#"{"data": [{"id": "a"}, {"id": "b"}], "meta": {"total": "3"}}"#)],
            "https://api.example/things?start=2": [.json(#"{"data": [{"id": "c"}], "meta": {"total": 3}}"#)],
        ])
        #expect(client.urls == ["https://api.example/things?start=0", "https://api.example/things?start=2"])
        #expect(pages.map(\.total) == [3, 3])
        #expect(pages.last?.next == nil)
    }

    @Test("A cursor API: next cursor from the answer, an empty cursor ends it")
    func cursorPaging() async throws {
        let (_, pages, client) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "crew"
            url = "https://slack.example/api/users.list"
            records = "members"
            label = "{profile.real_name}"
            [sources.paging]
            style = "cursor"
            next = "response_metadata.next_cursor"
            size_param = "limit"
            size = 2
            """, [
            "https://slack.example/api/users.list?limit=2": [try .fixture("cursor-page1.json")],
            "https://slack.example/api/users.list?cursor=dXNlcjpVMDM%3D&limit=2": [try .fixture("cursor-page2.json")],
        ])
        #expect(client.urls.count == 2)
        #expect(pages.flatMap(\.records).map(\.id) == ["U01", "U02", "U03"])
        #expect(pages[0].next?.cursor == "dXNlcjpVMDM=")
    }

    @Test("A next-url API: the next page's URL from the answer, null ends it")
    func nextURLPaging() async throws {
        let (_, pages, client) = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "people-of-sw"
            url = "https://swapi.example/api/people/"
            records = "results"
            id = "url"
            label = "{name}"
            [sources.paging]
            style = "next-url"
            next = "next"
            total = "count"
            """, [
            "https://swapi.example/api/people/": [try .fixture("nexturl-page1.json")],
            "https://swapi.example/api/people/?page=2": [try .fixture("nexturl-page2.json")],
        ])
        #expect(client.urls == ["https://swapi.example/api/people/", "https://swapi.example/api/people/?page=2"])
        #expect(pages.flatMap(\.records).count == 3)
    }

    @Test("Never forever: a repeated cursor, a repeated page, max_records")
    func stopsOnRepeats() async throws {
        let repeating = try await RecordSourceFixtures.fetch("""
            [[sources]]
            name = "loop"
            url = "https://api.example/loop"
            records = "items"
            [sources.paging]
            style = "cursor"
            next = "next"
            """, [
            "https://api.example/loop": [.json(#"{"items": [{"id": 1}], "next": "c1"}"#)],
            "https://api.example/loop?cursor=c1": [.json(#"{"items": [{"id": 2}], "next": "c1"}"#)],
        ])
        #expect(repeating.client.urls.count == 2)

        // A server that ignores the page parameter sends page 1 again: paging stops there.
        let deafAPI = "[[sources]]\nname = \"deaf\"\nurl = \"https://api.example/deaf\"\n[sources.paging]\nstyle = \"page\"\n"
        let deaf = try await RecordSourceFixtures.fetch(deafAPI, [
            "https://api.example/deaf?page=1": [.json(#"[{"id": 1}, {"id": 2}]"#)],
            "https://api.example/deaf?page=2": [.json(#"[{"id": 1}, {"id": 2}]"#)],
            "https://api.example/deaf?page=3": [.json(#"[{"id": 3}]"#)],
        ])
        #expect(deaf.client.urls.count == 2)

        let capped = try await RecordSourceFixtures.fetch(deafAPI, [
            "https://api.example/deaf?page=1": [.json(#"[{"id": 1}, {"id": 2}]"#)],
            "https://api.example/deaf?page=2": [.json(#"[{"id": 3}, {"id": 4}]"#)],
        ], maxRecords: 3)
        #expect(capped.pages.flatMap(\.records).map(\.id) == ["1", "2", "3"])
        #expect(capped.client.urls.count == 2)
    }

    @Test("The next page is asked for while the page before is handed over, and none after the last")
    func nextPageWhileHandingOver() async throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "things"
            url = "https://api.example/things"
            [sources.paging]
            style = "page"
            """)
        let client = ScriptedHTTPClient([
            "https://api.example/things?page=1": [.json(#"[{"id": 1}]"#)],
            "https://api.example/things?page=2": [.json(#"[{"id": 2}]"#)],
            "https://api.example/things?page=3": [.json("[]")],
        ])
        let pager = try RecordSourceFixtures.pager(source, client)
        var handed = 0
        var asked: [Int] = []
        try await pager.run(from: .start(source.paging), page: { page in
            handed += 1
            if page.next != nil {
                #expect(await poll { client.requests.count == handed + 1 }, "page \(handed + 1) is asked for while page \(handed) is stored")
            }
            asked.append(client.requests.count)
        })
        #expect(asked == [2, 3, 3])
    }

    @Test("429 with Retry-After in seconds or as a date is waited out, then asked again")
    func retryAfter() async throws {
        let waits = WaitLog()
        let busy = try await RecordSourceFixtures.fetch("[[sources]]\nname = \"busy\"\nurl = \"https://api.example/busy\"\n", [
            "https://api.example/busy": [
                Answer(status: 429, body: Data(), headers: ["Retry-After": "7"]),
                // 1,700,000,030 s: 30 s after the test's clock.
                Answer(status: 429, body: Data(), headers: ["Retry-After": "Tue, 14 Nov 2023 22:13:50 GMT"]),
                Answer(status: 503, body: Data(), headers: ["Retry-After": "2"]),
                .json(#"[{"id": 1}]"#),
            ],
        ], waits: waits)
        #expect(waits.values == [7, 30, 2])
        #expect(busy.pages.first?.records.count == 1)
        #expect(busy.client.requests.count == 4)
    }

    @Test("A rate limit with no requests left is waited out before the next page; a Unix-time reset is made seconds")
    func rateLimitHeaders() async throws {
        let waits = WaitLog()
        _ = try await RecordSourceFixtures.fetch("[[sources]]\nname = \"gh\"\nurl = \"https://api.example/gh\"\n[sources.paging]\nstyle = \"page\"\n", [
            "https://api.example/gh?page=1": [.json(#"[{"id": 1}]"#, headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000045"])],
            "https://api.example/gh?page=2": [.json("[]")],
        ], waits: waits)
        #expect(waits.values == [45])
    }

    @Test("Errors name the source and never carry a secret; headers stay off other hosts")
    func errorsAndSecrets() async throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "team"
            title = "Team"
            url = "https://api.example/people?key=${TEAM_KEY}"
            headers = { Authorization = "Bearer ${TEAM_TOKEN}" }
            records = "items"
            [sources.paging]
            style = "next-url"
            next = "next"
            """)
        let environment = ["TEAM_TOKEN": "tok-SECRET-1", "TEAM_KEY": "key-SECRET-2"]
        let first = "https://api.example/people?key=key-SECRET-2"
        let client = ScriptedHTTPClient([
            first: [.json(#"{"items": [{"id": 1}], "next": "https://cdn.other.example/p2"}"#)],
            "https://cdn.other.example/p2": [Answer(status: 500, body: Data("boom key-SECRET-2 tok-SECRET-1".utf8))],
        ])
        let pager = try RecordSourceFixtures.pager(source, client, environment: environment)
        let error = await #expect(throws: FetchError.self) { _ = try await RecordSourceFixtures.allPages(pager) }
        #expect(client.requests.map { $0.headers["Authorization"] } == ["Bearer tok-SECRET-1", nil])
        let text = [error?.message, error?.detail, error?.endpoint].compactMap { $0 }.joined(separator: " ")
        #expect(error?.message == "Team answered 500 — r to retry")
        #expect(!text.contains("SECRET"))

        let unauthorized = ScriptedHTTPClient([first: [Answer(status: 401, body: Data(#"{"message": "Bad credentials"}"#.utf8))]])
        let refused = await #expect(throws: FetchError.self) {
            _ = try await RecordSourceFixtures.allPages(try RecordSourceFixtures.pager(source, unauthorized, environment: environment))
        }
        #expect(refused?.message == "Team refused rolo's request (401): Bad credentials — check the source's headers and their variables")

        let wrongShape = ScriptedHTTPClient([first: [.json(#"{"foods": [], "totalCount": 0}"#)]])
        let misplaced = await #expect(throws: FetchError.self) {
            _ = try await RecordSourceFixtures.allPages(try RecordSourceFixtures.pager(source, wrongShape, environment: environment))
        }
        #expect(misplaced?.message == "Team: no list at 'items': the answer is an object with keys foods, totalCount — check records in the config file")
    }

    @Test("An unset variable fails with its name; the secrets are what was expanded")
    func environment() throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "team"
            url = "https://api.example/people"
            headers = { Authorization = "Bearer ${TEAM_TOKEN}", "X-Team" = "${TEAM_ID}-x" }
            """)
        let error = #expect(throws: ConfigError.self) { try source.endpoint(environment: ["TEAM_ID": "42"]) }
        #expect(error?.message.hasPrefix("source 'team' needs the environment variable TEAM_TOKEN") == true)
        let endpoint = try source.endpoint(environment: ["TEAM_TOKEN": "abcd1234", "TEAM_ID": "42"])
        #expect(endpoint.headers == ["Authorization": "Bearer abcd1234", "X-Team": "42-x"])
        #expect(endpoint.secrets == ["abcd1234", "42"])
        #expect(ConfiguredSources(sources: [source]).secrets(environment: ["TEAM_TOKEN": "abcd1234"]) == ["abcd1234"])
    }
}
