import Foundation
import RoloCore
import StandIn
import Testing

/// The two APIs that exist for configured sources: GitHub's organisation members (paged by
/// `Link` headers) and a staff directory (paged by a `next` URL in the body).
@Suite("Stand-in APIs for configured sources")
struct ConfiguredSourceAPIsTests {
    private func get(_ server: StandInServer, _ path: String, token: String? = nil) async throws -> Reply {
        let url = try #require(URL(string: server.baseURL.absoluteString + path))
        let headers = token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
        let response = try await testClient.send(HTTPRequest(url: url, headers: headers, timeout: standInTestTimeout))
        return Reply(status: response.status, body: response.body, headers: response.headers)
    }

    @Test("GitHub members: a bare array, and the Link header's next, last, prev and first as GitHub writes them")
    func membersLink() async throws {
        try await withServer { server in
            let base = server.baseURL.absoluteString + "/github/orgs/rolo-stand-in/members"
            let first = try await get(server, "/github/orgs/rolo-stand-in/members?per_page=100")
            let members = try #require(try first.json() as? [[String: Any]])
            #expect(members.count == 100 && members[0]["login"] is String && members[0]["id"] as? Int == 1001)
            #expect(first.header("link") == "<\(base)?per_page=100&page=2>; rel=\"next\", <\(base)?per_page=100&page=3>; rel=\"last\"")
            #expect(first.header("x-ratelimit-remaining") == "4999")
            let last = try await get(server, "/github/orgs/rolo-stand-in/members?per_page=100&page=3")
            #expect((try last.json() as? [Any])?.count == 30)
            #expect(last.header("link") == "<\(base)?per_page=100&page=2>; rel=\"prev\", <\(base)?per_page=100&page=1>; rel=\"first\"")
            #expect((try await get(server, "/github/orgs/someone-else/members")).status == 404)
        }
    }

    @Test("GitHub: a user in full, an avatar JPEG, a 401 without the token, a 403 while rate-limited")
    func membersDetailAndRefusals() async throws {
        var options = StandInOptions()
        options.orgMembersToken = "secret"
        options.orgMembersRateLimitedRequests = 1
        try await withServer(options) { server in
            #expect(try await get(server, "/github/orgs/rolo-stand-in/members").status == 401)
            let asked = Int(Date().timeIntervalSince1970)
            let limited = try await get(server, "/github/orgs/rolo-stand-in/members", token: "secret")
            #expect(limited.status == 403 && limited.header("x-ratelimit-remaining") == "0")
            // A Unix time, a second past when the server answered.
            #expect(Int(limited.header("x-ratelimit-reset") ?? "") ?? 0 >= asked + 1)
            let members = try #require(try await get(server, "/github/orgs/rolo-stand-in/members", token: "secret").json() as? [[String: Any]])
            let login = try #require(members[2]["login"] as? String)
            let user = try #require(try await get(server, "/github/users/\(login)", token: "secret").json() as? [String: Any])
            #expect(user["name"] is String && user["email"] is NSNull && user["id"] as? Int == 1003)
            let avatar = try await get(server, "/github/avatars/u/1003?v=4")
            try expectJPEG(avatar.body, width: 96, height: 96)
            #expect(try await get(server, "/github/avatars/u/5000").status == 404)
        }
    }

    @Test("Staff: count, results and the next page's whole URL, null on the last; each person at their uuid")
    func staffNext() async throws {
        try await withServer { server in
            var path = "/staff/api/people/?page_size=40"
            var pages: [[[String: Any]]] = []
            while pages.count < 5 {
                let body = try #require(try await get(server, path).json() as? [String: Any])
                #expect(body["count"] as? Int == 95)
                pages.append(try #require(body["results"] as? [[String: Any]]))
                guard let next = body["next"] as? String else { break }
                #expect(next.hasPrefix(server.baseURL.absoluteString + "/staff/api/people/?cursor="))
                path = String(next.dropFirst(server.baseURL.absoluteString.count))
            }
            #expect(pages.map(\.count) == [40, 40, 15])
            let people = pages.flatMap { $0 }
            #expect(people.filter { $0["photo"] is String }.count == 32)
            #expect((people[0]["photo"] as? String)?.hasPrefix("data:image/jpeg;base64,/9j/") == true)
            let uuid = try #require(people[6]["uuid"] as? String)
            let person = try #require(try await get(server, "/staff/api/people/\(uuid)/").json() as? [String: Any])
            #expect(person["bio"] is String && person["department"] is NSNull)
            #expect(try await get(server, "/staff/api/people/?cursor=bogus").status == 404)
        }
    }
}
