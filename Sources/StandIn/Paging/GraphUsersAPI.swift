import FlyingFox
import Foundation

/// Microsoft Graph's users, served under `/msgraph`: `GET /msgraph/v1.0/users` answers OData's
/// `{"@odata.context", "value", "@odata.nextLink"}`, `$top` 100 by default (1 to 999), the next
/// page's whole URL under a key that holds dots and carrying an opaque `$skiptoken`, absent on
/// the last page. As Graph documents, a page may hold no users and still have a next link:
/// here every page of users is followed by two empty ones. A skip token it didn't make is
/// Graph's 400.
struct GraphUsersAPI: StandInAPI {
    static let defaultTop = 100
    static let maximumTop = 999
    /// The empty pages after each page of users.
    static let emptyPages = 2

    private let people: PagingPeople
    private let count: Int

    let prefix = "/msgraph"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.graphUsers)
    }

    var routes: [StandInRoute] {
        [StandInRoute("msgraph.users", .GET, "/v1.0/users") { request in users(request) }]
    }

    func notFound() -> HTTPResponse {
        Self.error("Request_ResourceNotFound", "Resource not found.", status: .notFound)
    }

    func internalError() -> HTTPResponse {
        Self.error("generalException", "An internal server error occurred.", status: .internalServerError)
    }

    /// `o=<offset>;e=<empty pages still to send before it>` as a skip token.
    private func users(_ request: StandInRequest) -> HTTPResponse {
        let top = PagingPeople.number(request, "$top", in: 1...Self.maximumTop, default: Self.defaultTop)
        var offset = 0, empty = 0
        if let token = request.http.query["$skiptoken"] {
            let parts = PagingPeople.untoken(token)?.split(separator: ";").map { $0.split(separator: "=") }
            guard let parts, parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let o = Int(parts[0][1]), let e = Int(parts[1][1]),
                  (0...count).contains(o), (0...Self.emptyPages).contains(e)
            else {
                return Self.error("Request_BadRequest", "Invalid skip token.", status: .badRequest)
            }
            (offset, empty) = (o, e)
        }
        let base = PagingPeople.base(request, prefix) + "/v1.0"
        var value: [StandInJSON] = []
        var next: (offset: Int, empty: Int)?
        if empty > 0 {
            next = (offset, empty - 1)
        } else {
            let end = min(count, offset + top)
            value = offset < end ? (offset + 1...end).map(user) : []
            if end < count { next = (end, Self.emptyPages) }
        }
        var fields: [(String, StandInJSON)] = [("@odata.context", .string("\(base)/$metadata#users")), ("value", .array(value))]
        if let next {
            let token = PagingPeople.token("o=\(next.offset);e=\(next.empty)")
            let encoded = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
            fields.append(("@odata.nextLink", .string("\(base)/users?$top=\(top)&$skiptoken=\(encoded)")))
        }
        return PagingPeople.json(.object(fields))
    }

    private func user(_ number: Int) -> StandInJSON {
        let person = people.person(number)
        let guid = "6e7b0000-0000-4000-8000-" + String(format: "%012d", number)
        return .object([
            ("businessPhones", .array([])), ("displayName", .string("\(person.first) \(person.last)")),
            ("givenName", .string(person.first)), ("jobTitle", number % 4 == 0 ? .null : .string("Engineer")),
            ("mail", .string(person.email)), ("surname", .string(person.last)), ("userPrincipalName", .string(person.email)),
            ("id", .string(guid)),
        ])
    }

    private static func error(_ code: String, _ message: String, status: HTTPStatusCode) -> HTTPResponse {
        PagingPeople.json(.object([("error", .object([("code", .string(code)), ("message", .string(message))]))]), status: status)
    }
}
