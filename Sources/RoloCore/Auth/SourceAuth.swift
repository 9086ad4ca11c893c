import Foundation

/// A source's `[sources.auth]` table: how rolo signs in to its API.
///
/// Strings may hold `${VAR}`s, filled in when a request is about to be signed
/// (``SignInSettings``), so an unset variable fails this source alone, with a message.
public enum SourceAuth: Sendable, Equatable {
    /// OAuth 2.0: a token from an authorization server, refreshed as it runs out.
    case oauth2(OAuth2Auth)
    /// A token printed by a program: a password manager, `gh auth token`, `gcloud`.
    case command(CommandAuth)
    /// HTTP basic authentication.
    case basic(BasicAuth)

    /// `oauth2`, `command` or `basic`, as the table writes it.
    public var type: String {
        switch self {
        case .oauth2: "oauth2"
        case .command: "command"
        case .basic: "basic"
        }
    }

    /// Whether signing in takes a person (`rolo login`): OAuth's device and code flows.
    public var needsPerson: Bool {
        if case .oauth2(let oauth) = self { return oauth.flow != .clientCredentials }
        return false
    }

    /// Every text the table holds, for the `${VAR}`s the log must redact.
    var texts: [String] {
        switch self {
        case .oauth2(let oauth):
            [oauth.issuer, oauth.deviceURL, oauth.tokenURL, oauth.authorizeURL, oauth.revokeURL, oauth.clientID,
             oauth.clientSecret, oauth.redirectURI].compactMap { $0 } + oauth.scopes
        case .command(let command): command.command + [command.format]
        case .basic(let basic): [basic.user, basic.password].compactMap { $0 } + (basic.passwordCommand ?? [])
        }
    }
}

/// `type = "oauth2"`.
public struct OAuth2Auth: Sendable, Equatable {
    /// How a token is obtained.
    public enum Flow: String, Sendable, Equatable, CaseIterable {
        /// RFC 8628: the person opens a URL anywhere and enters a code; nothing calls back.
        case device
        /// The authorization code with PKCE (S256), through a browser.
        case code
        /// No person: the client's own credentials.
        case clientCredentials = "client_credentials"
    }

    public var flow: Flow
    /// Where the endpoints are discovered; nil to take them from the keys below alone.
    public var issuer: String?
    public var deviceURL: String?
    public var tokenURL: String?
    public var authorizeURL: String?
    public var revokeURL: String?
    public var clientID: String
    /// Nil for a public client.
    public var clientSecret: String?
    public var scopes: [String]
    /// The code flow's redirect; a loopback one gets a port chosen at run time (RFC 8252).
    public var redirectURI: String?
    /// The code flow's redirect when `redirect_uri` isn't written: a loopback address, whose
    /// port is chosen when rolo listens (RFC 8252 §7.3).
    public static let defaultRedirect = "http://127.0.0.1/callback"

    public init(flow: Flow, issuer: String? = nil, deviceURL: String? = nil, tokenURL: String? = nil,
                authorizeURL: String? = nil, revokeURL: String? = nil, clientID: String, clientSecret: String? = nil,
                scopes: [String] = [], redirectURI: String? = nil) {
        self.flow = flow
        self.issuer = issuer
        self.deviceURL = deviceURL
        self.tokenURL = tokenURL
        self.authorizeURL = authorizeURL
        self.revokeURL = revokeURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scopes = scopes
        self.redirectURI = redirectURI
    }
}

/// `type = "command"`.
public struct CommandAuth: Sendable, Equatable {
    /// The program and its arguments, no shell; the first line it prints is the token.
    public var command: [String]
    /// Run again after this long; nil, only after a 401.
    public var ttl: TimeInterval?
    /// The header the token goes in.
    public var header: String
    /// The header's value, `{token}` where the token goes.
    public var format: String

    public static let defaultHeader = "Authorization"
    public static let defaultFormat = "Bearer {token}"

    public init(command: [String], ttl: TimeInterval? = nil, header: String = defaultHeader, format: String = defaultFormat) {
        self.command = command
        self.ttl = ttl
        self.header = header
        self.format = format
    }
}

/// `type = "basic"`.
public struct BasicAuth: Sendable, Equatable {
    public var user: String
    /// Nil when ``passwordCommand`` gives it.
    public var password: String?
    /// A program printing the password on its first line.
    public var passwordCommand: [String]?

    public init(user: String, password: String? = nil, passwordCommand: [String]? = nil) {
        self.user = user
        self.password = password
        self.passwordCommand = passwordCommand
    }
}
