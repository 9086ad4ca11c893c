import FlyingFox

/// One imitated REST API: where it lives, its routes, and how it words the errors the router
/// produces for it. Each API is one file (`PeopleAPI.swift`, ...) listed in `StandInCatalog`.
protocol StandInAPI: Sendable {
    /// The path prefix the API is served under, `""` for the root (the ME server's own layout).
    var prefix: String { get }
    /// The API's endpoints, with paths relative to `prefix`.
    var routes: [StandInRoute] { get }
    /// The answer for a path under `prefix` that no route matches.
    func notFound() -> HTTPResponse
    /// The answer for a known path asked with a method it does not take.
    func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPResponse
    /// The answer when a request is made to fail (fail rate or a forced failure).
    func internalError() -> HTTPResponse
    /// Switches of this API's own under `/__standin/<name>` (POST), by name.
    var controls: [String: StandInControl.Handler] { get }
}

extension StandInAPI {
    // Werkzeug's pages: most imitated servers are not Flask, but an unconfigured error page
    // is a fair stand-in until an API says otherwise.
    func notFound() -> HTTPResponse {
        Flask.notFound()
    }

    func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPResponse {
        Flask.errorPage(.methodNotAllowed, headers: [.allow: Flask.allowValue(allowed)])
    }

    func internalError() -> HTTPResponse {
        Flask.internalServerError()
    }

    var controls: [String: StandInControl.Handler] { [:] }
}
