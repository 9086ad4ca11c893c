import FlyingFox
import Foundation
import Logging

/// randomuser.me, served under `/randomuser` so its base URL is
/// `http://127.0.0.1:<port>/randomuser/api/`: `?results&page&seed` pages in the real shape
/// (`{"results": [...], "info": {...}}`), portraits at `/randomuser/portraits/<size>/<n>.jpg`,
/// `{"error": ...}` for more than 5000 results, and 429s behind
/// ``StandInOptions/randomUserRateLimitedRequests``.
struct RandomUserAPI: StandInAPI {
    /// The real API's `info.version`.
    static let version = "1.4"

    private let catalog: RandomUserCatalog
    /// Square edge in pixels by the size's path segment, as on randomuser.me.
    static let portraitSizes = ["large": 128, "med": 72, "thumb": 48]

    private let portraits: SquarePortraits
    private let rateLimit: RandomUserRateLimit

    /// Served under `/randomuser`, apart from the other APIs.
    let prefix = "/randomuser"

    /// The API over the persons generated from `options`.
    init(options: StandInOptions, logger: Logger) {
        catalog = RandomUserCatalog(seed: options.seed)
        // Numbered from 10,000 so these faces differ from the people API's employees 1...N.
        portraits = SquarePortraits(seed: options.seed, firstID: 10_000, name: "randomuser portrait", logger: logger)
        rateLimit = RandomUserRateLimit(remaining: options.randomUserRateLimitedRequests)
    }

    var routes: [StandInRoute] {
        [
            // The real API answers with and without the trailing slash.
            StandInRoute("randomuser.page", .GET, "/api/") { request in
                await page(request)
            },
            StandInRoute("randomuser.page", .GET, "/api") { request in
                await page(request)
            },
            StandInRoute("randomuser.avatar", .GET, "/portraits/<size>/<file>") { request in
                await avatar(request)
            },
        ]
    }

    func notFound() -> HTTPResponse {
        Self.json(.object([("error", .string("Not found"))]), status: .notFound)
    }

    func internalError() -> HTTPResponse {
        Self.json(
            .object([("error", .string(
                "Uh oh, something has gone wrong. Please tweet us @randomapi about the issue. Thank you."))]),
            status: .internalServerError)
    }

    private func page(_ request: StandInRequest) async -> HTTPResponse {
        if await rateLimit.take() {
            return Self.json(
                .object([("error", .string("Too many requests, please wait a minute and try again"))]),
                status: .tooManyRequests)
        }
        let query = request.http.query
        let results = query["results"].flatMap { Int($0) }.map { max(1, $0) } ?? 1
        // The real API sends its errors with a 200, which is why clients must look at the body.
        guard results <= RandomUserCatalog.maximumResults else {
            return Self.json(.object([("error", .string(
                "You may not request more than \(RandomUserCatalog.maximumResults) results at once"))]))
        }
        let page = query["page"].flatMap { Int($0) }.map { max(1, $0) } ?? 1
        let seed = query["seed"].flatMap { $0.isEmpty ? nil : $0 } ?? catalog.defaultSeed()
        let host = request.http.headers[.host] ?? "127.0.0.1"
        let persons = catalog.persons(
            seed: seed, page: page, count: results, portraitBase: "http://\(host)\(prefix)/portraits")
        return Self.json(.object([
            ("results", .array(persons)),
            ("info", .object([
                ("seed", .string(seed)), ("results", .int(results)), ("page", .int(page)),
                ("version", .string(Self.version)),
            ])),
        ]))
    }

    private func avatar(_ request: StandInRequest) async -> HTTPResponse {
        let file = request.parameters["file", default: ""]
        guard let edge = Self.portraitSizes[request.parameters["size", default: ""]],
            file.hasSuffix(".jpg"), let number = Int(file.dropLast(4)),
            (0..<RandomUserCatalog.portraitCount).contains(number)
        else { return notFound() }
        return HTTPResponse(
            statusCode: .ok, headers: [.contentType: "image/jpeg"],
            body: await portraits.jpeg(number: number, edge: edge))
    }

    /// Compact UTF-8 JSON with its content type, as randomuser.me sends it.
    private static func json(_ value: StandInJSON, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(
            statusCode: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: value.encoded(.compact))
    }
}
