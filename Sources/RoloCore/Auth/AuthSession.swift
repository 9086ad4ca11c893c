import Foundation
import Logging

/// A header that signs a source's requests, and until when it may.
public struct SignedHeader: Sendable, Equatable {
    public var name: String
    public var value: String
    /// When to get a new one before using it; nil, only after a refusal.
    public var due: Date?
}

/// One source's sign-in while rolo runs: the header its requests carry, obtained once and
/// renewed once for everyone who asks at the same time.
///
/// Everything that fetches for the source (the pager, lookups, details, pictures, actions, a
/// bulk run) shares one session (``SignIns``), so twenty requests that meet a 401 together
/// cause one refresh: the first asks, the rest wait for its answer. A rotated refresh token is
/// saved before the new access token is handed out.
public actor AuthSession {
    /// The source's name.
    public let source: String
    /// The auth, `${VAR}`s filled in.
    public let auth: SourceAuth
    let store: TokenStore
    let http: any HTTPClient
    let environment: [String: String]
    let timeout: TimeInterval
    let now: @Sendable () -> Date
    private let logger = Logger(label: "rolo.auth")

    private var current: SignedHeader?
    private var token: SignInToken?
    private var endpoints: OAuthEndpoints?
    private var renewal: Task<SignedHeader, any Error>?

    public init(source: String, auth: SourceAuth, store: TokenStore, http: any HTTPClient, environment: [String: String],
                timeout: TimeInterval = 30, now: @escaping @Sendable () -> Date = Date.init) {
        self.source = source
        self.auth = auth
        self.store = store
        self.http = http
        self.environment = environment
        self.timeout = timeout
        self.now = now
    }

    /// The header to send now: the one held while it isn't due, else a new one.
    public func header() async throws(SignInError) -> SignedHeader {
        if let current, current.due.map({ now() < $0 }) ?? true { return current }
        return try await renew(forced: false)
    }

    /// A header to replace `rejected`, which the server refused: the one another request
    /// already got in its place, else a new one (a refresh, the command run again).
    public func header(replacing rejected: SignedHeader) async throws(SignInError) -> SignedHeader {
        if let current, current != rejected { return current }
        return try await renew(forced: true)
    }

    /// Obtains a new header unless a renewal is under way, whose answer is then everyone's.
    private func renew(forced: Bool) async throws(SignInError) -> SignedHeader {
        let task = renewal ?? Task { try await self.obtain(forced: forced) }
        renewal = task
        do {
            let header = try await task.value
            if renewal == task { renewal = nil }
            return header
        } catch {
            if renewal == task { renewal = nil }
            throw (error as? SignInError) ?? SignInError(.server, "\(error)")
        }
    }

    private func obtain(forced: Bool) async throws(SignInError) -> SignedHeader {
        let header: SignedHeader
        switch auth {
        case .command(let command):
            let token = try await TokenCommand.run(command.command, setting: "command", source: source, environment: environment)
            header = SignedHeader(name: command.header, value: command.format.replacingOccurrences(of: "{token}", with: token),
                                  due: command.ttl.map { now().addingTimeInterval($0) })
        case .basic(let basic):
            var password = basic.password ?? ""
            if let command = basic.passwordCommand {
                password = try await TokenCommand.run(command, setting: "password_command", source: source, environment: environment)
            }
            header = SignedHeader(name: "Authorization", value: "Basic " + Data("\(basic.user):\(password)".utf8).base64EncodedString(), due: nil)
        case .oauth2(let oauth):
            header = try await oauthHeader(oauth, forced: forced)
        }
        current = header
        return header
    }

    private func oauthHeader(_ oauth: OAuth2Auth, forced: Bool) async throws(SignInError) -> SignedHeader {
        let client = OAuthClient(source: source, auth: oauth, http: http, timeout: timeout, now: now)
        if token == nil { token = try stored() }
        if let token, !forced, !token.isDue(at: now()) { return signed(token) }
        let endpoints: OAuthEndpoints
        if let known = self.endpoints {
            endpoints = known
        } else {
            endpoints = try await client.endpoints()
            self.endpoints = endpoints
        }
        let fresh: SignInToken
        if let token, token.refreshToken != nil {
            do {
                fresh = try await client.refresh(token, at: endpoints)
            } catch where error.kind == .signedOut {
                // The server won't refresh it again: what is stored stays browsable, signed out.
                self.token = nil
                current = nil
                _ = try? store.remove(source)
                throw error
            }
        } else if oauth.flow == .clientCredentials {
            fresh = try await client.clientCredentials(at: endpoints)
        } else if let token, !forced, token.expiresAt.map({ now() < $0 }) ?? true {
            // Due but not yet out, and nothing to refresh it with: used to its end.
            return signed(token)
        } else {
            throw SignInError.signedOut(source, token == nil
                ? "source '\(source)' needs signing in" : "the sign-in of source '\(source)' has run out")
        }
        do {
            try store.save(fresh, of: source)
        } catch {
            logger.warning("\(source): the new sign-in couldn't be saved, so it lasts this run only: \(error)")
        }
        token = fresh
        return signed(fresh)
    }

    private func signed(_ token: SignInToken) -> SignedHeader {
        SignedHeader(name: "Authorization", value: token.authorization, due: token.refreshAt)
    }

    private func stored() throws(SignInError) -> SignInToken? {
        do {
            return try store.token(of: source)
        } catch {
            throw SignInError(.signedOut, error.description)
        }
    }

    /// Forgets what this run holds, after `rolo logout` or a sign-in from elsewhere.
    public func reset() {
        current = nil
        token = nil
        renewal = nil
    }
}
