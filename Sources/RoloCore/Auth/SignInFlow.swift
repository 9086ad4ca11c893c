import Foundation

/// A person signing in to one source's OAuth 2.0 server, from the first request to the saved
/// token: the device flow's polling, the code flow's two halves, client credentials.
///
/// What is shown to the person (the code, the address, the time left) is the caller's: `rolo
/// login` prints it, the screen draws it. Every failure is a ``SignInError`` sentence.
public struct SignInFlow: Sendable {
    /// The source's name.
    public let source: String
    /// The auth, `${VAR}`s filled in.
    public let auth: OAuth2Auth
    let client: OAuthClient
    let store: TokenStore
    let now: @Sendable () -> Date
    let sleep: @Sendable (Duration) async throws -> Void

    public init(source: String, auth: OAuth2Auth, store: TokenStore, http: any HTTPClient, timeout: TimeInterval = 30,
                now: @escaping @Sendable () -> Date = Date.init,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.source = source
        self.auth = auth
        self.store = store
        self.now = now
        self.sleep = sleep
        client = OAuthClient(source: source, auth: auth, http: http, timeout: timeout, now: now)
    }

    /// The flow's endpoints, as written or discovered.
    public func endpoints() async throws(SignInError) -> OAuthEndpoints {
        try await client.endpoints()
    }

    // MARK: Device flow

    /// Asks for a device code: what the person is shown.
    public func startDevice(at endpoints: OAuthEndpoints) async throws(SignInError) -> DeviceGrant {
        try await client.startDevice(at: endpoints)
    }

    /// Polls until `grant` is approved, at the server's interval, 5 s slower after each
    /// `slow_down`; `slowedDown` hears the new interval. Throws when it is denied, runs out, or
    /// the task is cancelled.
    public func awaitDevice(_ grant: DeviceGrant, at endpoints: OAuthEndpoints,
                            slowedDown: @Sendable (TimeInterval) -> Void = { _ in }) async throws(SignInError) -> SignInToken {
        var interval = grant.interval
        while true {
            do {
                try await sleep(.milliseconds(Int64(interval * 1000)))
            } catch {
                throw SignInError(.refused, "the sign-in to source '\(source)' was stopped")
            }
            guard now() < grant.expiresAt else {
                throw SignInError(.refused, "the code for source '\(source)' ran out before it was approved — rolo login \(source) for a new one")
            }
            switch try await client.poll(grant, at: endpoints) {
            case .signedIn(let token): return try saved(token)
            case .pending: continue
            case .slowDown:
                interval += 5
                slowedDown(interval)
            }
        }
    }

    // MARK: Code flow

    /// A started code flow: the address to open, and what its answer is checked against.
    public struct CodeRequest: Sendable, Equatable {
        /// Where the person approves the sign-in.
        public var url: URL
        /// The redirect address the server sends the answer to, as the request named it.
        public var redirect: String
        let state: String
        let verifier: String
    }

    /// The redirect the code flow names: `redirect_uri`, else a loopback one.
    public var redirect: String {
        auth.redirectURI ?? OAuth2Auth.defaultRedirect
    }

    /// A code flow whose redirect comes back to this machine: a listener on 127.0.0.1 at a port
    /// of its own for ``redirect``'s path, and the authorization address that names that port.
    public func startCodeOnLoopback(at endpoints: OAuthEndpoints) throws(SignInError) -> (LoopbackRedirect, CodeRequest) {
        let listener = try LoopbackRedirect(path: URLComponents(string: redirect)?.path ?? "/callback")
        return (listener, try startCode(redirect: listener.redirect(from: redirect), at: endpoints))
    }

    /// The authorization address for a redirect to `redirect`, with a fresh `state` and PKCE
    /// verifier (S256).
    public func startCode(redirect: String, at endpoints: OAuthEndpoints) throws(SignInError) -> CodeRequest {
        let state = OAuthClient.verifier()
        let verifier = OAuthClient.verifier()
        guard let url = client.authorizationURL(at: endpoints, redirect: redirect, state: state, verifier: verifier) else {
            throw SignInError(.misconfigured, "the authorize_url of source '\(source)' isn't an address")
        }
        return CodeRequest(url: url, redirect: redirect, state: state, verifier: verifier)
    }

    /// Finishes `request` with what the redirect brought: the redirect address (or its query)
    /// as the browser shows it, or the bare code.
    public func finishCode(_ request: CodeRequest, answer: String, at endpoints: OAuthEndpoints) async throws(SignInError) -> SignInToken {
        let code = try code(in: answer, for: request)
        return try saved(try await client.exchange(code: code, verifier: request.verifier, redirect: request.redirect, at: endpoints))
    }

    /// The code `answer` carries. A redirect address must carry this sign-in's `state`; a bare
    /// code has none to check.
    func code(in answer: String, for request: CodeRequest) throws(SignInError) -> String {
        let text = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw SignInError(.refused, "nothing was pasted, so source '\(source)' isn't signed in") }
        guard text.contains("=") else {
            guard text.allSatisfy({ !$0.isWhitespace && !$0.isNewline }) else {
                throw SignInError(.refused, "that isn't a redirect address or a code — paste the address the browser went to after approving")
            }
            return text
        }
        let query: String
        if let mark = text.firstIndex(of: "?") {
            query = String(text[text.index(after: mark)...].prefix { $0 != "#" })
        } else {
            query = text
        }
        var fields: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first else { continue }
            let value = parts.count > 1 ? String(parts[1]) : ""
            fields[String(name)] = (value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value)
        }
        if let error = fields["error"] {
            let said = fields["error_description"].map { ": \($0.sanitizedForTerminal)" } ?? ""
            if error == "access_denied" {
                throw SignInError(.refused, "the sign-in to source '\(source)' was denied\(said) — rolo login \(source) to try again")
            }
            throw SignInError(.refused, "the authorization server said \(error.sanitizedForTerminal)\(said) — rolo login \(source) to try again")
        }
        guard fields["state"] == request.state else {
            throw SignInError(.refused, "the pasted address isn't the answer to this sign-in (its state doesn't match) — paste the address this sign-in's approval went to, or rolo login \(source) again")
        }
        guard let code = fields["code"], !code.isEmpty else {
            throw SignInError(.refused, "the pasted address carries no code — paste the whole address the browser went to after approving")
        }
        return code
    }

    // MARK: Client credentials

    /// A token from the client's own credentials, saved.
    public func clientCredentials(at endpoints: OAuthEndpoints) async throws(SignInError) -> SignInToken {
        try saved(try await client.clientCredentials(at: endpoints))
    }

    private func saved(_ token: SignInToken) throws(SignInError) -> SignInToken {
        do {
            try store.save(token, of: source)
        } catch {
            throw SignInError(.server, "source '\(source)' signed in, but \(error.description)")
        }
        return token
    }

    // MARK: Signing out

    /// What `rolo logout` did.
    public struct SignOut: Sendable, Equatable {
        /// Whether a sign-in was kept.
        public var hadToken: Bool
        /// Whether the server was told to revoke it.
        public var revoked: Bool
        /// Why it couldn't be revoked, when it couldn't.
        public var revokeProblem: String?
    }

    /// Forgets the source's sign-in, revoking it first where a revocation endpoint is known.
    /// The token is forgotten even when the revocation fails.
    public func signOut() async throws(SignInError) -> SignOut {
        let token: SignInToken?
        do {
            token = try store.token(of: source)
        } catch {
            // A file rolo won't read (others can read it) is forgotten all the same.
            token = nil
        }
        var outcome = SignOut(hadToken: token != nil, revoked: false, revokeProblem: nil)
        if let token {
            do {
                let endpoints = try await client.revocationEndpoints()
                if endpoints.revoke != nil {
                    try await client.revoke(token, at: endpoints)
                    outcome.revoked = true
                }
            } catch {
                outcome.revokeProblem = error.description
            }
        }
        do {
            if try store.remove(source) { outcome.hadToken = true }
        } catch {
            throw SignInError(.server, error.description)
        }
        return outcome
    }
}
