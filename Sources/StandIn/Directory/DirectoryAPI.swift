import FlyingFox
import Foundation

/// The Tallinn and Tartu `employee_list` services (seed 001) under `/directory/<city>/`: the
/// real shape (`{"employees": [...]}`, optional keys absent rather than null), data that
/// changes every minute, and nginx's pages for errors, as the real hosts sit behind nginx.
struct DirectoryAPI: StandInAPI {
    private let options: StandInOptions

    /// Served under `/directory`, one path segment per city.
    let prefix = "/directory"

    /// The API generated from `options`.
    init(options: StandInOptions) {
        self.options = options
    }

    var routes: [StandInRoute] {
        DirectoryCatalog.cities.map { city in
            StandInRoute("directory.\(city)", .GET, "/\(city)/employee_list") { _ in
                listing(city)
            }
        }
    }

    func notFound() -> HTTPResponse {
        Self.nginxPage(.notFound)
    }

    func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPResponse {
        Self.nginxPage(.methodNotAllowed)
    }

    func internalError() -> HTTPResponse {
        Self.nginxPage(.internalServerError)
    }

    private func listing(_ city: String) -> HTTPResponse {
        switch options.directoryModes[city] ?? .ok {
        case .fail:
            return internalError()
        case .invalid:
            let body = Self.body(city: city, options: options)
            return Self.json(body.prefix(body.count * 3 / 5))
        case .ok:
            return Self.json(Self.body(city: city, options: options))
        }
    }

    /// The listing of `city` for the options' fixed minute, or for the current one.
    static func body(city: String, options: StandInOptions) -> Data {
        let minute = options.directoryFixedMinute ?? DirectoryCatalog.minute(at: Date())
        let people = DirectoryCatalog.people(city: city, minute: minute, seed: options.seed)
        return StandInJSON.object([("employees", .array(people.map(\.json)))]).encoded(.compact)
    }

    private static func json(_ body: Data) -> HTTPResponse {
        HTTPResponse(
            statusCode: .ok, headers: [.contentType: "application/json", .server: "nginx"], body: body)
    }

    /// nginx's built-in error page for `status`.
    static func nginxPage(_ status: HTTPStatusCode) -> HTTPResponse {
        let title = "\(status.code) \(status.phrase)"
        let page = "<html>\r\n<head><title>\(title)</title></head>\r\n<body>\r\n<center><h1>\(title)</h1></center>\r\n"
            + "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
        return HTTPResponse(
            statusCode: status, headers: [.contentType: "text/html", .server: "nginx"], body: Data(page.utf8))
    }
}
