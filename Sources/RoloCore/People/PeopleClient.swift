import Foundation

/// The ME employees API over an ``HTTPClient``.
public struct PeopleClient: PeopleService {
    private let baseURL: URL
    private let http: any HTTPClient
    private let timeout: TimeInterval

    /// Creates a client for the server at `baseURL` (e.g. `http://127.0.0.1:5000`).
    public init(baseURL: URL, http: any HTTPClient, timeout: TimeInterval) {
        self.baseURL = baseURL
        self.http = http
        self.timeout = timeout
    }

    /// Asks `/healthCheck`; any answer other than "Ok", including an error status or an
    /// unreadable body, is ``ServerHealth/unhealthy(_:)`` with what the server said.
    public func health() async throws -> ServerHealth {
        let response = try await get("healthCheck")
        guard response.isSuccess else {
            return .unhealthy("answered \(response.status)")
        }
        guard let health = try? PeopleDecoder.decodeHealth(response.body) else {
            switch response.bodyKind {
            case .html: return .unhealthy("sent an HTML page")
            case .empty: return .unhealthy("sent an empty answer")
            case .json: return .unhealthy("sent an answer rolo can't read")
            }
        }
        return health
    }

    /// Fetches `/employees`.
    public func employees() async throws -> DecodedList<Employee> {
        let response = try await get("employees")
        guard response.isSuccess else {
            throw FetchError.unexpectedStatus(response, service: PeopleDecoder.service)
        }
        let body = response.body
        // The trace splits answer → first frame (ROLO_TRACE_STARTUP=1; scripts/measure-load.py).
        StartupTrace.mark("list answered")
        do {
            let list = try await HeavyWork.run { try PeopleDecoder.decodeEmployees(body) }
            StartupTrace.mark("list decoded")
            return list
        } catch let error as FetchError {
            throw error.located(at: response)
        }
    }

    /// Fetches `/employees/{id}`.
    public func employee(id: Int) async throws -> Employee {
        let response = try await get("employees/\(id)")
        if response.status == 404, PeopleDecoder.isNotFoundAnswer(response.body) {
            throw FetchError(
                kind: .notFound, endpoint: response.url.endpoint,
                message: "Employee \(id) wasn't found on the server",
                detail: "\(response.url.redactedForLog): HTTP 404; body: \(FetchError.excerpt(response.body))")
        }
        guard response.isSuccess else {
            throw FetchError.unexpectedStatus(response, service: PeopleDecoder.service)
        }
        return try located(at: response) { try PeopleDecoder.decodeEmployee(response.body) }
    }

    private func get(_ path: String) async throws -> HTTPResponse {
        let url = baseURL.appendingPathComponent(path)
        return try await http.send(HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout))
    }

    private func located<T>(at response: HTTPResponse, _ decode: () throws -> T) throws -> T {
        do {
            return try decode()
        } catch let error as FetchError {
            throw error.located(at: response)
        }
    }
}
