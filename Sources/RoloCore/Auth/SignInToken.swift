import Foundation

/// What a sign-in holds for one source: an OAuth token answer as kept on disk.
///
/// Its `description` names no secret, so it can't leak into a message by interpolation.
public struct SignInToken: Sendable, Equatable, Codable, CustomStringConvertible {
    public var accessToken: String
    /// `Bearer` unless the server said otherwise.
    public var tokenType: String
    public var refreshToken: String?
    /// When the access token runs out; nil when the server didn't say (it is used until a 401).
    public var expiresAt: Date?
    /// When it was issued: with ``expiresAt``, the lifetime a refresh ahead is a fraction of.
    public var issuedAt: Date
    /// The scopes granted, as the answer's `scope` said; nil when it didn't.
    public var scope: String?
    /// Who signed in, where an OpenID Connect `id_token` said (`email`, else `name`, else `sub`).
    public var who: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", refreshToken = "refresh_token"
        case expiresAt = "expires_at", issuedAt = "issued_at", scope, who
    }

    public init(accessToken: String, tokenType: String = "Bearer", refreshToken: String? = nil, expiresAt: Date? = nil,
                issuedAt: Date, scope: String? = nil, who: String? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        self.scope = scope
        self.who = who
    }

    /// The `Authorization` value: `Bearer …` whatever case the server wrote its type in.
    public var authorization: String {
        "\(tokenType.lowercased() == "bearer" ? "Bearer" : tokenType) \(accessToken)"
    }

    /// The share of a token's lifetime before its expiry at which it is refreshed: a 10-second
    /// token at 9 s, an hour's at 54 min. Not before every request, not after the expiry.
    public static let refreshAhead = 0.1

    /// When the token is refreshed (or fetched again): ``refreshAhead`` of its lifetime before
    /// it runs out; nil when it never says it does.
    public var refreshAt: Date? {
        expiresAt.map { expiry in expiry.addingTimeInterval(-max(expiry.timeIntervalSince(issuedAt), 0) * Self.refreshAhead) }
    }

    /// Whether the token should be refreshed (or fetched again) before a request at `now`.
    public func isDue(at now: Date) -> Bool {
        refreshAt.map { now >= $0 } ?? false
    }

    public var description: String {
        "token (\(refreshToken == nil ? "no refresh token" : "refreshable"), expires \(expiresAt.map { "\($0)" } ?? "unsaid"))"
    }
}
