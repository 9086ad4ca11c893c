import FlyingFox
import Foundation
import Logging

/// The one FlyingFox handler: finds the API and route for a request, counts it, applies latency
/// and injected failures, and answers misses the way the owning API would (404, 405).
struct StandInRouter: HTTPHandler {
    private struct Mount: Sendable {
        let api: any StandInAPI
        let routes: [StandInRoute]
    }

    private let mounts: [Mount]
    private let state: StandInState
    private let control: StandInControl
    private let logger: Logger
    private let hostileBodies = StandInMemo<HostileKey, Data?>()

    private struct HostileKey: Hashable, Sendable {
        let route: String
        let hostility: StandInHostility
    }

    /// A router over `apis`, longest prefix first so `/foods/...` is never taken by the root API.
    init(apis: [any StandInAPI], state: StandInState, logger: Logger) {
        mounts = apis
            .sorted { $0.prefix.count > $1.prefix.count }
            .map { Mount(api: $0, routes: $0.routes) }
        self.state = state
        control = StandInControl(
            state: state, routeNames: Self.routeNames(of: apis),
            controls: apis.reduce(into: [:]) { controls, api in controls.merge(api.controls) { first, _ in first } })
        self.logger = logger
    }

    /// Every route name of `apis`, in registration order.
    static func routeNames(of apis: [any StandInAPI]) -> [String] {
        var seen = Set<String>()
        return apis.flatMap(\.routes).map(\.name).filter { seen.insert($0).inserted }
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        // The raw target, decoded here, because FlyingFox's `path` is standardised by URL,
        // which drops the trailing slash that makes Werkzeug answer 404.
        let path = request.target.path(percentEncoded: false)
        if path.hasPrefix(StandInControl.prefix) {
            return await control.handle(request, path: path)
        }
        guard let mount = mounts.first(where: { Self.path(path, isUnder: $0.api.prefix) }) else {
            return try await delayed(Flask.notFound())
        }
        let relative = path.dropFirst(mount.api.prefix.count)
        let local = relative.isEmpty ? "/" : String(relative)
        let matches = mount.routes.compactMap { route in
            route.pattern.match(local).map { (route, $0) }
        }
        guard !matches.isEmpty else {
            return try await delayed(mount.api.notFound())
        }
        let allowed = matches.map(\.0.method)
        let wanted: HTTPMethod = request.method == .HEAD ? .GET : request.method
        guard let (route, parameters) = matches.first(where: { $0.0.method == wanted }) else {
            if request.method == .OPTIONS {
                let headers: HTTPHeaders = [.allow: Flask.allowValue(allowed)]
                return HTTPResponse(statusCode: .ok, headers: headers)
            }
            return try await delayed(mount.api.methodNotAllowed(allowed: allowed))
        }
        let admission = await state.admit(route.name)
        try await sleep(milliseconds: admission.latencyMilliseconds)
        var response: HTTPResponse
        if admission.fails {
            response = admission.status == 429 ? mount.api.throttled(retryAfter: admission.retryAfter) : mount.api.internalError()
        } else if let hostile = await hostileAnswer(route.name) {
            response = hostile
        } else {
            response = await answer(route, StandInRequest(http: request, parameters: parameters), api: mount.api)
        }
        if request.method == .HEAD {
            response = try await Self.withoutBody(response)
        }
        return response
    }

    private func answer(_ route: StandInRoute, _ request: StandInRequest, api: any StandInAPI) async -> HTTPResponse {
        do {
            return try await route.handler(request)
        } catch {
            logger.error("stand-in handler \(route.name) failed: \(error)")
            return api.internalError()
        }
    }

    /// The list under the hostile switches, when they are on and `route` is a list.
    private func hostileAnswer(_ route: String) async -> HTTPResponse? {
        let hostility = await state.hostility
        guard hostility.isOn else { return nil }
        let key = HostileKey(route: route, hostility: hostility)
        let made = await hostileBodies.value(for: key) {
            HostileLists.body(route: route, hostility: hostility, cities: DirectoryCatalog.cities)
        }
        guard let body = made else { return nil }
        let headers: HTTPHeaders = [.contentType: "application/json"]
        guard hostility.trickleMilliseconds > 0 else {
            return HTTPResponse(statusCode: .ok, headers: headers, body: body)
        }
        let trickle = TrickleBody(data: body, milliseconds: hostility.trickleMilliseconds)
        return HTTPResponse(statusCode: .ok, headers: headers, body: HTTPBodySequence(from: trickle, count: body.count))
    }

    // Misses are slow too: the latency switch imitates a slow server, not a slow handler.
    private func delayed(_ response: HTTPResponse) async throws -> HTTPResponse {
        try await sleep(milliseconds: await state.latencyMilliseconds)
        return response
    }

    // Cancellation (the server is stopping) ends the wait with an error rather than an early
    // answer, so a delayed request never gets its data sooner than the latency says.
    private func sleep(milliseconds: Int) async throws {
        guard milliseconds > 0 else { return }
        try await Task.sleep(for: .milliseconds(milliseconds))
    }

    private static func path(_ path: String, isUnder prefix: String) -> Bool {
        prefix.isEmpty || path == prefix || path.hasPrefix(prefix + "/")
    }

    // A HEAD answer keeps the GET's headers, Content-Length included, but sends no body.
    private static func withoutBody(_ response: HTTPResponse) async throws -> HTTPResponse {
        var headers = response.headers
        headers[.contentLength] = String(try await response.bodyData.count)
        return HTTPResponse(version: response.version, statusCode: response.statusCode, headers: headers, body: Data())
    }
}
