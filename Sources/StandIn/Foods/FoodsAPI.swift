import FlyingFox
import Foundation
import Logging

/// The OpenFoods server (an Express app on Heroku), served under `/foods` so its base URL is
/// `http://127.0.0.1:<port>/foods/api/v1/<userId>`, in either of its versions: the 2023 API's
/// `GET food`, a bare array of every food, or (``StandInOptions/foodsPaged``) the 2025 API's
/// `GET food/<page>`, ten foods a page with the `totalCount`. Each version answers the other's
/// list request as Express answers a route it doesn't have. Both have likes per user that
/// sometimes fail in both of the real server's ways, and photos at `/foods/photos/<id>.jpg`,
/// some of which are missing.
struct FoodsAPI: StandInAPI {
    private let foods: [FoodsEntry]
    private let paged: Bool
    private let likes: FoodsLikes
    private let photos: FoodsPhotos

    /// Served under `/foods`, apart from the ME server at the root.
    let prefix = "/foods"

    /// The API over the foods generated from `options`.
    init(options: StandInOptions, logger: Logger) {
        foods = FoodsCatalog.foods(options)
        paged = options.foodsPaged
        likes = FoodsLikes(failRate: options.foodsLikeFailRate, seed: options.seed)
        photos = FoodsPhotos(seed: options.seed, logger: logger)
    }

    var routes: [StandInRoute] {
        [
            StandInRoute("foods.list", .GET, "/api/v1/<user>/food") { request in
                paged ? Self.cannotGet(request) : await list(request)
            },
            StandInRoute("foods.page", .GET, "/api/v1/<user>/food/<page>") { request in
                paged ? await page(request) : Self.cannotGet(request)
            },
            StandInRoute("foods.like", .PUT, "/api/v1/<user>/food/<id>/like") { request in
                await setLiked(true, request)
            },
            StandInRoute("foods.unlike", .PUT, "/api/v1/<user>/food/<id>/unlike") { request in
                await setLiked(false, request)
            },
            StandInRoute("foods.photo", .GET, "/photos/<file>") { request in
                await photo(request)
            },
        ]
    }

    func notFound() -> HTTPResponse {
        Self.json(.object([("error", .string("Not found"))]), status: .notFound)
    }

    func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPResponse {
        var response = Self.json(.object([("error", .string("Method not allowed"))]), status: .methodNotAllowed)
        response.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
        return response
    }

    func internalError() -> HTTPResponse {
        Self.json(.object([("error", .string("Internal server error"))]), status: .internalServerError)
    }

    /// Foods a page of the 2025 API.
    static let pageSize = 10

    /// The 2023 API's `GET food`: every food.
    private func list(_ request: StandInRequest) async -> HTTPResponse {
        Self.json(.array(await objects(foods[...], request)))
    }

    /// The 2025 API's `GET food/<page>`: the page's foods (none past the end) and the total.
    private func page(_ request: StandInRequest) async -> HTTPResponse {
        guard let number = request.integer("page"), number >= 0 else {
            return Self.json(.object([("error", .string("Invalid page"))]), status: .badRequest)
        }
        let start = number.multipliedReportingOverflow(by: Self.pageSize)
        let range = start.overflow || start.partialValue >= foods.count
            ? foods.endIndex..<foods.endIndex : start.partialValue..<min(foods.count, start.partialValue + Self.pageSize)
        let objects = await objects(foods[range], request)
        return Self.json(.object([("foods", .array(objects)), ("totalCount", .int(foods.count))]))
    }

    /// `foods` as the user of the request sees them, with their likes.
    private func objects(_ foods: ArraySlice<FoodsEntry>, _ request: StandInRequest) async -> [StandInJSON] {
        let user = request.parameters["user", default: ""]
        let marks = await likes.marks(of: user)
        let host = request.http.headers[.host] ?? "127.0.0.1"
        return foods.map { food in
            object(food, mark: marks[food.id], photoBase: "http://\(host)\(prefix)/photos")
        }
    }

    /// Express's answer to a GET it has no route for: a 404 with a small HTML page naming the
    /// path as the real server sees it (without the stand-in's `/foods`).
    static func cannotGet(_ request: StandInRequest) -> HTTPResponse {
        let path = request.http.target.path(percentEncoded: true)
        let local = path.hasPrefix("/foods/") ? String(path.dropFirst("/foods".count)) : path
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Error</title>
            </head>
            <body>
            <pre>Cannot GET \(Self.escapedHTML(local))</pre>
            </body>
            </html>

            """
        return HTTPResponse(
            statusCode: .notFound,
            headers: [.contentType: "text/html; charset=utf-8", poweredBy: "Express",
                      HTTPHeader("Content-Security-Policy"): "default-src 'none'",
                      HTTPHeader("X-Content-Type-Options"): "nosniff"],
            body: Data(page.utf8))
    }

    private static func escapedHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private func setLiked(_ liked: Bool, _ request: StandInRequest) async -> HTTPResponse {
        guard let id = request.integer("id"), foods.indices.contains(id - 1) else {
            return Self.json(.object([("error", .string("Food not found"))]), status: .notFound)
        }
        let user = request.parameters["user", default: ""]
        switch await likes.set(liked, id: id, user: user, now: Date()) {
        case .saved:
            return Self.json(.object([("success", .bool(true))]))
        case .notSaved:
            return Self.json(.object([("success", .bool(false))]))
        case .refused:
            return Self.json(
                .object([("error", .string("Could not update the food, please try again"))]),
                status: .internalServerError)
        }
    }

    private func photo(_ request: StandInRequest) async -> HTTPResponse {
        let file = request.parameters["file", default: ""]
        guard file.hasSuffix(".jpg"), let id = Int(file.dropLast(4)), foods.indices.contains(id - 1),
            foods[id - 1].hasPhoto
        else { return notFound() }
        return HTTPResponse(
            statusCode: .ok, headers: [.contentType: "image/jpeg", Self.poweredBy: "Express"],
            body: await photos.jpeg(id: id))
    }

    private func object(_ food: FoodsEntry, mark: FoodsLikes.Mark?, photoBase: String) -> StandInJSON {
        .object([
            ("id", .int(food.id)),
            ("name", .string(food.name)),
            ("isLiked", .bool(mark?.isLiked ?? food.isLiked)),
            ("photoURL", .string("\(photoBase)/\(food.id).jpg")),
            ("description", .string(food.description)),
            ("countryOfOrigin", .string(food.countryOfOrigin)),
            ("lastUpdatedDate", .string(mark?.lastUpdatedDate ?? food.lastUpdatedDate)),
        ])
    }

    private static let poweredBy = HTTPHeader("X-Powered-By")

    /// Express's `res.json`: compact UTF-8 JSON with its content type.
    private static func json(_ value: StandInJSON, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(
            statusCode: status,
            headers: [.contentType: "application/json; charset=utf-8", poweredBy: "Express"],
            body: value.encoded(.compact))
    }
}
