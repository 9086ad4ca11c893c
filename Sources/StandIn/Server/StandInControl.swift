import FlyingFox
import Foundation

/// The `/__standin/...` endpoints through which tests that run the real binary (and cannot call
/// Swift) read counters and flip switches. They are never counted, delayed or failed.
struct StandInControl: Sendable {
    /// The path prefix of every control endpoint.
    static let prefix = "/__standin/"

    /// Answers an API's own control endpoint from its query.
    typealias Handler = @Sendable ([HTTPRequest.QueryItem]) async -> HTTPResponse

    let state: StandInState
    let routeNames: [String]
    /// The APIs' own switches (``StandInAPI/controls``), by name.
    var controls: [String: Handler] = [:]

    /// Answers a request whose path starts with `prefix`.
    func handle(_ request: HTTPRequest, path: String) async -> HTTPResponse {
        let action = String(path.dropFirst(Self.prefix.count))
        let method: HTTPMethod = action == "stats" ? .GET : .POST
        guard ["stats", "fail", "latency", "hostile", "reset"].contains(action) || controls[action] != nil else {
            return Self.answer(.notFound, ["error": .string("unknown control endpoint \(path)")])
        }
        guard request.method == method else {
            return Self.answer(.methodNotAllowed, ["error": .string("use \(method.rawValue) \(path)")])
        }
        if let control = controls[action] { return await control(request.query) }
        switch action {
        case "stats":
            let counts = await state.allCounts()
            return Self.answer(.ok, counts.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
        case "fail":
            return await fail(request.query)
        case "hostile":
            return await hostile(request.query)
        case "latency":
            guard let milliseconds = request.query["ms"].flatMap(Int.init), milliseconds >= 0 else {
                return Self.answer(.badRequest, ["error": .string("latency needs ms=<milliseconds ≥ 0>")])
            }
            await state.setLatency(milliseconds: milliseconds)
            return Self.answer(.ok, ["latency_ms": .int(milliseconds)])
        default:
            await state.reset()
            return Self.answer(.ok, ["reset": .bool(true)])
        }
    }

    private func fail(_ query: [HTTPRequest.QueryItem]) async -> HTTPResponse {
        guard let route = query["route"], routeNames.contains(route) else {
            let known = routeNames.joined(separator: ", ")
            return Self.answer(.badRequest, ["error": .string("fail needs route=<one of \(known)>")])
        }
        let count = query["count"].map { Int($0) } ?? 1
        guard let count, count >= 0 else {
            return Self.answer(.badRequest, ["error": .string("fail needs count=<number ≥ 0>")])
        }
        let status = query["status"].map { Int($0) } ?? 500
        let retryAfter = query["retry-after"].map { Int($0) } ?? nil
        guard let status, status == 500 || status == 429, retryAfter.map({ $0 >= 0 }) ?? true else {
            return Self.answer(.badRequest, ["error": .string("fail takes status=500 (the default) or 429, and retry-after=<seconds ≥ 0>")])
        }
        await state.setFailure(route, remaining: count, status: status, retryAfter: retryAfter)
        return Self.answer(.ok, ["route": .string(route), "count": .int(count), "status": .int(status)])
    }

    /// `hostile?records=N&huge=N&bad=N&trickle=MS`: each missing one is off.
    private func hostile(_ query: [HTTPRequest.QueryItem]) async -> HTTPResponse {
        var values: [String: Int] = [:]
        for name in ["records", "huge", "bad", "trickle"] {
            guard let text = query[name] else { continue }
            guard let value = Int(text), value >= 0 else {
                return Self.answer(.badRequest, ["error": .string("hostile needs \(name)=<number ≥ 0>")])
            }
            values[name] = value
        }
        let hostility = StandInHostility(
            records: values["records"] ?? 0, hugeField: values["huge"] ?? 0, badRecords: values["bad"] ?? 0,
            trickleMilliseconds: values["trickle"] ?? 0)
        await state.setHostility(hostility)
        return Self.answer(.ok, [
            ("records", .int(hostility.records)), ("huge", .int(hostility.hugeField)),
            ("bad", .int(hostility.badRecords)), ("trickle", .int(hostility.trickleMilliseconds)),
        ])
    }

    static func answer(_ status: HTTPStatusCode, _ members: KeyValuePairs<String, StandInJSON>) -> HTTPResponse {
        answer(status, members.map { ($0.key, $0.value) })
    }

    private static func answer(_ status: HTTPStatusCode, _ members: [(String, StandInJSON)]) -> HTTPResponse {
        HTTPResponse(
            statusCode: status,
            headers: [.contentType: "application/json"],
            body: StandInJSON.object(members).encoded(.compact)
        )
    }
}
