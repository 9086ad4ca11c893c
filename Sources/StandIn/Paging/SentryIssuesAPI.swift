import FlyingFox
import Foundation

/// Sentry's issues, served under `/__paging/sentry`: `GET
/// /api/0/organizations/rolo/issues/?cursor=0:<offset>:0&limit=` answers a bare array, `limit`
/// 100 by default and at most, and says where it is only in its `Link` header: a
/// `rel="previous"` and a `rel="next"` link, each with `results="true"` or `"false"` and its
/// `cursor`. As Sentry does, it always sends both, the last page's next link saying
/// `results="false"`, and builds each link from the request's other parameters and `&cursor=`
/// (so `?&cursor=` when there are none). A cursor that isn't `value:offset:is_prev` is Sentry's
/// 400.
struct SentryIssuesAPI: StandInAPI {
    static let defaultLimit = 100
    static let maximumLimit = 100
    static let issuesPath = "/api/0/organizations/rolo/issues/"
    private static let errors = ["TypeError", "ValueError", "KeyError", "ZeroDivisionError"]

    private let people: PagingPeople
    private let count: Int

    let prefix = "/__paging/sentry"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.sentryIssues)
    }

    var routes: [StandInRoute] {
        [StandInRoute("sentry.issues", .GET, Self.issuesPath) { request in issues(request) }]
    }

    /// Sentry's 404 `{"detail"}`, for a path it doesn't serve.
    func notFound() -> HTTPResponse {
        Self.detail("The requested resource does not exist", status: .notFound)
    }

    /// Sentry's 500, which names an error id.
    func internalError() -> HTTPResponse {
        PagingPeople.json(.object([("detail", .string("Internal Error")), ("errorId", .string("5fa1c0de0000400080000000r0l0"))]),
                          status: .internalServerError)
    }

    /// A page of issues from the cursor's offset, and the `Link` header with both cursors.
    private func issues(_ request: StandInRequest) -> HTTPResponse {
        let limit = PagingPeople.number(request, "limit", in: 1...Self.maximumLimit, default: Self.defaultLimit)
        var offset = 0
        if let cursor = request.http.query["cursor"] {
            let parts = cursor.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 3, let value = parts[1], value >= 0, parts[0] != nil, [0, 1].contains(parts[2]) else {
                return Self.detail("Invalid cursor parameter.", status: .badRequest)
            }
            offset = value
        }
        let start = min(count, offset), end = start + min(limit, count - start)
        let others = request.http.query.filter { $0.name != "cursor" }.map { "\(Self.escaped($0.name))=\(Self.escaped($0.value))" }
        let base = PagingPeople.base(request, prefix) + Self.issuesPath + "?" + others.joined(separator: "&")
        let link = { (relation: String, cursor: String, results: Bool) in
            "<\(base)&cursor=\(cursor)>; rel=\"\(relation)\"; results=\"\(results)\"; cursor=\"\(cursor)\""
        }
        let next = offset > Int.max - limit ? Int.max : offset + limit
        let links = [link("previous", "0:\(max(0, offset - limit)):1", offset > 0), link("next", "0:\(next):0", next < count)]
        return PagingPeople.json(.array(start < end ? (start + 1...end).map(issue) : []), headers: [("Link", links.joined(separator: ", "))])
    }

    /// Issue `number`, named after person `number`.
    private func issue(_ number: Int) -> StandInJSON {
        let person = people.person(number)
        return .object([
            ("id", .string(String(number))), ("shortId", .string("ROLO-\(number)")),
            ("title", .string("\(Self.errors[number % Self.errors.count]) in \(person.first) \(person.last)")),
            ("status", .string("unresolved")), ("count", .string(String(number * 3))), ("lastSeen", .string("2026-12-01T00:00:00Z")),
        ])
    }

    /// `text` as Django's `QueryDict.urlencode` writes a name or value.
    private static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+;#"))) ?? text
    }

    /// Sentry's `{"detail"}` error.
    private static func detail(_ text: String, status: HTTPStatusCode) -> HTTPResponse {
        PagingPeople.json(.object([("detail", .string(text))]), status: status)
    }
}
