import Foundation
import Synchronization

/// The sign-ins of this run: one ``AuthSession`` per source whose table has `[sources.auth]`,
/// shared by everything that fetches for it.
///
/// ``shared`` is the run's; rolo points it at the state directory and profile before any
/// request (``configure(_:)``). Tests make their own.
public final class SignIns: Sendable {
    /// The run's sign-ins.
    public static let shared = SignIns()

    private struct State {
        var store: TokenStore?
        var sessions: [String: AuthSession] = [:]
    }

    private let state: Mutex<State>

    public init(store: TokenStore? = nil) {
        state = Mutex(State(store: store))
    }

    /// Keeps the tokens in `store` from now on; sessions made before are forgotten.
    public func configure(_ store: TokenStore) {
        state.withLock { $0 = State(store: store) }
    }

    /// Where the tokens are kept: as configured, else the default state directory's.
    public var store: TokenStore {
        state.withLock { $0.store } ?? TokenStore(stateDir: XDGDirectories(environment: ProcessInfo.processInfo.environment).stateHome + "/rolo")
    }

    /// The session of `source`, made on first use; nil for a source without `[sources.auth]`.
    /// Throws ``ConfigError`` naming a `${VAR}` of the auth that isn't set.
    public func session(for source: RecordSource, http: any HTTPClient, environment: [String: String],
                        timeout: TimeInterval = 30) throws -> AuthSession? {
        guard let auth = source.auth else { return nil }
        let store = self.store
        if let session = state.withLock({ $0.sessions[source.name] }) { return session }
        let made = AuthSession(source: source.name, auth: try auth.expanded(for: source, environment: environment),
                               store: store, http: http, environment: environment, timeout: timeout)
        return state.withLock { state in
            if let session = state.sessions[source.name] { return session }
            state.sessions[source.name] = made
            return made
        }
    }

    /// `http` signing `source`'s requests, or `http` itself for a source without `[sources.auth]`.
    public func client(for source: RecordSource, over http: any HTTPClient, environment: [String: String],
                       timeout: TimeInterval = 30) throws -> any HTTPClient {
        // The origin with the url's variables filled in, as requests will name it; a url whose
        // variables aren't set fails in the source's endpoint, which says which.
        guard let session = try session(for: source, http: http, environment: environment, timeout: timeout),
              let url = try? EnvironmentExpansion.expand(source.url, environment: environment, unset: { _ in "" }).text,
              let origin = Origin(url)
        else { return http }
        return AuthorizingClient(base: http, session: session, origin: origin)
    }
}

extension SourceAuth {
    /// This auth with its `${VAR}`s filled in from `environment`; throws ``ConfigError`` naming
    /// the first that isn't set.
    public func expanded(for source: RecordSource, environment: [String: String]) throws -> SourceAuth {
        let fill = { (text: String) throws -> String in
            try EnvironmentExpansion.expand(text, environment: environment, unset: { variable in
                throw ConfigError("source '\(source.name)' needs the environment variable \(variable) for its auth (\(source.place)) — set it before starting rolo")
            }).text
        }
        switch self {
        case .oauth2(var oauth):
            oauth.issuer = try oauth.issuer.map(fill)
            oauth.deviceURL = try oauth.deviceURL.map(fill)
            oauth.tokenURL = try oauth.tokenURL.map(fill)
            oauth.authorizeURL = try oauth.authorizeURL.map(fill)
            oauth.revokeURL = try oauth.revokeURL.map(fill)
            oauth.clientID = try fill(oauth.clientID)
            oauth.clientSecret = try oauth.clientSecret.map(fill)
            oauth.scopes = try oauth.scopes.map(fill)
            oauth.redirectURI = try oauth.redirectURI.map(fill)
            return .oauth2(oauth)
        case .command(var command):
            command.command = try command.command.map(fill)
            return .command(command)
        case .basic(var basic):
            basic.user = try fill(basic.user)
            basic.password = try basic.password.map(fill)
            basic.passwordCommand = try basic.passwordCommand?.map(fill)
            return .basic(basic)
        }
    }
}
