import Crypto
import Foundation

/// The endpoints a flow talks to: the config's keys, else the issuer's discovery document.
public struct OAuthEndpoints: Sendable, Equatable {
    public var token: URL
    public var device: URL?
    public var authorize: URL?
    public var revoke: URL?
}

/// A device authorization (RFC 8628 §3.2): what the person is shown, what rolo polls with.
public struct DeviceGrant: Sendable, Equatable {
    public var deviceCode: String
    public var userCode: String
    public var verificationURI: String
    public var verificationURIComplete: String?
    public var expiresAt: Date
    /// Seconds between polls; 5 unless the server says.
    public var interval: TimeInterval

    /// "Waiting for the approval — 9:41 left", as `rolo login` and the overlay say it at `now`.
    public func waiting(at now: Date) -> String {
        let left = max(0, Int(expiresAt.timeIntervalSince(now)))
        return "Waiting for the approval — \(left / 60):\(String(format: "%02d", left % 60)) left"
    }
}

/// OAuth 2.0 as rolo speaks it to one source's authorization server: discovery, the device
/// flow, the code exchange with PKCE, client credentials, refresh and revocation.
///
/// The client secret is sent only to the token endpoint (and to a revocation endpoint on the
/// token endpoint's origin, which RFC 7009 has it authenticate to); no access token is sent to
/// the authorization server but the one being revoked.
public struct OAuthClient: Sendable {
    /// The source's name, for messages.
    public let source: String
    /// The auth with its `${VAR}`s filled in.
    public let auth: OAuth2Auth
    let http: any HTTPClient
    let timeout: TimeInterval
    let now: @Sendable () -> Date

    public init(source: String, auth: OAuth2Auth, http: any HTTPClient, timeout: TimeInterval = 30,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.source = source
        self.auth = auth
        self.http = http
        self.timeout = timeout
        self.now = now
    }

    // MARK: Endpoints

    /// The endpoints of the flow: each key written wins; the rest come from `{issuer}/.well-known/
    /// openid-configuration`, else RFC 8414's `{origin}/.well-known/oauth-authorization-server{path}`.
    public func endpoints() async throws(SignInError) -> OAuthEndpoints {
        try await endpoints(forFlow: true)
    }

    /// The endpoints `rolo logout` needs: the token and revocation endpoints, whatever the flow's.
    public func revocationEndpoints() async throws(SignInError) -> OAuthEndpoints {
        try await endpoints(forFlow: false)
    }

    private func endpoints(forFlow: Bool) async throws(SignInError) -> OAuthEndpoints {
        var document: JSONValue?
        if let issuer = auth.issuer, auth.tokenURL == nil || auth.revokeURL == nil
            || forFlow && (needed(auth.deviceURL, for: .device) || needed(auth.authorizeURL, for: .code)) {
            document = try await discovery(issuer)
        }
        func endpoint(_ written: String?, _ key: String, _ setting: String, required: Bool) throws(SignInError) -> URL? {
            if let written {
                guard let url = URL(string: written) else { throw misconfigured("\(setting) '\(written.sanitizedForTerminal)' isn't an address") }
                return url
            }
            if let text = document?[key]?.text, let url = URL(string: text), url.scheme?.hasPrefix("http") == true { return url }
            guard required else { return nil }
            let place = auth.issuer == nil ? "" : "the issuer's discovery document names no \(key) — "
            throw misconfigured("\(place)write \(setting) = \"https://…\" in source '\(source)''s [sources.auth]")
        }
        return OAuthEndpoints(
            token: try endpoint(auth.tokenURL, "token_endpoint", "token_url", required: true)!,
            device: try endpoint(auth.deviceURL, "device_authorization_endpoint", "device_url", required: forFlow && auth.flow == .device),
            authorize: try endpoint(auth.authorizeURL, "authorization_endpoint", "authorize_url", required: forFlow && auth.flow == .code),
            revoke: try endpoint(auth.revokeURL, "revocation_endpoint", "revoke_url", required: false))
    }

    private func needed(_ written: String?, for flow: OAuth2Auth.Flow) -> Bool {
        written == nil && auth.flow == flow
    }

    private func discovery(_ issuer: String) async throws(SignInError) -> JSONValue {
        let trimmed = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        var candidates = [trimmed + "/.well-known/openid-configuration"]
        if let url = URL(string: trimmed), let scheme = url.scheme, let host = url.host {
            let port = url.port.map { ":\($0)" } ?? ""
            candidates.append("\(scheme)://\(host)\(port)/.well-known/oauth-authorization-server\(url.path == "/" ? "" : url.path)")
        }
        var last = "no discovery document"
        for candidate in candidates {
            guard let url = URL(string: candidate) else { continue }
            let response: HTTPResponse
            do {
                response = try await http.send(HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout))
            } catch {
                throw SignInError(.server, "rolo couldn't reach the issuer of source '\(source)': \((error as? FetchError)?.message.withoutKeyHint ?? "\(error)")")
            }
            if response.isSuccess, let document = try? JSONValue.parse(response.body), case .object = document { return document }
            last = "\(url.redactedForLog) answered \(response.status)\(response.bodyKind == .html ? " with an HTML page" : "")"
        }
        throw misconfigured("the issuer of source '\(source)' has no discovery document (\(last)) — write token_url and the flow's other endpoints in [sources.auth]")
    }

    // MARK: Flows

    /// Starts the device flow: the code to show and the one to poll with.
    public func startDevice(at endpoints: OAuthEndpoints) async throws(SignInError) -> DeviceGrant {
        guard let url = endpoints.device else { throw misconfigured("write device_url = \"https://…\" in source '\(source)''s [sources.auth]") }
        var form = [("client_id", auth.clientID)]
        if !auth.scopes.isEmpty { form.append(("scope", auth.scopes.joined(separator: " "))) }
        return try grant(from: try await post(form, to: url, what: "device authorization endpoint"))
    }

    /// The device grant a device authorization answer gives.
    func grant(from answer: JSONValue) throws(SignInError) -> DeviceGrant {
        guard let deviceCode = answer["device_code"]?.text, let userCode = answer["user_code"]?.text,
              let verification = (answer["verification_uri"] ?? answer["verification_url"])?.text
        else {
            throw SignInError(.server, "the device authorization endpoint of source '\(source)' answered without device_code, user_code and verification_uri")
        }
        let expiresIn = answer["expires_in"]?.integer ?? 600
        return DeviceGrant(
            // What the person is shown, kept free of sequences however it is drawn.
            deviceCode: deviceCode, userCode: userCode.sanitizedForTerminal, verificationURI: verification.sanitizedForTerminal,
            verificationURIComplete: answer["verification_uri_complete"]?.text?.sanitizedForTerminal,
            expiresAt: now().addingTimeInterval(TimeInterval(expiresIn)),
            interval: TimeInterval(max(answer["interval"]?.integer ?? 5, 1)))
    }

    /// One poll of the device flow's token endpoint.
    public enum DevicePoll: Sendable, Equatable {
        case signedIn(SignInToken)
        /// Not yet approved: ask again after the interval.
        case pending
        /// Asked too often: the interval grows by 5 s (RFC 8628 §3.5).
        case slowDown
    }

    /// Asks whether `grant` has been approved; throws when it was denied or ran out.
    public func poll(_ grant: DeviceGrant, at endpoints: OAuthEndpoints) async throws(SignInError) -> DevicePoll {
        let outcome = try await send([
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", grant.deviceCode),
            ("client_id", auth.clientID),
        ] + secretField, to: endpoints.token, what: "token endpoint", deviceFlow: true)
        switch outcome {
        case .answer(let answer): return .signedIn(try token(answer, previous: nil))
        case .pending: return .pending
        case .slowDown: return .slowDown
        }
    }

    /// The address the person opens for the code flow, with PKCE's S256 challenge.
    public func authorizationURL(at endpoints: OAuthEndpoints, redirect: String, state: String, verifier: String) -> URL? {
        guard let authorize = endpoints.authorize, var components = URLComponents(url: authorize, resolvingAgainstBaseURL: false) else { return nil }
        var items = components.queryItems ?? []
        items += [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: auth.clientID),
            URLQueryItem(name: "redirect_uri", value: redirect), URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "code_challenge", value: Self.challenge(verifier)),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        if !auth.scopes.isEmpty { items.append(URLQueryItem(name: "scope", value: auth.scopes.joined(separator: " "))) }
        components.queryItems = items
        // `+` is a space to a form decoder; URLComponents leaves it be.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url
    }

    /// Trades the code the redirect brought for a token.
    public func exchange(code: String, verifier: String, redirect: String, at endpoints: OAuthEndpoints) async throws(SignInError) -> SignInToken {
        try token(try await post([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect), ("client_id", auth.clientID),
            ("code_verifier", verifier),
        ] + secretField, to: endpoints.token, what: "token endpoint", redeeming: true), previous: nil)
    }

    /// A token from the client's own credentials.
    public func clientCredentials(at endpoints: OAuthEndpoints) async throws(SignInError) -> SignInToken {
        var form = [("grant_type", "client_credentials"), ("client_id", auth.clientID)] + secretField
        if !auth.scopes.isEmpty { form.append(("scope", auth.scopes.joined(separator: " "))) }
        return try token(try await post(form, to: endpoints.token, what: "token endpoint"), previous: nil)
    }

    /// A fresh token for `token`'s refresh token; a refused one (`invalid_grant`) signs out.
    public func refresh(_ token: SignInToken, at endpoints: OAuthEndpoints) async throws(SignInError) -> SignInToken {
        guard let refreshToken = token.refreshToken else {
            throw SignInError.signedOut(source, "the sign-in of source '\(source)' has run out and can't be refreshed")
        }
        let answer = try await post([
            ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", auth.clientID),
        ] + secretField, to: endpoints.token, what: "token endpoint", redeeming: true)
        return try self.token(answer, previous: token)
    }

    /// Revokes `token` (its refresh token, which takes the access token with it, else the
    /// access token); RFC 7009.
    public func revoke(_ token: SignInToken, at endpoints: OAuthEndpoints) async throws(SignInError) {
        guard let url = endpoints.revoke else { return }
        let (value, hint) = token.refreshToken.map { ($0, "refresh_token") } ?? (token.accessToken, "access_token")
        let secret = url.isSameOrigin(as: endpoints.token)
        _ = try await post([("token", value), ("token_type_hint", hint), ("client_id", auth.clientID)] + (secret ? secretField : []),
                           to: url, what: "revocation endpoint", emptyAnswer: true)
    }

    // MARK: Answers

    private var secretField: [(String, String)] {
        auth.clientSecret.map { [("client_secret", $0)] } ?? []
    }

    private func misconfigured(_ text: String) -> SignInError {
        SignInError(.misconfigured, text)
    }

    /// A POST's outcome: the answer, or one of the device flow's two that aren't failures.
    enum Outcome {
        case answer(JSONValue), pending, slowDown
    }

    /// POSTs `form` and returns the JSON answer; every error answer becomes a sentence.
    private func post(_ form: [(String, String)], to url: URL, what: String,
                      redeeming: Bool = false, emptyAnswer: Bool = false) async throws(SignInError) -> JSONValue {
        guard case .answer(let answer) = try await send(form, to: url, what: what, redeeming: redeeming, emptyAnswer: emptyAnswer) else {
            throw SignInError(.server, "the \(what) of source '\(source)' answered as a device flow's token endpoint")
        }
        return answer
    }

    private func send(_ form: [(String, String)], to url: URL, what: String, deviceFlow: Bool = false,
                      redeeming: Bool = false, emptyAnswer: Bool = false) async throws(SignInError) -> Outcome {
        let body = Data(form.map { "\(Self.formEncoded($0.0))=\(Self.formEncoded($0.1))" }.joined(separator: "&").utf8)
        let request = HTTPRequest(method: "POST", url: url, headers: [
            "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
        ], body: body, timeout: timeout)
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch {
            throw SignInError(.server, "rolo couldn't reach the \(what) of source '\(source)': \((error as? FetchError)?.message.withoutKeyHint ?? "\(error)")")
        }
        return try outcome(of: response, what: what, deviceFlow: deviceFlow, redeeming: redeeming, emptyAnswer: emptyAnswer)
    }

    /// What an authorization server's `response` from its `what` endpoint says: the answer, one
    /// of the device flow's two that aren't failures, or a sentence.
    func outcome(of response: HTTPResponse, what: String, deviceFlow: Bool = false,
                 redeeming: Bool = false, emptyAnswer: Bool = false) throws(SignInError) -> Outcome {
        let answer = try? JSONValue.parse(response.body)
        if response.isSuccess {
            if emptyAnswer { return .answer(answer ?? .null) }
            guard let answer, case .object = answer else {
                let shape = response.bodyKind == .html ? "an HTML page" : "something that isn't JSON"
                throw SignInError(.server, "the \(what) of source '\(source)' answered \(shape), not a token — check its address in [sources.auth]")
            }
            return .answer(answer)
        }
        guard let code = answer?["error"]?.text else {
            let shape = response.bodyKind == .html ? " with an HTML page" : ""
            let hint = response.status >= 500 ? "the server failed; try again later" : "check its address in [sources.auth]"
            throw SignInError(.server, "the \(what) of source '\(source)' answered \(response.status)\(shape) — \(hint)")
        }
        let said = answer?["error_description"]?.text.map { ": \($0.sanitizedForTerminal)" } ?? ""
        switch code {
        case "authorization_pending" where deviceFlow: return .pending
        case "slow_down" where deviceFlow: return .slowDown
        case "access_denied":
            throw SignInError(.refused, "the sign-in to source '\(source)' was denied\(said) — rolo login \(source) to try again")
        case "expired_token":
            throw SignInError(.refused, "the code for source '\(source)' ran out before it was approved — rolo login \(source) for a new one")
        case "invalid_client":
            let which = auth.clientSecret == nil ? "client_id (a confidential client needs client_secret too)" : "client_id and client_secret"
            throw misconfigured("the authorization server doesn't know rolo's client (invalid_client\(said)) — check \(which) in source '\(source)''s [sources.auth]")
        case "invalid_grant" where redeeming:
            throw SignInError.signedOut(source, "the authorization server refused source '\(source)''s sign-in (invalid_grant\(said))")
        case "invalid_scope":
            throw misconfigured("the authorization server refused the scopes of source '\(source)' (invalid_scope\(said)) — check scopes in [sources.auth]")
        case "unauthorized_client", "unsupported_grant_type":
            throw misconfigured("the authorization server won't let rolo's client use the \(auth.flow.rawValue) flow (\(code.sanitizedForTerminal)\(said)) — enable it for client \(auth.clientID.sanitizedForTerminal), or change flow")
        default:
            throw SignInError(.server, "the \(what) of source '\(source)' said \(code.sanitizedForTerminal)\(said) (HTTP \(response.status))")
        }
    }

    /// The token an answer gives; a refresh that brings no refresh token keeps the old one.
    func token(_ answer: JSONValue, previous: SignInToken?) throws(SignInError) -> SignInToken {
        guard let access = answer["access_token"]?.text, !access.isEmpty else {
            throw SignInError(.server, "the token endpoint of source '\(source)' answered without an access_token")
        }
        let issued = now()
        let lifetime = answer["expires_in"]?.integer
        return SignInToken(
            accessToken: access, tokenType: answer["token_type"]?.text ?? "Bearer",
            refreshToken: answer["refresh_token"]?.text ?? previous?.refreshToken,
            expiresAt: lifetime.map { issued.addingTimeInterval(TimeInterval($0)) }, issuedAt: issued,
            // Shown by rolo auth, so nothing of it may reach the terminal as a sequence.
            scope: answer["scope"]?.text?.sanitizedForTerminal ?? previous?.scope,
            who: answer["id_token"]?.text.flatMap(Self.who) ?? previous?.who)
    }

    /// Who an OpenID Connect `id_token` names: its `email`, else `name`, else `sub`. Its
    /// signature isn't checked: the name is shown, never trusted.
    static func who(_ idToken: String) -> String? {
        let parts = idToken.split(separator: ".")
        guard parts.count >= 2 else { return nil }
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        guard let data = Data(base64Encoded: payload), let claims = try? JSONValue.parse(data) else { return nil }
        return (claims["email"] ?? claims["name"] ?? claims["preferred_username"] ?? claims["sub"])?.text?.sanitizedForTerminal
    }

    // MARK: PKCE and forms

    /// A PKCE verifier: 32 random bytes, base64url (43 characters).
    public static func verifier() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL(Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    }

    /// S256: the verifier's SHA-256, base64url.
    public static func challenge(_ verifier: String) -> String {
        base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// `text` as `application/x-www-form-urlencoded` writes it: all but unreserved characters escaped.
    static func formEncoded(_ text: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}

extension URL {
    /// Whether `other` has this URL's scheme, host and port.
    func isSameOrigin(as other: URL) -> Bool {
        guard let mine = Origin(self), let theirs = Origin(other) else { return false }
        return mine == theirs
    }
}
