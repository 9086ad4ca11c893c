import Foundation

/// randomuser.me over an ``HTTPClient``.
///
/// A 429 is never retried here: the API counts every request against the limit, so only the
/// user's `r`, a minute later, asks again.
public struct RandomUserClient: RandomUserService {
    private let baseURL: URL
    private let http: any HTTPClient
    private let timeout: TimeInterval

    /// Creates a client for the API at `baseURL`, `https://randomuser.me/api/` or the
    /// stand-in's `http://127.0.0.1:<port>/randomuser/api/`.
    public init(baseURL: URL, http: any HTTPClient, timeout: TimeInterval) {
        self.baseURL = baseURL
        self.http = http
        self.timeout = timeout
    }

    /// Fetches `?results=<size>&page=<number>&seed=<seed>`.
    public func page(_ number: Int, size: Int, seed: String) async throws -> RandomUserPage {
        let request = HTTPRequest(
            url: url(page: number, size: size, seed: seed), headers: ["Accept": "application/json"],
            timeout: timeout)
        let response = try await http.send(request)
        if response.status == 429 {
            throw FetchError.randomUserRateLimited(response)
        }
        guard response.isSuccess else {
            if let text = RandomUserDecoder.refusal(response.body) {
                let refusal = FetchError.refusal(by: "randomuser.me", text, body: response.body, kind: .httpStatus(response.status))
                throw refusal.located(at: response)
            }
            throw FetchError.unexpectedStatus(response, service: RandomUserDecoder.service)
        }
        // A 200 may still be a refusal; the decoder reports it in the API's words.
        do {
            return try RandomUserDecoder.decodePage(response.body)
        } catch let error as FetchError {
            throw error.located(at: response)
        }
    }

    /// `baseURL` with the page's query; the seed is percent-encoded whole, `+` and `&` included,
    /// so any seed the user types reaches the API unchanged.
    private func url(page: Int, size: Int, seed: String) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            return baseURL
        }
        let encodedSeed = seed.addingPercentEncoding(withAllowedCharacters: Self.valueAllowed) ?? seed
        components.percentEncodedQuery = "results=\(size)&page=\(page)&seed=\(encodedSeed)"
        return components.url ?? baseURL
    }

    private static let valueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#;"))
}
