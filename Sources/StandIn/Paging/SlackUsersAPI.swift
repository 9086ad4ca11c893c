import FlyingFox
import Foundation

/// Slack's `users.list`, served under `/slack`: `GET /slack/api/users.list?limit=&cursor=` with
/// `Authorization: Bearer <token>` answers `{"ok": true, "members", "cache_ts",
/// "response_metadata": {"next_cursor"}}`, `next_cursor` an opaque base64 cursor and `""` on the
/// last page. As Slack documents, a page may hold fewer members than `limit` with more to come:
/// the first page here holds 3 fewer. Every mistake is a 200 that says so: `{"ok": false,
/// "error": "not_authed"}` without a token, `invalid_auth` with a wrong one, `invalid_cursor`.
struct SlackUsersAPI: StandInAPI {
    static let defaultLimit = 100
    static let maximumLimit = 1000

    private let people: PagingPeople
    private let count: Int
    private let token: String

    let prefix = "/slack"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.slackMembers)
        token = options.slackToken
    }

    var routes: [StandInRoute] {
        [StandInRoute("slack.users", .GET, "/api/users.list") { request in users(request) }]
    }

    /// `U0ROLO0007` for member 7.
    static func id(_ number: Int) -> String {
        "U0ROLO" + String(format: "%04d", number)
    }

    private func users(_ request: StandInRequest) -> HTTPResponse {
        guard let authorization = request.http.headers[.authorization] else { return Self.failure("not_authed") }
        guard authorization == "Bearer \(token)" else { return Self.failure("invalid_auth") }
        let limit = PagingPeople.number(request, "limit", in: 1...Self.maximumLimit, default: Self.defaultLimit)
        var start = 0
        if let cursor = request.http.query["cursor"], !cursor.isEmpty {
            guard let text = PagingPeople.untoken(cursor), text.hasPrefix("user:"),
                  let number = Int(text.dropFirst("user:U0ROLO".count)), number >= 1, number <= count, Self.id(number) == text.dropFirst(5)
            else { return Self.failure("invalid_cursor") }
            start = number - 1
        }
        let end = min(count, start + (start == 0 ? max(1, limit - 3) : limit))
        let members: [StandInJSON] = start < end ? (start + 1...end).map(member) : []
        let next = end < count ? PagingPeople.token("user:\(Self.id(end + 1))") : ""
        return PagingPeople.json(.object([
            ("ok", .bool(true)), ("members", .array(members)), ("cache_ts", .int(1_700_000_000)),
            ("response_metadata", .object([("next_cursor", .string(next))])),
        ]))
    }

    private func member(_ number: Int) -> StandInJSON {
        let person = people.person(number)
        return .object([
            ("id", .string(Self.id(number))), ("team_id", .string("T0ROLO")), ("name", .string(person.first.lowercased() + String(number))),
            ("deleted", .bool(false)), ("real_name", .string("\(person.first) \(person.last)")), ("is_bot", .bool(false)),
            ("profile", .object([
                ("real_name", .string("\(person.first) \(person.last)")), ("display_name", .string(person.first)),
                ("email", .string(person.email)), ("image_72", .string("https://avatars.slack-edge.com/\(number)_72.png")),
            ])),
        ])
    }

    private static func failure(_ error: String) -> HTTPResponse {
        PagingPeople.json(.object([("ok", .bool(false)), ("error", .string(error))]))
    }
}
