import FlyingFox
import Foundation
import Logging

/// GitHub's organisation members, served under `/github` so an organisation's list is
/// `http://127.0.0.1:<port>/github/orgs/<org>/members`: a bare array paged with `per_page`
/// (30 by default, at most 100) and `page`, the next page named only by the `Link` header
/// (RFC 8288, with `prev`, `first` and `last` as GitHub sends them), each user in full at
/// `/github/users/<login>`, avatars at `/github/avatars/u/<id>`, and GitHub's rate limit: every
/// answer carries `x-ratelimit-*`, and ``StandInOptions/orgMembersRateLimitedRequests`` of them
/// are refused with its 403. With ``StandInOptions/orgMembersToken`` set, a request without
/// `Authorization: Bearer <token>` gets GitHub's 401.
struct OrgMembersAPI: StandInAPI {
    static let defaultPerPage = 30
    static let maximumPerPage = 100

    private let catalog: OrgMembersCatalog
    private let avatars: SquarePortraits
    private let token: String?
    private let rateLimit: RandomUserRateLimit

    let prefix = "/github"

    /// The API over the members generated from `options`.
    init(options: StandInOptions, logger: Logger) {
        catalog = OrgMembersCatalog(seed: options.seed, count: options.orgMembers)
        // Numbered from 30,000 so these faces differ from the other APIs'.
        avatars = SquarePortraits(seed: options.seed, firstID: 30_000, name: "org member avatar", logger: logger)
        token = options.orgMembersToken
        rateLimit = RandomUserRateLimit(remaining: options.orgMembersRateLimitedRequests)
    }

    var routes: [StandInRoute] {
        [
            StandInRoute("github.members", .GET, "/orgs/<org>/members") { request in
                await guarded(request) { members(request) }
            },
            StandInRoute("github.user", .GET, "/users/<login>") { request in
                await guarded(request) { user(request) }
            },
            StandInRoute("github.avatar", .GET, "/avatars/u/<int:id>") { request in
                await avatar(request)
            },
        ]
    }

    func notFound() -> HTTPResponse {
        Self.message("Not Found", status: .notFound)
    }

    func internalError() -> HTTPResponse {
        Self.message("Server Error", status: .internalServerError)
    }

    /// The token check and the rate limit, in GitHub's order, then `answer`.
    private func guarded(_ request: StandInRequest, _ answer: () -> HTTPResponse) async -> HTTPResponse {
        if let token, request.http.headers[.authorization] != "Bearer \(token)" {
            return Self.message("Bad credentials", status: .unauthorized)
        }
        // The reset is a Unix time, as GitHub writes it; a second ahead, so a client that
        // honours it waits briefly.
        let reset = String(Int(Date().timeIntervalSince1970) + 1)
        var response: HTTPResponse
        let refused = await rateLimit.take()
        if refused {
            response = Self.message("API rate limit exceeded for 127.0.0.1.", status: .forbidden)
        } else {
            response = answer()
        }
        response.headers[HTTPHeader("x-ratelimit-limit")] = "5000"
        response.headers[HTTPHeader("x-ratelimit-remaining")] = refused ? "0" : "4999"
        response.headers[HTTPHeader("x-ratelimit-reset")] = reset
        return response
    }

    /// `?per_page=&page=`: a page past the last is `[]` with only `prev` and `first` links.
    private func members(_ request: StandInRequest) -> HTTPResponse {
        guard request.parameters["org"] == OrgMembersCatalog.organization else { return notFound() }
        let query = request.http.query
        let perPage = query["per_page"].flatMap { Int($0) }.map { min(Self.maximumPerPage, max(1, $0)) } ?? Self.defaultPerPage
        let page = query["page"].flatMap { Int($0) }.map { max(1, $0) } ?? 1
        let start = (page - 1) * perPage
        let end = min(catalog.count, start + perPage)
        let members = start < end ? (start..<end).map { catalog.member($0 + 1, base: base(request)) } : []
        var response = Self.json(.array(members))
        let last = max(1, (catalog.count + perPage - 1) / perPage)
        let link = { (number: Int, relation: String) in
            "<\(base(request))/orgs/\(OrgMembersCatalog.organization)/members?per_page=\(perPage)&page=\(number)>; rel=\"\(relation)\""
        }
        var links: [String] = []
        if page > 1 { links.append(link(min(page - 1, last), "prev")) }
        if page < last { links += [link(page + 1, "next"), link(last, "last")] }
        if page > 1 { links.append(link(1, "first")) }
        if !links.isEmpty { response.headers[HTTPHeader("link")] = links.joined(separator: ", ") }
        return response
    }

    private func user(_ request: StandInRequest) -> HTTPResponse {
        guard let number = catalog.number(ofLogin: request.parameters["login", default: ""]) else { return notFound() }
        return Self.json(catalog.user(number, base: base(request)))
    }

    private func avatar(_ request: StandInRequest) async -> HTTPResponse {
        guard let number = request.integer("id").flatMap(catalog.number(ofID:)) else { return notFound() }
        let edge = request.http.query["s"].flatMap { Int($0) }.map { min(460, max(1, $0)) } ?? 96
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/jpeg"], body: await avatars.jpeg(number: number, edge: edge))
    }

    /// `http://<host>/github`, from the request's `Host`, as the real API's links are absolute.
    private func base(_ request: StandInRequest) -> String {
        "http://\(request.http.headers[.host] ?? "127.0.0.1")\(prefix)"
    }

    private static func message(_ text: String, status: HTTPStatusCode) -> HTTPResponse {
        json(.object([("message", .string(text)), ("documentation_url", .string("https://docs.github.com/rest"))]), status: status)
    }

    private static func json(_ value: StandInJSON, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json; charset=utf-8"], body: value.encoded(.compact))
    }
}
