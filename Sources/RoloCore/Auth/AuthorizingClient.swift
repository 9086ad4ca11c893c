import Foundation

/// An ``HTTPClient`` that signs a source's requests: the session's header on every request to
/// the source's origin (never another host or port), and on a 401, or a 403 whose
/// `WWW-Authenticate` says `invalid_token`, one new header and the request sent once more. A
/// refusal after that is answered as it came: rolo stops rather than loop.
public struct AuthorizingClient: HTTPClient {
    let base: any HTTPClient
    public let session: AuthSession
    /// Where the header may go: the source's URL's origin.
    let origin: Origin

    public init(base: any HTTPClient, session: AuthSession, origin: Origin) {
        self.base = base
        self.session = session
        self.origin = origin
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard origin.includes(request.url) else { return try await base.send(request) }
        let header = try await signed { () async throws(SignInError) in try await session.header() }
        let response = try await base.send(request.signed(with: header))
        guard Self.isRefusal(response) else { return response }
        let fresh = try await signed { () async throws(SignInError) in try await session.header(replacing: header) }
        return try await base.send(request.signed(with: fresh))
    }

    /// Whether `response` refuses the credentials, not the request.
    static func isRefusal(_ response: HTTPResponse) -> Bool {
        if response.status == 401 { return true }
        return response.status == 403 && response.headers["www-authenticate"]?.lowercased().contains("invalid_token") == true
    }

    private func signed(_ get: () async throws(SignInError) -> SignedHeader) async throws(FetchError) -> SignedHeader {
        do {
            return try await get()
        } catch {
            throw error.fetchError(source: session.source)
        }
    }
}

extension HTTPRequest {
    /// This request with `header` set, replacing any of the same name in another case.
    func signed(with header: SignedHeader) -> HTTPRequest {
        var signed = self
        for name in signed.headers.keys where name.lowercased() == header.name.lowercased() { signed.headers[name] = nil }
        signed.headers[header.name] = header.value
        return signed
    }
}
