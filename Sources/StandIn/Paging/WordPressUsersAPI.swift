import FlyingFox
import Foundation

/// The WordPress REST API's users, served under `/wordpress`: `GET /wordpress/wp-json/wp/v2/users
/// ?page=&per_page=` answers a bare array, `per_page` 10 by default (1 to 100), with the count in
/// `X-WP-Total` and the number of pages in `X-WP-TotalPages`; a page past the last is WordPress's
/// 400 `rest_post_invalid_page_number`, so a client must stop at the count, not at a short page.
struct WordPressUsersAPI: StandInAPI {
    static let defaultPerPage = 10
    static let maximumPerPage = 100

    private let people: PagingPeople
    private let count: Int

    let prefix = "/wordpress"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.wordpressUsers)
    }

    var routes: [StandInRoute] {
        [StandInRoute("wordpress.users", .GET, "/wp-json/wp/v2/users") { request in users(request) }]
    }

    func notFound() -> HTTPResponse {
        Self.error("rest_no_route", "No route was found matching the URL and request method.", status: .notFound)
    }

    func internalError() -> HTTPResponse {
        Self.error("internal_server_error", "There has been a critical error on this website.", status: .internalServerError)
    }

    private func users(_ request: StandInRequest) -> HTTPResponse {
        let perPage = PagingPeople.number(request, "per_page", in: 1...Self.maximumPerPage, default: Self.defaultPerPage)
        let page = PagingPeople.number(request, "page", in: 1...Int.max / Self.maximumPerPage, default: 1)
        let pages = (count + perPage - 1) / perPage
        guard page == 1 || page <= pages else {
            return Self.error("rest_post_invalid_page_number", "The page number requested is larger than the number of pages available.", status: .badRequest)
        }
        let start = (page - 1) * perPage, end = min(count, page * perPage)
        let base = PagingPeople.base(request, prefix)
        let users: [StandInJSON] = start < end ? (start + 1...end).map { user($0, base: base) } : []
        return PagingPeople.json(.array(users), headers: [("X-WP-Total", String(count)), ("X-WP-TotalPages", String(pages))])
    }

    private func user(_ number: Int, base: String) -> StandInJSON {
        let person = people.person(number)
        let slug = "\(person.first.lowercased())-\(number)"
        let avatar = { (size: Int) in StandInJSON.string("https://secure.gravatar.com/avatar/\(number)?s=\(size)&d=mm&r=g") }
        return .object([
            ("id", .int(number)), ("name", .string("\(person.first) \(person.last)")), ("url", .string("")),
            ("description", .string("")), ("link", .string("\(base)/author/\(slug)/")), ("slug", .string(slug)),
            ("avatar_urls", .object([("24", avatar(24)), ("48", avatar(48)), ("96", avatar(96))])),
        ])
    }

    private static func error(_ code: String, _ message: String, status: HTTPStatusCode) -> HTTPResponse {
        PagingPeople.json(.object([
            ("code", .string(code)), ("message", .string(message)), ("data", .object([("status", .int(Int(status.code)))])),
        ]), status: status)
    }
}
