import Foundation
import Testing
@testable import RoloCore
import RoloTestSupport

/// A list that stops before its end says so, in the API's own words, and an expired page token
/// starts the listing over once; the paging forms real APIs need (a JSON cursor, a size in the
/// body, a negated `more`, Sentry's `results="false"`), over scripted answers.
@Suite("Configured sources: partial lists, expired page tokens, the paging real APIs need")
struct PartialListTests {
    private typealias Answer = ScriptedHTTPClient.Answer

    private static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Answer {
        Answer(status: status, body: Data(text.utf8), headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a })
    }

    /// A cursor-paged list: `?continue=` from `metadata.continue`, as Kubernetes pages.
    private static let pods = """
        [[sources]]
        name = "pods"
        url = "https://k8s.example/api/v1/pods?limit=2"
        records = "items"
        id = "metadata.name"
        label = "{metadata.name}"
        [sources.paging]
        style = "cursor"
        param = "continue"
        next = "metadata.continue"
        """

    private static func podsPage(_ names: [String], next: String?) -> Answer {
        let items = names.map { "{\"metadata\":{\"name\":\"\($0)\"}}" }.joined(separator: ",")
        return json("{\"kind\":\"PodList\",\"metadata\":{\(next.map { "\"continue\":\"\($0)\"" } ?? "")},\"items\":[\(items)]}")
    }

    /// An Elasticsearch answer of `total` hits, these `ids`, each with its `sort` values when `sorted`.
    private static func hits(_ ids: [Int], total: Int, sorted: Bool = false) -> Answer {
        let hits = ids.map { "{\"_id\":\"\($0)\",\"_source\":{\"name\":\"n\($0)\"}\(sorted ? ",\"sort\":[\($0),\"k\($0)\"]" : "")}" }
        return json("{\"hits\":{\"total\":{\"value\":\(total)},\"hits\":[\(hits.joined(separator: ","))]}}")
    }

    /// Elasticsearch's search at `url` paged by `search_after`, `size` hits a page, as the man page writes it.
    static func searchAfterTOML(_ url: String, size: Int) -> String {
        """
        [[sources]]
        name = "es"
        url = "\(url)"
        method = "POST"
        records = "hits.hits"
        id = "_id"
        label = "{_source.name}"
        [sources.body]
        sort = [ { id = "asc" } ]
        search_after = "{cursor}"
        [sources.paging]
        style = "cursor"
        next = "hits.hits.-1.sort"
        size_body = "size"
        size = \(size)
        total = "hits.total.value"
        """
    }

    private static let expired = json(
        "{\"kind\":\"Status\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"The provided continue parameter is too old to display a consistent list result.\",\"reason\":\"Expired\",\"code\":410}",
        status: 410)

    private func sync(_ source: RecordSource, _ client: ScriptedHTTPClient, store: RecordStore? = nil) async throws -> RecordStore {
        let store = try store ?? RecordStore(database: RoloDatabase.inMemory(), source: source)
        try await RecordSync(pager: try RecordSourceFixtures.pager(source, client), store: store).run(refresh: false)
        return store
    }

    @Test("An API's own words: the most specific text its error body has")
    func apiText() {
        let cases: [(String, String)] = [
            (#"{"error":{"root_cause":[{"type":"x","reason":"Result window is too large"}],"type":"search_phase_execution_exception","reason":"all shards failed"},"status":500}"#,
             "Result window is too large"),
            (#"{"error":{"type":"search_phase_execution_exception","reason":"all shards failed"}}"#, "all shards failed"),
            (#"{"kind":"Status","message":"continue parameter is too old","reason":"Expired","code":410}"#, "continue parameter is too old"),
            (#"{"error":"invalid_grant","error_description":"The refresh token is revoked"}"#, "The refresh token is revoked"),
            (#"{"error":{"type":"card_error","message":"No such customer"}}"#, "No such customer"),
            (#"{"type":"error.list","errors":[{"code":"parameter_invalid","message":"starting_after is invalid"}]}"#, "starting_after is invalid"),
            (#"{"detail":"Invalid cursor parameter."}"#, "Invalid cursor parameter."),
            (#"{"title":"Not Found","status":404}"#, "Not Found"),
            (#"{"error":{"type":"LIST_RECORDS_ITERATOR_NOT_AVAILABLE"}}"#, "LIST_RECORDS_ITERATOR_NOT_AVAILABLE"),
            (#"[{"message":"invalid query locator","errorCode":"INVALID_QUERY_LOCATOR"}]"#, "invalid query locator"),
            (#"{"ok":false,"error":"invalid_cursor"}"#, "invalid_cursor"),
            (#"{"title":["This field may not be blank."]}"#, "title: This field may not be blank."),
            (#"{"message":"\u001b[31mred\u001b[0m"}"#, "red"),
        ]
        for (body, said) in cases {
            #expect(APIErrorText.message(in: Data(body.utf8)) == said, "\(body)")
        }
        #expect(APIErrorText.message(in: Data("<html>502</html>".utf8)) == nil)
    }

    @Test("A refused first page quotes the API, with the hint its status calls for")
    func refusedFirstPage() async throws {
        let source = try RecordSourceFixtures.source(Self.pods)
        let url = "https://k8s.example/api/v1/pods?limit=2"
        let cases: [(Int, String, String)] = [
            (401, #"{"message":"Unauthorized: token has expired"}"#,
             "pods refused rolo's request (401): Unauthorized: token has expired — check the source's headers and their variables"),
            (404, #"{"kind":"Status","message":"the server could not find the requested resource"}"#,
             "pods answered 404: the server could not find the requested resource — check the source's url"),
            (422, #"{"errors":[{"message":"limit must be below 500"}]}"#,
             "pods answered 422: limit must be below 500 — check the source's url, body and paging"),
            (500, "<html><body>Oops</body></html>", "pods answered 500 with an HTML page — r to retry"),
        ]
        for (status, body, message) in cases {
            let client = ScriptedHTTPClient([url: [Self.json(body, status: status)]])
            let error = await #expect(throws: FetchError.self) { try await sync(source, client) }
            #expect(error?.message == message)
            #expect(error?.partway == false)
        }
    }

    @Test("An expired continue token starts the listing over once; what was stored isn't stored twice")
    func expiredTokenRestarts() async throws {
        let source = try RecordSourceFixtures.source(Self.pods)
        let base = "https://k8s.example/api/v1/pods?limit=2"
        let client = ScriptedHTTPClient([
            base: [Self.podsPage(["a", "b"], next: "t1"), Self.podsPage(["a", "b"], next: "u1")],
            base + "&continue=t1": [Self.podsPage(["c", "d"], next: "t2")],
            base + "&continue=t2": [Self.expired],
            base + "&continue=u1": [Self.podsPage(["c", "d"], next: "u2")],
            base + "&continue=u2": [Self.podsPage(["e"], next: nil)],
        ])
        let store = try await sync(source, client)
        #expect(try await store.all().map(\.id) == ["a", "b", "c", "d", "e"])
        #expect(client.urls == [
            base, base + "&continue=t1", base + "&continue=t2", base, base + "&continue=u1", base + "&continue=u2",
        ])
        #expect(try await store.state()?.complete == true)
    }

    @Test("A 410 with a fresh continue token goes on with it, not from the start")
    func freshToken() async throws {
        let source = try RecordSourceFixtures.source(Self.pods)
        let base = "https://k8s.example/api/v1/pods?limit=2"
        let fresh = Self.json(#"{"kind":"Status","metadata":{"continue":"f2"},"message":"too old","reason":"Expired","code":410}"#, status: 410)
        let client = ScriptedHTTPClient([
            base: [Self.podsPage(["a", "b"], next: "t1")],
            base + "&continue=t1": [fresh],
            base + "&continue=f2": [Self.podsPage(["c"], next: nil)],
        ])
        let store = try await sync(source, client)
        #expect(try await store.all().map(\.id) == ["a", "b", "c"])
        #expect(client.urls == [base, base + "&continue=t1", base + "&continue=f2"])
    }

    @Test("Refused again after starting over: partial, naming the page, the records and the API's words")
    func expiredTwice() async throws {
        let source = try RecordSourceFixtures.source(Self.pods)
        let base = "https://k8s.example/api/v1/pods?limit=2"
        let client = ScriptedHTTPClient([
            base: [Self.podsPage(["a", "b"], next: "t1")],
            base + "&continue=t1": [Self.podsPage(["c", "d"], next: "t2"), Self.expired],
            base + "&continue=t2": [Self.expired],
        ])
        let store = try RecordStore(database: RoloDatabase.inMemory(), source: source)
        let error = await #expect(throws: FetchError.self) { try await sync(source, client, store: store) }
        #expect(error?.partway == true)
        #expect(error?.message == "pods: the list stopped at page 2, with 4 records: The provided continue parameter is too old to display a consistent list result. (HTTP 410), again after starting the listing over — r to retry")
        #expect(try await store.all().map(\.id) == ["a", "b", "c", "d"])
        #expect(client.urls == [base, base + "&continue=t1", base + "&continue=t2", base, base + "&continue=t1"])
    }

    @Test("A 500 on a later page is partial, not 'check the URL'; the next run resumes at that page")
    func laterPageFails() async throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "es"
            url = "https://es.example/people/_search"
            records = "hits.hits"
            id = "_id"
            label = "{_source.name}"
            [sources.paging]
            style = "offset"
            param = "from"
            size_param = "size"
            size = 2
            total = "hits.total.value"
            """)
        let base = "https://es.example/people/_search?from="
        func hits(_ ids: [Int]) -> Answer { Self.hits(ids, total: 6) }
        let window = Self.json(#"{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Result window is too large, from + size must be less than or equal to: [4]"}],"reason":"all shards failed"},"status":500}"#, status: 500)
        let client = ScriptedHTTPClient([
            base + "0&size=2": [hits([1, 2])], base + "2&size=2": [hits([3, 4])], base + "4&size=2": [window, hits([5, 6])],
        ])
        let store = try RecordStore(database: RoloDatabase.inMemory(), source: source)
        let error = await #expect(throws: FetchError.self) { try await sync(source, client, store: store) }
        #expect(error?.message == "es: the list stopped at page 3, with 4 of 6 records: Result window is too large, from + size must be less than or equal to: [4] (HTTP 500) — r to retry")
        #expect(error?.kind == .httpStatus(500))
        _ = try await sync(source, client, store: store)
        #expect(try await store.all().map(\.id) == ["1", "2", "3", "4", "5", "6"])
        #expect(client.urls.suffix(1) == [base + "4&size=2"])
    }

    @Test("Elasticsearch's search_after: a JSON cursor sent in the body as the list it is, the size in the body")
    func jsonCursorInBody() async throws {
        let url = "https://es.example/people/_search"
        let source = try RecordSourceFixtures.source(Self.searchAfterTOML(url, size: 2))
        let client = ScriptedHTTPClient([url: [Self.hits([1, 2], total: 3, sorted: true), Self.hits([3], total: 3, sorted: true)]])
        let store = try await sync(source, client)
        #expect(try await store.all().map(\.id) == ["1", "2", "3"])
        let bodies = client.requests.compactMap { $0.body.flatMap { try? JSONValue.parse($0) } }
        #expect(bodies.map(\.jsonText) == [
            #"{"sort":[{"id":"asc"}],"size":2}"#,
            #"{"search_after":[2,"k2"],"sort":[{"id":"asc"}],"size":2}"#,
        ])
    }

    @Test("more = \"!done\" goes on while done is false; a next URL given as a bare path is resolved")
    func negatedMore() async throws {
        let source = try RecordSourceFixtures.source(RealAPIPagingTests.salesforceTOML("https://sf.example"))
        let first = "https://sf.example/services/data/v59.0/query?q=SELECT+Id,Name,Email+FROM+Contact"
        let next = "https://sf.example/services/data/v59.0/query/01gD-2"
        let client = ScriptedHTTPClient([
            first: [Self.json(#"{"totalSize":3,"done":false,"nextRecordsUrl":"/services/data/v59.0/query/01gD-2","records":[{"Id":"1","Name":"a"},{"Id":"2","Name":"b"}]}"#)],
            next: [Self.json(#"{"totalSize":3,"done":true,"records":[{"Id":"3","Name":"c"}]}"#)],
        ])
        let store = try await sync(source, client)
        #expect(try await store.all().map(\.id) == ["1", "2", "3"])
        #expect(client.urls == [first, next])
        #expect(source.paging?.moreNegated == true && source.paging?.more == .path(JSONPath("done")))
    }

    @Test("Sentry's Link header: rel=\"next\" is always sent; results=\"false\" ends the list")
    func linkResultsFalse() throws {
        let base = try #require(URL(string: "https://sentry.example/api/0/issues/"))
        let more = "<https://sentry.example/api/0/issues/?&cursor=0:0:1>; rel=\"previous\"; results=\"false\"; cursor=\"0:0:1\", <https://sentry.example/api/0/issues/?&cursor=0:100:0>; rel=\"next\"; results=\"true\"; cursor=\"0:100:0\""
        let last = "<https://sentry.example/api/0/issues/?&cursor=0:0:1>; rel=\"previous\"; results=\"true\"; cursor=\"0:0:1\", <https://sentry.example/api/0/issues/?&cursor=0:200:0>; rel=\"next\"; results=\"false\"; cursor=\"0:200:0\""
        #expect(LinkHeader.target(more, relation: "next", base: base)?.absoluteString == "https://sentry.example/api/0/issues/?&cursor=0:100:0")
        #expect(LinkHeader.target(last, relation: "next", base: base) == nil)
        #expect(LinkHeader.target(last, relation: "previous", base: base)?.absoluteString == "https://sentry.example/api/0/issues/?&cursor=0:0:1")
        #expect(LinkHeader.target("<https://x.example/?page=2>; rel=\"next\", <https://x", relation: "next", base: base)?.absoluteString == "https://x.example/?page=2")
    }

    @Test("The config's new paging forms are checked, each mistake with its line")
    func configChecks() throws {
        let head = "[[sources]]\nname = \"es\"\nurl = \"https://es.example/_search\"\n"
        #expect(try RecordSourceFixtures.configError(head + "[sources.paging]\nstyle = \"offset\"\nsize_body = \"size\"\nsize = 10\n")
            == "config.toml, line 6: size_body of source 'es''s paging puts the page size in [sources.body], which the source hasn't")
        #expect(try RecordSourceFixtures.configError(head + "[sources.paging]\nstyle = \"offset\"\nsize = 10\n")
            == "config.toml, line 6: the page size of source 'es' needs size_param = \"…\", the query parameter it is sent in")
        #expect(try RecordSourceFixtures.configError(head + "[sources.paging]\nstyle = \"page\"\nmore = \"!!done\"\n")
            == "config.toml, line 6: '!!done' in more of source 'es''s paging negates twice: write the flag, or !flag")
        let sized = try RecordSourceFixtures.source(
            head + "method = \"POST\"\n[sources.body]\nquery = { match_all = {} }\n[sources.paging]\nstyle = \"offset\"\nparam = \"from\"\nsize_body = \"size\"\nsize = 50\n")
        #expect(sized.paging?.sizeBody == JSONPath("size") && sized.paging?.size == 50)
    }

    @Test("A lookup given as an object with a null name: the name comes through the lookup")
    func lookupNullName() throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "persons"
            url = "https://crm.example/v1/persons"
            records = "data"
            label = "{name}"
            columns = [ { title = "Organisation", value = "{org_id.name}" }, { title = "Org", value = "{org.name}" } ]
            [[sources.lookups]]
            name = "org"
            field = "org_id"
            url = "https://crm.example/v1/organizations"
            records = "data"
            """)
        let lookups = LookupValues(lookups: source.lookups, records: ["org": ["3926": .object([JSONMember("id", .number("3926")), JSONMember("name", .string("Acme"))])]])
        let named = try JSONValue.parse(Data(#"{"id":1,"name":"Ada","org_id":{"value":3926,"name":"Acme Ltd"}}"#.utf8))
        let unnamed = try JSONValue.parse(Data(#"{"id":2,"name":"Bo","org_id":{"value":3926,"name":null}}"#.utf8))
        let unknown = try JSONValue.parse(Data(#"{"id":3,"name":"Cy","org_id":{"value":7,"name":null}}"#.utf8))
        #expect(source.columns.map { $0.value.render(named, lookups: lookups) } == ["Acme Ltd", "Acme"])
        #expect(source.columns.map { $0.value.render(unnamed, lookups: lookups) } == ["Acme", "Acme"])
        #expect(source.columns.map { $0.value.render(unknown, lookups: lookups) } == ["", "7"])
        let schema = RecordDump.schema(of: source, lookups: lookups)
        #expect(schema.values(of: JSONRecord(id: "2", value: unnamed)).dropFirst(2).map { "\($0)" } == ["text(\"Acme\")", "text(\"Acme\")"])
    }
}
