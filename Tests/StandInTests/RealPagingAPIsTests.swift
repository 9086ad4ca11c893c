import Foundation
import RoloCore
import StandIn
import Testing

/// The paging APIs under `/__paging/…` that imitate real services (Kubernetes, Airtable,
/// Intercom, Salesforce, Elasticsearch, Sentry): each walked the way its docs say, over real HTTP,
/// and each of its refusals (expired tokens included) answered in the service's own words.
@Suite("Stand-in paging APIs shaped as real services")
struct RealPagingAPIsTests {
    /// Sends one request through rolo's client, with the headers and body given.
    private func exchange(
        _ server: StandInServer, _ path: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil
    ) async throws -> Reply {
        let url = try #require(URL(string: server.baseURL.absoluteString + path))
        let data = body.map { Data($0.utf8) }
        let response = try await testClient.send(HTTPRequest(method: method, url: url, headers: headers, body: data, timeout: standInTestTimeout))
        return Reply(status: response.status, body: response.body, headers: response.headers)
    }

    /// The reply's body as a JSON object.
    private func fields(_ reply: Reply) throws -> [String: Any] {
        try #require(try reply.json() as? [String: Any])
    }

    /// `text` fit for a query's value: everything but letters and digits percent-encoded.
    private func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    // MARK: Kubernetes

    private static let pods = "/__paging/kubernetes/api/v1/namespaces/default/pods"
    private static let podsExpired = "The provided continue parameter is too old to display a consistent list result. You can start a new list "
        + "without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. "
        + "Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted "
        + "between the time the first chunk was returned and now may show up in the list."

    /// One page of pods: their names and its `metadata`.
    private func podPage(_ server: StandInServer, limit: Int, continue token: String?) async throws -> (names: [String], metadata: [String: Any]) {
        let query = token.map { "&continue=\(escaped($0))" } ?? ""
        let page = try fields(try await exchange(server, "\(Self.pods)?limit=\(limit)\(query)"))
        let items = try #require(page["items"] as? [[String: Any]])
        return (items.compactMap { ($0["metadata"] as? [String: Any])?["name"] as? String }, try #require(page["metadata"] as? [String: Any]))
    }

    @Test("Kubernetes: limit and metadata.continue reach every pod once in order; no limit, all in one answer")
    func kubernetesWalk() async throws {
        try await withServer { server in
            var names: [String] = [], token: String?, remaining: [Int] = []
            repeat {
                let page = try await podPage(server, limit: 500, continue: token)
                names += page.names
                token = page.metadata["continue"] as? String
                remaining.append(page.metadata["remainingItemCount"] as? Int ?? -1)
                #expect(page.metadata["resourceVersion"] as? String == "48213")
            } while token != nil && names.count < 2000
            #expect(names == (1...1234).map { String(format: "pod-%05d", $0) })
            #expect(remaining == [734, 234, -1])
            let all = try await exchange(server, Self.pods)
            let list = try fields(all)
            #expect((list["items"] as? [Any])?.count == 1234 && list["kind"] as? String == "PodList")
            #expect((list["metadata"] as? [String: Any])?.keys.sorted() == ["resourceVersion"])
            #expect(all.header("Content-Type") == "application/json")
            await #expect(server.requestCount("kubernetes.pods") == 4)
        }
    }

    @Test("Kubernetes: an unreadable continue token is a 400 Status")
    func kubernetesBadToken() async throws {
        try await withServer { server in
            let reply = try await exchange(server, "\(Self.pods)?limit=10&continue=bogus")
            #expect(reply.status == 400 && reply.header("Content-Type") == "application/json")
            #expect(reply.text == #"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","#
                + #""message":"continue key is not valid: illegal base64 data","reason":"BadRequest","code":400}"#)
            let forged = PagingToken.encoded(#"{"v":"meta.k8s.io/v1","rv":48213,"start":"pod-99999\u0000","page":1}"#)
            #expect(try await exchange(server, "\(Self.pods)?limit=10&continue=\(forged)").status == 400)
        }
    }

    @Test("Kubernetes: an expired token is a 410 whose fresh continue goes on where it would have")
    func kubernetesExpired() async throws {
        var options = StandInOptions()
        options.kubernetesExpiry = PageTokenExpiry(page: 2)
        try await withServer(options) { server in
            let first = try await podPage(server, limit: 500, continue: nil)
            let second = try await podPage(server, limit: 500, continue: try #require(first.metadata["continue"] as? String))
            let expired = try #require(second.metadata["continue"] as? String)
            let reply = try await exchange(server, "\(Self.pods)?limit=500&continue=\(escaped(expired))")
            let status = try fields(reply)
            #expect(reply.status == 410 && reply.header("Content-Type") == "application/json")
            #expect(status["kind"] as? String == "Status" && status["status"] as? String == "Failure" && status["reason"] as? String == "Expired")
            #expect(status["code"] as? Int == 410 && status["message"] as? String == Self.podsExpired)
            let fresh = try #require((status["metadata"] as? [String: Any])?["continue"] as? String)
            #expect(fresh != expired)
            let rest = try await podPage(server, limit: 500, continue: fresh)
            #expect(rest.names == (1001...1234).map { String(format: "pod-%05d", $0) } && rest.metadata["continue"] == nil)
            #expect(try await podPage(server, limit: 500, continue: expired).names.first == "pod-01001")
        }
    }

    @Test("Kubernetes: without a fresh continue the 410's metadata is {}; after `times` refusals the token is honoured")
    func kubernetesExpiredTimes() async throws {
        var options = StandInOptions()
        options.kubernetesExpiry = PageTokenExpiry(page: 1, times: 2)
        options.kubernetesFreshContinue = false
        try await withServer(options) { server in
            let token = try #require(try await podPage(server, limit: 1000, continue: nil).metadata["continue"] as? String)
            let path = "\(Self.pods)?limit=1000&continue=\(escaped(token))"
            let expected = #"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":""#
                + Self.podsExpired + #"","reason":"Expired","code":410}"#
            for _ in 1...2 {
                let reply = try await exchange(server, path)
                #expect(reply.status == 410 && reply.text == expected)
            }
            let honoured = try await podPage(server, limit: 1000, continue: token)
            #expect(honoured.names.count == 234 && honoured.names.first == "pod-01001")
        }
    }

    // MARK: Airtable

    private static let airtable = "/__paging/airtable/v0/appROLO/People"

    @Test("Airtable: offset reaches every record once in order, and is no number; the last page has none")
    func airtableWalk() async throws {
        try await withServer { server in
            var numbers: [Int] = [], offsets: [String] = [], offset: String?
            repeat {
                let page = try fields(try await exchange(server, "\(Self.airtable)?pageSize=100" + (offset.map { "&offset=\(escaped($0))" } ?? "")))
                let records = try #require(page["records"] as? [[String: Any]])
                numbers += records.compactMap { ($0["fields"] as? [String: Any])?["Number"] as? Int }
                #expect(records.allSatisfy { ($0["id"] as? String)?.count == 17 && ($0["id"] as? String)?.hasPrefix("rec") == true })
                offset = page["offset"] as? String
                offsets += offset.map { [$0] } ?? []
            } while offset != nil && numbers.count < 1000
            #expect(numbers == Array(1...345) && offsets.count == 3)
            #expect(offsets.allSatisfy { $0.hasPrefix("itr") && $0.contains("/rec") && Int($0) == nil })
            let first = try fields(try await exchange(server, Self.airtable))
            let record = try #require((first["records"] as? [[String: Any]])?.first)
            #expect((first["records"] as? [Any])?.count == 100 && record["createdTime"] as? String == "2026-01-02T03:04:05.000Z")
            #expect((record["fields"] as? [String: Any])?["Name"] as? String != nil && (record["fields"] as? [String: Any])?["Email"] as? String != nil)
        }
    }

    @Test("Airtable: a pageSize over 100 and an unknown offset are 422s in Airtable's words")
    func airtableRefusals() async throws {
        try await withServer { server in
            let large = try await exchange(server, "\(Self.airtable)?pageSize=101")
            #expect(large.status == 422 && large.text == #"{"error":{"type":"INVALID_REQUEST_UNKNOWN","#
                + #""message":"Invalid request: parameter validation failed. Check your request data."}}"#)
            let unknown = try await exchange(server, "\(Self.airtable)?offset=itrXXX")
            #expect(unknown.status == 422 && unknown.text == #"{"error":{"type":"INVALID_OFFSET_VALUE","message":"The value of offset itrXXX is invalid"}}"#)
        }
    }

    @Test("Airtable: an expired offset is LIST_RECORDS_ITERATOR_NOT_AVAILABLE, then honoured again")
    func airtableExpired() async throws {
        var options = StandInOptions()
        options.airtableExpiry = PageTokenExpiry(page: 2)
        try await withServer(options) { server in
            let first = try #require(try fields(try await exchange(server, Self.airtable))["offset"] as? String)
            let second = try #require(try fields(try await exchange(server, "\(Self.airtable)?offset=\(escaped(first))"))["offset"] as? String)
            let refused = try await exchange(server, "\(Self.airtable)?offset=\(escaped(second))")
            #expect(refused.status == 422 && refused.text == #"{"error":{"type":"LIST_RECORDS_ITERATOR_NOT_AVAILABLE"}}"#)
            let honoured = try fields(try await exchange(server, "\(Self.airtable)?offset=\(escaped(second))"))
            let numbers = (honoured["records"] as? [[String: Any]])?.compactMap { ($0["fields"] as? [String: Any])?["Number"] as? Int }
            #expect(numbers == Array(201...300))
        }
    }

    // MARK: Intercom

    private static let intercom = "/__paging/intercom/contacts"

    @Test("Intercom: pages.next.starting_after reaches every contact once in order; the last page has no next")
    func intercomWalk() async throws {
        try await withServer { server in
            var names: [String] = [], ids: [String] = [], pageNumbers: [Int] = [], cursor: String?
            let expected = try fields(try await exchange(server, "\(Self.intercom)?per_page=150"))
            repeat {
                let page = try fields(try await exchange(server, "\(Self.intercom)?per_page=50" + (cursor.map { "&starting_after=\(escaped($0))" } ?? "")))
                let data = try #require(page["data"] as? [[String: Any]])
                names += data.compactMap { $0["name"] as? String }
                ids += data.compactMap { $0["id"] as? String }
                let pages = try #require(page["pages"] as? [String: Any])
                pageNumbers.append(pages["page"] as? Int ?? 0)
                #expect(page["total_count"] as? Int == 120 && pages["total_pages"] as? Int == 3 && pages["per_page"] as? Int == 50)
                let next = pages["next"] as? [String: Any]
                cursor = next?["starting_after"] as? String
                #expect(next == nil || next?["page"] as? Int == pageNumbers.last.map { $0 + 1 })
                #expect(cursor == nil || cursor?.hasPrefix("WzE3MDAwMDA") == true)
            } while cursor != nil && names.count < 500
            #expect(pageNumbers == [1, 2, 3] && Set(ids).count == 120 && ids.allSatisfy { $0.count == 24 && $0.allSatisfy(\.isHexDigit) })
            let all = try #require(expected["data"] as? [[String: Any]])
            #expect(names == all.compactMap { $0["name"] as? String } && all.first?["created_at"] as? Int == 1_700_000_001)
            #expect((expected["pages"] as? [String: Any])?["next"] == nil && (expected["pages"] as? [String: Any])?["per_page"] as? Int == 150)
        }
    }

    @Test("Intercom: a starting_after it didn't hand out is a 400 error.list")
    func intercomBadCursor() async throws {
        try await withServer { server in
            let reply = try await exchange(server, "\(Self.intercom)?starting_after=\(PagingToken.encoded("[1700000999,\"x\",2]"))")
            let body = try fields(reply)
            let error = try #require((body["errors"] as? [[String: Any]])?.first)
            #expect(reply.status == 400 && body["type"] as? String == "error.list" && body["request_id"] as? String != nil)
            #expect(error["code"] as? String == "parameter_invalid" && error["message"] as? String == "starting_after is invalid")
        }
    }

    // MARK: Salesforce

    private static let soql = "/__paging/salesforce/services/data/v59.0/query?q=SELECT+Id,Name,Email+FROM+Contact"

    /// Every batch of a query, following `nextRecordsUrl`: their contacts' ids, `done` flags and next URLs.
    private func salesforceWalk(_ server: StandInServer, headers: [String: String] = [:]) async throws -> (ids: [String], done: [Bool], next: [String]) {
        var ids: [String] = [], done: [Bool] = [], urls: [String] = [], path: String? = Self.soql
        while let current = path, done.count < 50 {
            let batch = try fields(try await exchange(server, current, headers: headers))
            ids += try #require(batch["records"] as? [[String: Any]]).compactMap { $0["Id"] as? String }
            done.append(try #require(batch["done"] as? Bool))
            #expect(batch["totalSize"] as? Int == 4321)
            path = batch["nextRecordsUrl"] as? String
            urls += path.map { [$0] } ?? []
        }
        return (ids, done, urls)
    }

    @Test("Salesforce: nextRecordsUrl, a bare path with no '?', reaches every contact once in order")
    func salesforceWalk() async throws {
        try await withServer { server in
            let walk = try await salesforceWalk(server)
            #expect(walk.ids == (1...4321).map { String(format: "003ROLO%09d", $0) } && walk.done == [false, false, true])
            #expect(walk.next.first == "/__paging/salesforce/services/data/v59.0/query/01gROLO0000000001-2000")
            #expect(walk.next.allSatisfy { !$0.contains("?") } && walk.next.count == 2)
            let small = try await salesforceWalk(server, headers: ["Sforce-Query-Options": "batchSize=500"])
            #expect(small.ids == walk.ids && small.done.count == 9 && small.next.allSatisfy { !$0.contains("?") })
            let (queries, mores) = (await server.requestCount("salesforce.query"), await server.requestCount("salesforce.more"))
            #expect(queries == 2 && mores == 10)
            let first = try fields(try await exchange(server, Self.soql))
            let record = try #require((first["records"] as? [[String: Any]])?.first)
            #expect((record["attributes"] as? [String: Any])?["url"] as? String == "/services/data/v59.0/sobjects/Contact/003ROLO000000001")
            #expect((record["attributes"] as? [String: Any])?["type"] as? String == "Contact" && record["Email"] as? String != nil)
        }
    }

    @Test("Salesforce: no q is MALFORMED_QUERY; an unknown or expired locator is INVALID_QUERY_LOCATOR, then honoured again")
    func salesforceRefusals() async throws {
        var options = StandInOptions()
        options.salesforceExpiry = PageTokenExpiry(page: 2)
        try await withServer(options) { server in
            let missing = try await exchange(server, "/__paging/salesforce/services/data/v59.0/query")
            #expect(missing.status == 400 && missing.text == #"[{"message":"A query string has to be specified","errorCode":"MALFORMED_QUERY"}]"#)
            let invalid = #"[{"message":"invalid query locator","errorCode":"INVALID_QUERY_LOCATOR"}]"#
            let unknown = try await exchange(server, "/__paging/salesforce/services/data/v59.0/query/01gROLO0000000001-1999")
            #expect(unknown.status == 400 && unknown.text == invalid)
            let first = try #require(try fields(try await exchange(server, Self.soql))["nextRecordsUrl"] as? String)
            let second = try #require(try fields(try await exchange(server, first))["nextRecordsUrl"] as? String)
            let expired = try await exchange(server, second)
            #expect(expired.status == 400 && expired.text == invalid)
            let honoured = try fields(try await exchange(server, second))
            #expect(honoured["done"] as? Bool == true && (honoured["records"] as? [Any])?.count == 321)
        }
    }

    // MARK: Elasticsearch

    private static let search = "/__paging/elasticsearch/people/_search"

    /// The ids of a search's hits, and its whole answer.
    private func searchIDs(_ server: StandInServer, _ path: String = Self.search, method: String = "POST", body: String? = nil) async throws -> (ids: [Int], answer: [String: Any]) {
        let answer = try fields(try await exchange(server, path, method: method, body: body))
        let hits = try #require((answer["hits"] as? [String: Any])?["hits"] as? [[String: Any]])
        return (hits.compactMap { ($0["_source"] as? [String: Any])?["id"] as? Int }, answer)
    }

    @Test("Elasticsearch: size and from from the body or the URL (the body wins); sort only when asked")
    func elasticsearchFromSize() async throws {
        try await withServer { server in
            let plain = try await searchIDs(server)
            let hits = try #require(plain.answer["hits"] as? [String: Any])
            #expect(plain.ids == Array(1...10) && (hits["total"] as? [String: Any])?["value"] as? Int == 12_000)
            #expect((hits["total"] as? [String: Any])?["relation"] as? String == "eq" && hits["max_score"] is NSNull)
            let hit = try #require((hits["hits"] as? [[String: Any]])?.first)
            #expect(hit["_id"] as? String == "1" && hit["_index"] as? String == "people" && hit["sort"] == nil)
            #expect(try await searchIDs(server, "\(Self.search)?from=20&size=5", method: "GET").ids == Array(21...25))
            #expect(try await searchIDs(server, "\(Self.search)?size=5", body: #"{"size":3,"from":7}"#).ids == [8, 9, 10])
            let sorted = try await searchIDs(server, body: #"{"size":2,"sort":[{"id":"asc"}],"query":{"match_all":{}}}"#)
            let sorts = (sorted.answer["hits"] as? [String: Any])?["hits"] as? [[String: Any]]
            #expect(sorts?.compactMap { ($0["sort"] as? [Int])?.first } == [1, 2])
            #expect(try await searchIDs(server, body: #"{"from":9900,"size":100}"#).ids == Array(9901...10000))
            #expect(try await searchIDs(server, body: #"{"size":2,"from":null,"search_after":null}"#).ids == [1, 2])
        }
    }

    @Test("Elasticsearch: from + size past 10,000 is the 500 of every shard; search_after reaches all 12,000")
    func elasticsearchWindowAndSearchAfter() async throws {
        try await withServer { server in
            let window = try await exchange(server, Self.search, method: "POST", body: #"{"from":9950,"size":100}"#)
            #expect(window.status == 500 && window.text == #"{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"#
                + #""Result window is too large, from + size must be less than or equal to: [10000] but was [10050]. "#
                + #"See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the "#
                + #"[index.max_result_window] index level setting."}],"type":"search_phase_execution_exception","#
                + #""reason":"all shards failed","phase":"query","grouped":true},"status":500}"#)
            var ids: [Int] = [], after: Int?
            repeat {
                let body = #"{"size":1000,"sort":[{"id":"asc"}]"# + (after.map { #","search_after":[\#($0)]}"# } ?? "}")
                let page = try await searchIDs(server, body: body)
                let hits = try #require((page.answer["hits"] as? [String: Any])?["hits"] as? [[String: Any]])
                after = (hits.last?["sort"] as? [Int])?.first
                ids += page.ids
            } while after != nil && ids.count < 20_000
            #expect(ids == Array(1...12_000))
            await #expect(server.requestCount("elasticsearch.search") == 14)
        }
    }

    @Test("Elasticsearch: from with search_after, and a body that isn't JSON, are 400s")
    func elasticsearchRefusals() async throws {
        try await withServer { server in
            let both = try await exchange(server, Self.search, method: "POST", body: #"{"from":5,"search_after":[10],"sort":[{"id":"asc"}]}"#)
            let refusal = try fields(both)
            let cause = try #require((refusal["error"] as? [String: Any])?["root_cause"] as? [[String: Any]])
            #expect(both.status == 400 && cause.first?["type"] as? String == "illegal_argument_exception" && refusal["status"] as? Int == 400)
            #expect(cause.first?["reason"] as? String == "Cannot use [from] parameter with [search_after]")
            let garbled = try await exchange(server, Self.search, method: "POST", body: "size=10")
            let garbledCause = try #require(((try fields(garbled))["error"] as? [String: Any])?["root_cause"] as? [[String: Any]])
            #expect(garbled.status == 400 && garbledCause.first?["type"] as? String == "parsing_exception")
        }
    }

    // MARK: Sentry

    private static let sentry = "/__paging/sentry/api/0/organizations/rolo/issues/"

    /// The link of `relation` in a Sentry `Link` header: its URL and whether it has results.
    private func sentryLink(_ reply: Reply, _ relation: String) throws -> (url: String, results: Bool) {
        let links = try #require(reply.header("Link")).components(separatedBy: ", <")
        let link = try #require(links.first { $0.contains("rel=\"\(relation)\"") })
        let url = try #require(link.split(separator: ">").first).trimmingCharacters(in: CharacterSet(charactersIn: "<"))
        return (url, link.contains("results=\"true\""))
    }

    @Test("Sentry: the next link, followed while results=\"true\", reaches every issue once in order; the last says results=\"false\"")
    func sentryWalk() async throws {
        try await withServer { server in
            var ids: [String] = [], path = Self.sentry, counts: [Int] = []
            while counts.count < 10 {
                let reply = try await exchange(server, path)
                let issues = try #require(try reply.json() as? [[String: Any]])
                ids += issues.compactMap { $0["id"] as? String }
                counts.append(issues.count)
                let next = try sentryLink(reply, "next")
                guard next.results else { break }
                path = String(next.url.dropFirst(server.baseURL.absoluteString.count))
            }
            #expect(ids == (1...250).map(String.init) && counts == [100, 100, 50])
            let first = try await exchange(server, Self.sentry)
            let base = server.baseURL.absoluteString + Self.sentry
            #expect(first.header("Link") == #"<\#(base)?&cursor=0:0:1>; rel="previous"; results="false"; cursor="0:0:1", "#
                + #"<\#(base)?&cursor=0:100:0>; rel="next"; results="true"; cursor="0:100:0""#)
            let last = try await exchange(server, "\(Self.sentry)?cursor=0:200:0")
            let (next, previous) = (try sentryLink(last, "next"), try sentryLink(last, "previous"))
            #expect(!next.results && previous.results && next.url == "\(base)?&cursor=0:300:0")
            let issue = try #require((try first.json() as? [[String: Any]])?.first)
            #expect(issue["shortId"] as? String == "ROLO-1" && issue["count"] as? String == "3" && issue["status"] as? String == "unresolved")
        }
    }

    @Test("Sentry: limit carries into the links; a malformed cursor is a 400")
    func sentryLimitAndBadCursor() async throws {
        try await withServer { server in
            let small = try await exchange(server, "\(Self.sentry)?limit=30&cursor=0:60:0")
            #expect((try small.json() as? [Any])?.count == 30)
            #expect(try sentryLink(small, "next").url.hasSuffix("/issues/?limit=30&cursor=0:90:0"))
            #expect(try sentryLink(small, "previous").url.hasSuffix("/issues/?limit=30&cursor=0:30:1"))
            let bad = try await exchange(server, "\(Self.sentry)?cursor=bogus")
            #expect(bad.status == 400 && bad.text == #"{"detail":"Invalid cursor parameter."}"#)
        }
    }
}
