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
}
