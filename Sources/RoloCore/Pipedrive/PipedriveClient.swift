import Foundation

/// A Pipedrive account's persons over an ``HTTPClient``, through API v2 or v1, and the names of
/// its organisations and users.
///
/// The token travels only in the `x-api-token` header, which v1 and v2 both accept: a URL ends up
/// in proxy logs, server access logs and shell history. It never reaches an error's text either:
/// every error is scrubbed of it in case a server echoes it back.
public struct PipedriveClient: Sendable {
    private let baseURL: URL
    private let token: String
    private let api: PipedriveAPIVersion
    private let http: any HTTPClient
    private let timeout: TimeInterval

    /// Creates a client for the account at `baseURL`, `https://COMPANY.pipedrive.com` or the
    /// stand-in's `http://127.0.0.1:<port>/pipedrive`.
    public init(baseURL: URL, token: String, api: PipedriveAPIVersion, http: any HTTPClient, timeout: TimeInterval) {
        self.baseURL = baseURL
        self.token = token
        self.api = api
        self.http = http
        self.timeout = timeout
    }

    /// Fetches the page starting at `after` (nil for the first) with at most `limit` persons,
    /// and the rate limit the response reported. A 429 is not retried here: the caller waits
    /// for the reset the error names.
    public func page(after: PipedrivePageToken?, limit: Int) async throws -> (PipedrivePage, RateLimit) {
        try await get(personsURL(after: after, limit: limit), PipedriveDecoder.decodePage)
    }

    /// Fetches one page of the account's organisations (`/api/v2/organizations`, from `cursor`,
    /// at most `limit`) or its users (`/v1/users`, all at once: `cursor` and `limit` don't
    /// apply), with the rate limit; a 429 is the caller's to wait out, as for ``page(after:limit:)``.
    public func names(_ kind: PipedriveNameKind, after cursor: String?, limit: Int) async throws -> (PipedriveNamePage, RateLimit) {
        let url: URL
        switch kind {
        case .organizations:
            var items = [URLQueryItem(name: "limit", value: String(limit))]
            if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
            url = Self.url(baseURL.appendingPathComponent("api/v2/organizations"), items)
        case .users:
            url = baseURL.appendingPathComponent("v1/users")
        }
        return try await get(url, PipedriveDecoder.decodeNames)
    }

    /// GETs `url` with the token, turns Pipedrive's refusals into errors, and decodes the body.
    private func get<Body>(_ url: URL, _ decode: (Data) throws -> Body) async throws -> (Body, RateLimit) {
        do {
            let request = HTTPRequest(url: url, headers: ["Accept": "application/json", "x-api-token": token], timeout: timeout)
            let response = try await http.send(request)
            let rateLimit = RateLimit(response)
            if !response.isSuccess, let refused = Self.refusal(response) { throw refused }
            do {
                return (try decode(response.body), rateLimit)
            } catch let error as FetchError {
                throw error.located(at: response)
            }
        } catch let error as FetchError {
            throw error.redacting(token)
        }
    }

    /// The error Pipedrive's answer `response` stands for, in Pipedrive's words: a refused token
    /// (401), a rate limit (429, with its reset), the API's `{"success": false, "error": …}`
    /// under any status ("Pipedrive says: …"), any other status that isn't a success. Nil for
    /// an answer that is none of these. The engine's pager asks the same
    /// (``CustomSourcePager/Refusal``), so a refusal reads alike whichever fetched it.
    public static func refusal(_ response: HTTPResponse) -> FetchError? {
        switch response.status {
        case 401: return .pipedriveUnauthorized(response)
        case 429: return .pipedriveRateLimited(response, limit: RateLimit(response))
        default: break
        }
        if let text = PipedriveDecoder.refusal(response.body) {
            let kind: FetchError.Kind = response.isSuccess ? .badResponse : .httpStatus(response.status)
            return FetchError.refusal(by: "Pipedrive", text, body: response.body, kind: kind).located(at: response)
        }
        return response.isSuccess ? nil : FetchError.unexpectedStatus(response, service: PipedriveDecoder.service)
    }

    /// `/api/v2/persons?limit=&include_fields=open_deals_count&cursor=` or `/v1/persons?start=&limit=`.
    private func personsURL(after: PipedrivePageToken?, limit: Int) -> URL {
        let path = api == .v2 ? "api/v2/persons" : "v1/persons"
        var items: [URLQueryItem] = []
        switch api {
        case .v2:
            items.append(URLQueryItem(name: "limit", value: String(limit)))
            // v2 leaves the open deals count out unless asked; v1 always sends it.
            items.append(URLQueryItem(name: "include_fields", value: "open_deals_count"))
            if case .cursor(let cursor) = after { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        case .v1:
            var start = 0
            if case .start(let offset) = after { start = offset }
            items.append(URLQueryItem(name: "start", value: String(start)))
            items.append(URLQueryItem(name: "limit", value: String(limit)))
        }
        return Self.url(baseURL.appendingPathComponent(path), items)
    }

    /// `endpoint` with `items` as its query.
    private static func url(_ endpoint: URL, _ items: [URLQueryItem]) -> URL {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: true) else {
            return endpoint
        }
        components.queryItems = items
        // URLComponents leaves `+` alone, which servers read as a space; cursors may hold one.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? endpoint
    }
}
