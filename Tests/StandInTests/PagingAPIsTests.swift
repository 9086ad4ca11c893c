import Foundation
import RoloCore
import StandIn
import Testing

/// The APIs that page as real APIs do (issue 33), each answering as its public docs say.
@Suite("Stand-in APIs that page as real APIs do")
struct PagingAPIsTests {
    private func send(
        _ server: StandInServer, _ path: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil
    ) async throws -> Reply {
        let url = try #require(URL(string: server.baseURL.absoluteString + path))
        let request = HTTPRequest(method: method, url: url, headers: headers, body: body.map { Data($0.utf8) }, timeout: standInTestTimeout)
        let response = try await testClient.send(request)
        return Reply(status: response.status, body: response.body, headers: response.headers)
    }

    private func object(_ reply: Reply) throws -> [String: Any] {
        try #require(try reply.json() as? [String: Any])
    }

    @Test("Jira: maxResults capped at 100, total 121, startAt as asked; hidden issues still counted")
    func jira() async throws {
        var options = StandInOptions()
        options.jiraVisibleIssues = 110
        try await withServer(options) { server in
            let first = try object(try await send(server, "/jira/rest/api/3/search?jql=x&startAt=0&maxResults=150"))
            #expect(first["maxResults"] as? Int == 100 && first["total"] as? Int == 121 && (first["issues"] as? [Any])?.count == 100)
            let issue = try #require((first["issues"] as? [[String: Any]])?.first)
            #expect(issue["key"] as? String == "ROLO-1" && issue["id"] as? String == "10001")
            let rest = try object(try await send(server, "/jira/rest/api/3/search?startAt=100"))
            #expect(rest["maxResults"] as? Int == 50 && (rest["issues"] as? [Any])?.count == 10 && rest["total"] as? Int == 121)
        }
    }

    @Test("Bulk records: offset-paged, as many as `total` asks (a million by default), each made from its number")
    func bulk() async throws {
        try await withServer { server in
            let first = try object(try await send(server, "/bulk/records?offset=0&limit=3"))
            let records = try #require(first["records"] as? [[String: Any]])
            #expect(first["total"] as? Int == 1_000_000 && records.map { $0["id"] as? Int } == [0, 1, 2])
            #expect(records[1]["email"] as? String == "user1@example.com" && records[0]["first_name"] as? String == "Ann")
            let last = try object(try await send(server, "/bulk/records?offset=2000&limit=1000&total=2500"))
            let rest = try #require(last["records"] as? [[String: Any]])
            #expect(rest.count == 500 && rest.first?["id"] as? Int == 2000 && rest.last?["id"] as? Int == 2499)
            #expect((try object(try await send(server, "/bulk/records?offset=2500&total=2500"))["records"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("Stripe: limit, starting_after a customer's id, has_more; an unknown id is a 400")
    func stripe() async throws {
        try await withServer { server in
            let first = try object(try await send(server, "/stripe/v1/customers?limit=20"))
            let data = try #require(first["data"] as? [[String: Any]])
            #expect(data.count == 20 && first["has_more"] as? Bool == true && first["object"] as? String == "list")
            let last = try #require(data.last?["id"] as? String)
            let second = try object(try await send(server, "/stripe/v1/customers?limit=20&starting_after=\(last)"))
            #expect((second["data"] as? [Any])?.count == 5 && second["has_more"] as? Bool == false)
            #expect(try await send(server, "/stripe/v1/customers?starting_after=cus_nope").status == 400)
        }
    }

    @Test("Microsoft Graph: value and @odata.nextLink, two empty pages after each page of users")
    func graph() async throws {
        try await withServer { server in
            var path = "/msgraph/v1.0/users?$top=3"
            var counts: [Int] = []
            while counts.count < 10 {
                let page = try object(try await send(server, path))
                counts.append(try #require(page["value"] as? [Any]).count)
                guard let next = page["@odata.nextLink"] as? String else { break }
                path = String(next.dropFirst(server.baseURL.absoluteString.count))
            }
            #expect(counts == [3, 0, 0, 3, 0, 0, 1])
            #expect(try await send(server, "/msgraph/v1.0/users?$skiptoken=bogus").status == 400)
            // A token of its shape with an offset past the users is refused too, not a crash.
            let huge = PagingToken.encoded("o=9223372036854775807;e=0")
            #expect(try await send(server, "/msgraph/v1.0/users?$skiptoken=\(huge)").status == 400)
        }
    }

    @Test("GitLab: a bare array, X-Next-Page empty on the last page, X-Total and X-Total-Pages")
    func gitlab() async throws {
        try await withServer { server in
            let first = try await send(server, "/gitlab/api/v4/users?per_page=20")
            #expect((try first.json() as? [Any])?.count == 20)
            #expect(first.header("X-Next-Page") == "2" && first.header("X-Total") == "45" && first.header("X-Total-Pages") == "3")
            let last = try await send(server, "/gitlab/api/v4/users?per_page=20&page=3")
            #expect((try last.json() as? [Any])?.count == 5 && last.header("X-Next-Page") == "" && last.header("X-Prev-Page") == "2")
        }
    }

    @Test("WordPress: X-WP-Total and X-WP-TotalPages; a page past the last is a 400")
    func wordpress() async throws {
        try await withServer { server in
            let first = try await send(server, "/wordpress/wp-json/wp/v2/users?per_page=10")
            #expect((try first.json() as? [Any])?.count == 10)
            #expect(first.header("X-WP-Total") == "23" && first.header("X-WP-TotalPages") == "3")
            let past = try await send(server, "/wordpress/wp-json/wp/v2/users?per_page=10&page=4")
            #expect(past.status == 400 && past.text.contains("rest_post_invalid_page_number"))
        }
    }

    @Test("Linear GraphQL: POST {query, variables}, nodes and pageInfo; mistakes are errors in a 200")
    func linear() async throws {
        try await withServer { server in
            let query = "query($after: String) { users(first: 20, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }"
            let body = { (after: String?) in
                String(decoding: try JSONSerialization.data(withJSONObject: ["query": query, "variables": after.map { ["after": $0] } ?? [:]]), as: UTF8.self)
            }
            let first = try object(try await send(server, "/linear/graphql", method: "POST", body: try body(nil)))
            let users = try #require((first["data"] as? [String: Any])?["users"] as? [String: Any])
            let info = try #require(users["pageInfo"] as? [String: Any])
            #expect((users["nodes"] as? [Any])?.count == 20 && info["hasNextPage"] as? Bool == true)
            let cursor = try #require(info["endCursor"] as? String)
            let second = try object(try await send(server, "/linear/graphql", method: "POST", body: try body(cursor)))
            #expect(((second["data"] as? [String: Any])?["users"] as? [String: Any])?["nodes"] as? [Any] != nil)
            let wrong = try await send(server, "/linear/graphql", method: "POST", body: try body("nope"))
            let errors = try #require(try object(wrong)["errors"] as? [[String: Any]])
            #expect(wrong.status == 200 && (errors.first?["message"] as? String)?.hasPrefix("Invalid cursor") == true)
        }
    }

    @Test("Slack: not_authed and invalid_auth inside a 200; next_cursor, \"\" on the last page")
    func slack() async throws {
        try await withServer { server in
            #expect(try await send(server, "/slack/api/users.list").text == #"{"ok":false,"error":"not_authed"}"#)
            let wrong = try await send(server, "/slack/api/users.list", headers: ["Authorization": "Bearer nope"])
            #expect(wrong.status == 200 && wrong.text == #"{"ok":false,"error":"invalid_auth"}"#)
            let token = ["Authorization": "Bearer \(StandInOptions().slackToken)"]
            var cursor = ""
            var counts: [Int] = []
            repeat {
                let page = try object(try await send(server, "/slack/api/users.list?limit=10&cursor=\(cursor)", headers: token))
                counts.append(try #require(page["members"] as? [Any]).count)
                cursor = try #require((page["response_metadata"] as? [String: Any])?["next_cursor"] as? String)
                cursor = cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor
            } while !cursor.isEmpty && counts.count < 10
            #expect(counts == [7, 10, 10, 7])
        }
    }
}

/// The stand-in's opaque cursors as a client could forge them: base64, percent-encoded.
enum PagingToken {
    static func encoded(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
