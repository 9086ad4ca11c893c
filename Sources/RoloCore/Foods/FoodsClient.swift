import Foundation

/// Which OpenFoods API a server speaks.
public enum FoodsAPIVersion: Sendable, Equatable {
    /// The 2023 API: `GET food` answers the whole list.
    case whole
    /// The 2025 API: `GET food/<page>` answers up to 10 foods and the `totalCount`.
    case paged
}

/// The OpenFoods API over an ``HTTPClient``, either version, told apart by asking.
///
/// The user gives the same `.../api/v1/<userId>` URL for both, so the first list request asks
/// `GET food`: the 2025 server has no such route and answers 404, and then the pages are read.
/// Which API answered is remembered for the client's life (copies share it), so later lists
/// go straight to the right requests. Like and unlike are declared actions
/// (``FoodsSource/shippedActions``), sent by the actions' runner.
public struct FoodsClient: FoodsService {
    /// The user's API, `.../api/v1/<userId>`.
    public let baseURL: URL
    private let http: any HTTPClient
    private let timeout: TimeInterval
    private let known = LockedValue<FoodsAPIVersion?>(nil)

    /// Creates a client for the user's API at `baseURL`, `.../api/v1/<userId>`.
    public init(baseURL: URL, http: any HTTPClient, timeout: TimeInterval) {
        self.baseURL = baseURL
        self.http = http
        self.timeout = timeout
    }

    /// The API the server was found to speak; nil until a list request has succeeded.
    public var apiVersion: FoodsAPIVersion? { known.withLock { $0 } }

    /// Page `number` of the list: `GET food/<number>` on the 2025 API; page 0 of a server not
    /// yet known to page is asked as `GET food` first (see the type's summary).
    public func page(_ number: Int) async throws -> FoodsPage {
        if number > 0 || apiVersion == .paged { return try await pagedList(number) }
        let response = try await send("GET", ["food"])
        // Also when the server was known as the 2023 one: it may have been moved on since.
        if response.status == 404 { return try await pagedList(0) }
        let answer = try await decodedList(response)
        // An envelope holding part of a longer list: the server pages, and its pages are what
        // can be walked. One holding all of it (the 2023 API's other shape) is the whole list.
        if let total = answer.totalCount, answer.recordCount < total { return try await pagedList(0) }
        known.withLock { $0 = .whole }
        return answer
    }

    /// `GET food/<number>`, remembered as the 2025 API once it answers.
    private func pagedList(_ number: Int) async throws -> FoodsPage {
        var page = try await decodedList(try await send("GET", ["food", String(number)]))
        page.number = number
        known.withLock { $0 = .paged }
        return page
    }

    /// The list or page `response` carries, off the caller's thread; throws the server's
    /// refusal, its unexpected status, or why the body can't be read.
    private func decodedList(_ response: HTTPResponse) async throws -> FoodsPage {
        guard response.isSuccess else {
            if let refusal = refusal(response, hint: "r to retry") { throw refusal }
            throw FetchError.unexpectedStatus(response, service: FoodsDecoder.service)
        }
        let body = response.body
        // The trace splits answer → first frame (ROLO_TRACE_STARTUP=1; scripts/measure-load.py).
        StartupTrace.mark("list answered")
        do {
            let page = try await HeavyWork.run { try FoodsDecoder.decodePage(body) }
            StartupTrace.mark("list decoded")
            return page
        } catch let error as FetchError {
            throw error.located(at: response)
        }
    }

    /// The error for a body carrying the server's own `{"error": "..."}` text, in any status
    /// but a 2xx that also says `success: true`; nil when the body has no such text.
    private func refusal(_ response: HTTPResponse, hint: String) -> FetchError? {
        guard let answer = try? FoodsDecoder.decodeLikeAnswer(response.body), let text = answer.error,
            !(response.isSuccess && answer.success == true)
        else { return nil }
        let kind: FetchError.Kind = response.isSuccess ? .badResponse : .httpStatus(response.status)
        return failure(response, kind: kind, "The foods server refused: \(text) — \(hint)")
    }

    private func failure(_ response: HTTPResponse, kind: FetchError.Kind, _ message: String) -> FetchError {
        FetchError(
            kind: kind, endpoint: response.url.endpoint, message: message,
            detail: "\(response.url.redactedForLog): HTTP \(response.status); body: \(FetchError.excerpt(response.body))")
    }

    private func send(_ method: String, _ segments: [String]) async throws -> HTTPResponse {
        let request = HTTPRequest(
            method: method, url: url(segments), headers: ["Accept": "application/json"], timeout: timeout)
        return try await http.send(request)
    }

    /// `baseURL` with `segments` appended, each percent-encoded whole, so an id holding `/`,
    /// `?` or `%` stays one path segment instead of changing the path or starting a query.
    private func url(_ segments: [String]) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            return segments.reduce(baseURL) { $0.appendingPathComponent($1) }
        }
        let base = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: Self.segmentAllowed) ?? $0 }
        components.percentEncodedPath = base + "/" + encoded.joined(separator: "/")
        return components.url ?? baseURL
    }

    private static let segmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;?%"))
}
