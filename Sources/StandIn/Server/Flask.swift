import Foundation
import FlyingFox

/// Responses exactly as a Flask / Flask-RESTful app in debug mode sends them (the ME server is
/// one): Werkzeug's HTML error pages and Flask-RESTful's JSON representation.
enum Flask {
    /// Werkzeug's description for each error page, word for word.
    private static let descriptions: [Int: String] = [
        404: "The requested URL was not found on the server. If you entered the URL manually "
            + "please check your spelling and try again.",
        405: "The method is not allowed for the requested URL.",
        500: "The server encountered an internal error and was unable to complete your request. "
            + "Either the server is overloaded or there is an error in the application.",
    ]

    /// The `Server` header of the Werkzeug development server.
    static let serverHeader = "Werkzeug/3.0.1 Python/3.11.2"

    /// Werkzeug's HTML page for `status` (`<!doctype html>` ... `<p>description</p>`).
    static func errorPage(_ status: HTTPStatusCode, headers: HTTPHeaders = [:]) -> HTTPResponse {
        let description = descriptions[status.code] ?? status.phrase
        let page = "<!doctype html>\n<html lang=en>\n<title>\(status.code) \(status.phrase)</title>\n"
            + "<h1>\(status.phrase)</h1>\n<p>\(description)</p>\n"
        var headers = headers
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.server] = serverHeader
        return HTTPResponse(statusCode: status, headers: headers, body: Data(page.utf8))
    }

    /// Werkzeug's 404 page, the answer for any path no route matches.
    static func notFound() -> HTTPResponse {
        errorPage(.notFound)
    }

    /// Flask's 500 page, the answer when a view raises.
    static func internalServerError() -> HTTPResponse {
        errorPage(.internalServerError)
    }

    /// A Flask-RESTful resource's return value, `output_json`: `json.dumps(value, indent=4)`
    /// plus a newline, as `application/json`.
    static func json(_ value: StandInJSON, status: HTTPStatusCode = .ok, headers: HTTPHeaders = [:]) -> HTTPResponse {
        json(encoded: value.encoded(.python), status: status, headers: headers)
    }

    /// A JSON body already written by `StandInJSON.encoded(.python)` (a cached one).
    static func json(encoded body: Data, status: HTTPStatusCode = .ok, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        headers[.server] = serverHeader
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }

    /// The `Allow` header Werkzeug sends with a 405: the route's methods plus the HEAD and
    /// OPTIONS Flask adds to every GET route.
    static func allowValue(_ allowed: [HTTPMethod]) -> String {
        var methods = Set(allowed.map(\.rawValue))
        if methods.contains("GET") {
            methods.formUnion(["HEAD", "OPTIONS"])
        }
        return methods.sorted().joined(separator: ", ")
    }
}

extension HTTPHeader {
    /// The `Server` response header.
    static let server = HTTPHeader("Server")
    /// The `Allow` header of a 405 or OPTIONS answer.
    static let allow = HTTPHeader("Allow")
}
