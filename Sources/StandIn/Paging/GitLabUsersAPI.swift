import FlyingFox
import Foundation

/// GitLab's users, served under `/gitlab`: `GET /gitlab/api/v4/users?page=&per_page=` answers a
/// bare array, `per_page` 20 by default (at most 100), and says where it is only in headers:
/// `X-Page`, `X-Per-Page`, `X-Next-Page` and `X-Prev-Page` (empty when there is none),
/// `X-Total`, `X-Total-Pages` and a `Link` header. A page past the last is `[]`.
struct GitLabUsersAPI: StandInAPI {
    static let defaultPerPage = 20
    static let maximumPerPage = 100

    private let people: PagingPeople
    private let count: Int

    let prefix = "/gitlab"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.gitlabUsers)
    }

    var routes: [StandInRoute] {
        [StandInRoute("gitlab.users", .GET, "/api/v4/users") { request in users(request) }]
    }

    func notFound() -> HTTPResponse {
        PagingPeople.json(.object([("message", .string("404 Not Found"))]), status: .notFound)
    }

    func internalError() -> HTTPResponse {
        PagingPeople.json(.object([("message", .string("500 Internal Server Error"))]), status: .internalServerError)
    }

    private func users(_ request: StandInRequest) -> HTTPResponse {
        let perPage = PagingPeople.number(request, "per_page", in: 1...Self.maximumPerPage, default: Self.defaultPerPage)
        let page = PagingPeople.number(request, "page", in: 1...Int.max / Self.maximumPerPage, default: 1)
        let pages = max(1, (count + perPage - 1) / perPage)
        let start = (page - 1) * perPage, end = min(count, page * perPage)
        let base = PagingPeople.base(request, prefix)
        let users: [StandInJSON] = start < end ? (start + 1...end).map { user($0, base: base) } : []
        let link = { (number: Int, relation: String) in "<\(base)/api/v4/users?page=\(number)&per_page=\(perPage)>; rel=\"\(relation)\"" }
        var links: [String] = []
        if page > 1 { links.append(link(min(page - 1, pages), "prev")) }
        if page < pages { links.append(link(page + 1, "next")) }
        links += [link(1, "first"), link(pages, "last")]
        return PagingPeople.json(.array(users), headers: [
            ("X-Page", String(page)), ("X-Per-Page", String(perPage)),
            ("X-Next-Page", page < pages ? String(page + 1) : ""), ("X-Prev-Page", page > 1 ? String(min(page - 1, pages)) : ""),
            ("X-Total", String(count)), ("X-Total-Pages", String(pages)), ("Link", links.joined(separator: ", ")),
        ])
    }

    private func user(_ number: Int, base: String) -> StandInJSON {
        let person = people.person(number)
        let username = "\(person.first.lowercased()).\(number)"
        return .object([
            ("id", .int(number)), ("username", .string(username)), ("name", .string("\(person.first) \(person.last)")),
            ("state", .string("active")), ("locked", .bool(false)), ("avatar_url", .string("\(base)/uploads/-/system/user/avatar/\(number)/avatar.png")),
            ("web_url", .string("\(base)/\(username)")),
        ])
    }
}
