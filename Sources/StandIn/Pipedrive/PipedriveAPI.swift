import FlyingFox
import Foundation
import Logging

/// A Pipedrive account, served under `/pipedrive` so its base URL is
/// `http://127.0.0.1:<port>/pipedrive`: persons through API v2 (`/api/v2/persons`, cursor
/// paging) and v1 (`/v1/persons`, offset paging, with v1's quirks), the organisations v2
/// persons name by id (`/api/v2/organizations`, cursor paging) and the users (`/v1/users`, all
/// at once), notes added with `POST /v1/notes` (``PipedriveNotes``), the token checked on each,
/// `x-ratelimit-*` headers on every answer and 429s past ``StandInOptions/pipedriveBurst``
/// requests in two seconds (all counted together, as Pipedrive counts them), and Gravatar-style
/// avatars at `/pipedrive/gravatar/<sha256>`.
struct PipedriveAPI: StandInAPI {
    /// Pipedrive's default and largest page sizes.
    static let defaultLimit = 100
    static let maximumLimit = 500

    private let catalog: PipedriveCatalog
    private let avatars: SquarePortraits
    private let rateLimit: PipedriveRateLimit
    private let token: String
    private let notes: PipedriveNotes

    /// Served under `/pipedrive`, apart from the other APIs.
    let prefix = "/pipedrive"

    /// The account generated from `options`.
    init(options: StandInOptions, logger: Logger) {
        catalog = PipedriveCatalog(seed: options.seed, count: options.pipedrivePersons)
        // Numbered from 20,000 so these faces differ from the people and randomuser portraits.
        avatars = SquarePortraits(seed: options.seed, firstID: 20_000, name: "pipedrive avatar", logger: logger)
        rateLimit = PipedriveRateLimit(burst: options.pipedriveBurst)
        token = options.pipedriveToken
        notes = PipedriveNotes(persons: options.pipedrivePersons)
    }

    var routes: [StandInRoute] {
        [
            StandInRoute("pipedrive.v2", .GET, "/api/v2/persons") { request in
                await guarded(request) { v2(request) }
            },
            StandInRoute("pipedrive.v1", .GET, "/v1/persons") { request in
                await guarded(request) { v1(request) }
            },
            StandInRoute("pipedrive.organizations", .GET, "/api/v2/organizations") { request in
                await guarded(request) { organizations(request) }
            },
            StandInRoute("pipedrive.users", .GET, "/v1/users") { request in
                await guarded(request) { users() }
            },
            StandInRoute("pipedrive.notes", .POST, "/v1/notes") { request in
                await guarded(request) {
                    let body = (try? await request.http.bodyData) ?? Data()
                    let note = await notes.add(body: body, contentType: request.http.headers[.contentType])
                    return Self.json(note.json, status: note.status)
                }
            },
            StandInRoute("pipedrive.avatar", .GET, "/gravatar/<hash>") { request in
                await avatar(request)
            },
        ]
    }

    func notFound() -> HTTPResponse {
        Self.json(Self.failure("Unknown method .", code: 404), status: .notFound)
    }

    func internalError() -> HTTPResponse {
        Self.json(Self.failure("Internal server error", code: 500), status: .internalServerError)
    }

    /// The token check and the burst limit, in Pipedrive's order, then `answer`; every answer
    /// carries the rate-limit headers.
    private func guarded(_ request: StandInRequest, _ answer: () async -> HTTPResponse) async -> HTTPResponse {
        let verdict = await rateLimit.take()
        var response: HTTPResponse
        let given = request.http.headers[HTTPHeader("x-api-token")] ?? request.http.query["api_token"]
        if given != token {
            response = Self.json(
                .object([
                    ("success", .bool(false)), ("error", .string("unauthorized access")), ("errorCode", .int(401)),
                    ("error_info", .string("Please check developers.pipedrive.com")),
                ]),
                status: .unauthorized)
        } else if verdict.refused {
            response = Self.json(Self.failure("Request over limit", code: 429), status: .tooManyRequests)
        } else {
            response = await answer()
        }
        response.headers[HTTPHeader("x-ratelimit-limit")] = String(verdict.limit)
        response.headers[HTTPHeader("x-ratelimit-remaining")] = String(verdict.remaining)
        response.headers[HTTPHeader("x-ratelimit-reset")] = String(verdict.resetSeconds)
        return response
    }

    /// `?limit=&cursor=&include_fields=`.
    private func v2(_ request: StandInRequest) -> HTTPResponse {
        let deals = request.http.query["include_fields"]?.split(separator: ",").contains("open_deals_count") ?? false
        return Self.cursorPage(request, count: catalog.count) { catalog.person($0 + 1, v1: false, openDeals: deals) }
    }

    /// `?limit=&cursor=`: every listed organisation, by id.
    private func organizations(_ request: StandInRequest) -> HTTPResponse {
        Self.cursorPage(request, count: catalog.organizationCount) { catalog.organization($0 + 1) }
    }

    /// Every user at once: `/v1/users` has no paging.
    private func users() -> HTTPResponse {
        Self.json(.object([
            ("success", .bool(true)), ("data", .array(PipedriveCatalog.users.indices.map { catalog.user($0) })),
        ]))
    }

    /// Items `0..<count` a page at a time, v2 style: `?limit=&cursor=`, `additional_data.next_cursor`
    /// (null on the last page). The cursor is opaque to clients and names the next index here.
    private static func cursorPage(_ request: StandInRequest, count: Int, item: (Int) -> StandInJSON) -> HTTPResponse {
        let query = request.http.query
        let limit = Self.limit(query["limit"])
        var start = 0
        if let cursor = query["cursor"], !cursor.isEmpty {
            guard let decoded = Self.start(fromCursor: cursor) else {
                return Self.json(Self.failure("Invalid cursor", code: 400), status: .badRequest)
            }
            start = decoded
        }
        let end = min(count, start + limit)
        let items = start < end ? (start..<end).map(item) : []
        return Self.json(.object([
            ("success", .bool(true)), ("data", .array(items)),
            ("additional_data", .object([("next_cursor", end < count ? .string(Self.cursor(end)) : .null)])),
        ]))
    }

    /// `?start=&limit=`; an empty page is `"data": null`, as v1 sends it.
    private func v1(_ request: StandInRequest) -> HTTPResponse {
        let query = request.http.query
        let limit = Self.limit(query["limit"])
        let start = query["start"].flatMap { Int($0) }.map { max(0, $0) } ?? 0
        let end = min(catalog.count, start + limit)
        let persons = start < end ? (start..<end).map { catalog.person($0 + 1, v1: true) } : []
        var pagination: [(String, StandInJSON)] = [
            ("start", .int(start)), ("limit", .int(limit)), ("more_items_in_collection", .bool(end < catalog.count)),
        ]
        if end < catalog.count { pagination.append(("next_start", .int(end))) }
        return Self.json(.object([
            ("success", .bool(true)), ("data", persons.isEmpty ? .null : .array(persons)),
            ("additional_data", .object([("pagination", .object(pagination))])),
        ]))
    }

    /// `?s=` edge (Gravatar's default 80, at most 512); 404 for a hash no person's email has.
    private func avatar(_ request: StandInRequest) async -> HTTPResponse {
        guard let id = catalog.avatarOwner(request.parameters["hash", default: ""]) else {
            return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain"], body: Data("Not Found".utf8))
        }
        let edge = request.http.query["s"].flatMap { Int($0) }.map { min(512, max(1, $0)) } ?? 80
        return HTTPResponse(
            statusCode: .ok, headers: [.contentType: "image/jpeg"], body: await avatars.jpeg(number: id, edge: edge))
    }

    private static func limit(_ text: String?) -> Int {
        text.flatMap { Int($0) }.map { min(maximumLimit, max(1, $0)) } ?? defaultLimit
    }

    /// Base64 so clients treat it as opaque, as they must with the real cursors.
    private static func cursor(_ start: Int) -> String {
        Data("{\"next\":\(start)}".utf8).base64EncodedString()
    }

    private static func start(fromCursor cursor: String) -> Int? {
        guard let data = Data(base64Encoded: cursor) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasPrefix("{\"next\":"), text.hasSuffix("}") else { return nil }
        return Int(text.dropFirst(8).dropLast()).flatMap { $0 >= 0 ? $0 : nil }
    }

    private static func failure(_ text: String, code: Int) -> StandInJSON {
        .object([("success", .bool(false)), ("error", .string(text)), ("errorCode", .int(code))])
    }

    /// Compact UTF-8 JSON with its content type, as Pipedrive sends it.
    private static func json(_ value: StandInJSON, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(
            statusCode: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: value.encoded(.compact))
    }
}
