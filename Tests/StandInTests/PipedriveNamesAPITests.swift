import Foundation
import RoloCore
import RoloTestSupport
import StandIn
import Testing

/// The account's organisations and users, over a real socket: the raw envelopes, and rolo's own
/// pager over the lists of the lookups it ships (``PipedrivePages``) resolving what the persons
/// name by id.
@Suite("Pipedrive API: organisations and users")
struct PipedriveNamesAPITests {
    private func pages(
        _ server: StandInServer, _ api: PipedriveAPIVersion = .v2, lookup: String? = nil, pageSize: Int = 100
    ) throws -> PipedrivePages {
        try PipedrivePages(
            baseURL: server.baseURL.appendingPathComponent("pipedrive"), token: "standin-token", api: api,
            http: CurlHTTPClient(), pageSize: pageSize, lookup: lookup, timeout: standInTestTimeout)
    }

    /// Every organisation's name, paged `limit` at a time; the request count.
    private func allOrganizations(_ server: StandInServer, limit: Int) async throws -> ([Int: String], Int) {
        let pipedrive = try pages(server, lookup: PipedriveLookups.organizations, pageSize: limit)
        var names: [Int: String] = [:]
        var position: PagingPosition?
        var requests = 0
        repeat {
            let page = try await pipedrive.page(at: position)
            names.merge(page.names) { old, _ in old }
            position = page.page.next
            requests += 1
        } while position != nil
        return (names, requests)
    }

    @Test("/api/v2/organizations has v2's envelope: success, data by id, additional_data.next_cursor, rate-limit headers")
    func organizationsEnvelope() async throws {
        try await withServer { server in
            let reply = try await request(server, "/pipedrive/api/v2/organizations?limit=15&api_token=standin-token")
            #expect(reply.status == 200)
            #expect(reply.header("x-ratelimit-remaining") != nil && reply.header("x-ratelimit-reset") != nil)
            let body = try #require(try reply.json() as? [String: Any])
            #expect(body["success"] as? Bool == true)
            let organizations = try #require(body["data"] as? [[String: Any]])
            #expect(organizations.compactMap { $0["id"] as? Int } == Array(1...15))
            #expect(organizations.allSatisfy { $0["name"] is String && $0["owner_id"] is Int && $0["is_deleted"] as? Bool == false })
            let cursor = try #require((body["additional_data"] as? [String: Any])?["next_cursor"] as? String)
            let last = try #require(try await request(server, "/pipedrive/api/v2/organizations?limit=15&cursor=\(cursor)&api_token=standin-token").json() as? [String: Any])
            // 500 persons: 20 organisations, so the second page of 15 is the last.
            #expect((last["data"] as? [[String: Any]])?.count == 5)
            #expect((last["additional_data"] as? [String: Any])?["next_cursor"] is NSNull)
        }
    }

    @Test("/v1/users lists every user at once in v1's shape, a deactivated one too")
    func usersEnvelope() async throws {
        try await withServer { server in
            let body = try #require(try await request(server, "/pipedrive/v1/users?api_token=standin-token").json() as? [String: Any])
            #expect(body["success"] as? Bool == true)
            let users = try #require(body["data"] as? [[String: Any]])
            #expect(users.compactMap { $0["name"] as? String } == ["Olive Owner", "Mart Müüja", "Sales Bot", "Former Seller"])
            #expect(users.map { $0["active_flag"] as? Bool } == [true, true, true, false])
            #expect(users.allSatisfy { $0["id"] is Int && $0["email"] is String && $0["access"] is [Any] })
            #expect(users.filter { $0["is_you"] as? Bool == true }.count == 1)
        }
    }

    @Test("Both check the token, with Pipedrive's 401")
    func token() async throws {
        try await withServer { server in
            let organizations = try await request(server, "/pipedrive/api/v2/organizations")
            let users = try await request(server, "/pipedrive/v1/users?api_token=wrong")
            #expect(organizations.status == 401 && users.status == 401)
            #expect(users.text.contains("unauthorized access"))
            #expect(await server.requestCount("pipedrive.organizations") == 1)
            #expect(await server.requestCount("pipedrive.users") == 1)
        }
    }

    @Test("Both are rate-limited like the persons: past the burst, a 429 with the reset")
    func burst() async throws {
        try await withServer(StandInOptions(pipedriveBurst: 1)) { server in
            // Sent at once, so at least two of them arrive within the two-second window however
            // loaded the machine.
            let replies = try await withThrowingTaskGroup(of: (String, Reply).self) { group in
                for path in Array(repeating: "api/v2/organizations?limit=1", count: 4) + Array(repeating: "v1/users?", count: 4) {
                    group.addTask { (path, try await request(server, "/pipedrive/\(path)&api_token=standin-token")) }
                }
                return try await group.reduce(into: [(String, Reply)]()) { $0.append($1) }
            }
            for route in ["api/v2/organizations", "v1/users"] {
                #expect(replies.contains { $0.0.hasPrefix(route) && $0.1.status == 429 }, "\(route) is limited")
            }
            let refused = try #require(replies.first { $0.1.status == 429 }?.1)
            #expect(refused.header("x-ratelimit-remaining") == "0")
            #expect(Int(refused.header("x-ratelimit-reset") ?? "") ?? 0 >= 1)
        }
    }

    @Test("Every organisation a v2 person names is listed, but for the deleted one, which v1 still names")
    func personsResolve() async throws {
        try await withServer { server in
            let (organizations, requests) = try await allOrganizations(server, limit: 7)
            #expect(organizations.count == 20 && requests == 3)
            #expect(organizations[1] == "Acme Ltd" && organizations[11] == "Acme Ltd Baltic")
            let users = try await pages(server, lookup: PipedriveLookups.owners).page()
            #expect(users.page.next == nil)
            let names = PipedriveNames(organizations: organizations, users: users.names).lookupValues

            let v2 = try await pages(server).page()
            let v1 = try await pages(server, .v1).page()
            #expect(v2.persons.count == 100 && v1.persons.count == 100)
            for (two, one) in zip(v2.persons, v1.persons) {
                let resolved = two.resolved(with: names)
                #expect(resolved.ownerName == one.ownerName, "person \(two.id)")
                if two.id == "97" {
                    #expect(resolved.organizationID == 21 && resolved.organizationName == nil)
                    #expect(one.organizationName == "Bankrupt Brothers")
                } else {
                    #expect(resolved.organizationName == one.organizationName, "person \(two.id)")
                }
            }
        }
    }

    @Test("100,000 persons: 4,000 organisations, eight pages of 500")
    func largeAccount() async throws {
        try await withServer(StandInOptions(pipedrivePersons: 100_000)) { server in
            let (organizations, requests) = try await allOrganizations(server, limit: 500)
            #expect(organizations.count == 4_000 && requests == 8)
            #expect(organizations[4_000] == "Cyberdyne Holding 40")
            #expect(Set(organizations.values).count == 4_000, "every organisation has a name of its own")
        }
    }
}
