import FlyingFox
import Foundation

/// Linear's GraphQL API, served under `/linear`: `POST /linear/graphql` takes `{"query",
/// "variables"}` and answers a query for `users(first: N, after: $after)` with `{"data":
/// {"users": {"nodes", "pageInfo": {"hasNextPage", "endCursor"}}}}`, 50 a page by default (at
/// most 250), `first` read from the variables or the query's text; the cursor is the last
/// node's id. Mistakes are GraphQL's: status 200 with `{"data": null, "errors": [{"message"}]}`
/// (a query without `users`, a cursor it doesn't know, a body that isn't JSON).
struct LinearGraphQLAPI: StandInAPI {
    static let defaultFirst = 50
    static let maximumFirst = 250

    private let people: PagingPeople
    private let count: Int

    let prefix = "/linear"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.linearUsers)
    }

    var routes: [StandInRoute] {
        [StandInRoute("linear.graphql", .POST, "/graphql") { request in try await graphql(request) }]
    }

    /// `8c1e0000-…-000000000007` for user 7.
    static func id(_ number: Int) -> String {
        "8c1e0000-0000-4000-8000-" + String(format: "%012d", number)
    }

    private func graphql(_ request: StandInRequest) async throws -> HTTPResponse {
        let body = try await request.http.bodyData
        guard let document = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let query = document["query"] as? String else {
            return Self.errors("Must provide query string.", code: "BAD_USER_INPUT")
        }
        guard query.contains("users") else {
            return Self.errors("Cannot query field on type \"Query\": this stand-in knows users only.", code: "GRAPHQL_VALIDATION_FAILED")
        }
        let variables = document["variables"] as? [String: Any] ?? [:]
        let written = (variables["first"] as? Int)
            ?? query.firstMatch(of: /first:\s*(\d+)/).flatMap { Int($0.1) } ?? Self.defaultFirst
        let first = min(Self.maximumFirst, max(1, written))
        var start = 0
        if let after = variables["after"] as? String {
            guard let number = Int(after.suffix(12)), number >= 1, number <= count, Self.id(number) == after else {
                return Self.errors("Invalid cursor: \(after)", code: "INVALID_INPUT")
            }
            start = number
        }
        let end = min(count, start + first)
        let nodes: [StandInJSON] = start < end ? (start + 1...end).map(user) : []
        let pageInfo: StandInJSON = .object([
            ("hasNextPage", .bool(end < count)), ("endCursor", end > start ? .string(Self.id(end)) : .null),
        ])
        return PagingPeople.json(.object([("data", .object([("users", .object([("nodes", .array(nodes)), ("pageInfo", pageInfo)]))]))]))
    }

    private func user(_ number: Int) -> StandInJSON {
        let person = people.person(number)
        return .object([
            ("id", .string(Self.id(number))), ("name", .string("\(person.first) \(person.last)")),
            ("displayName", .string(person.first.lowercased())), ("email", .string(person.email)), ("active", .bool(number % 9 != 0)),
        ])
    }

    private static func errors(_ message: String, code: String) -> HTTPResponse {
        PagingPeople.json(.object([
            ("data", .null), ("errors", .array([.object([("message", .string(message)), ("extensions", .object([("code", .string(code))]))])])),
        ]))
    }
}
