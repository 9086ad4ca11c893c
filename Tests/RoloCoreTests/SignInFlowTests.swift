import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import RoloTestSupport
import Synchronization
import Testing
@testable import RoloCore

/// The flows `rolo login` and the screen run: the device flow's polling, the code flow's
/// answer, client credentials, signing out, and what `rolo auth` says.
@Suite struct SignInFlowTests {
    let device = OAuth2Auth(flow: .device, deviceURL: "https://auth.example.com/o/device/", tokenURL: "https://auth.example.com/o/token/",
                            revokeURL: "https://auth.example.com/o/revoke/", clientID: "rolo", scopes: ["read"])

    /// The waits the flow asked for, instead of waiting them.
    final class Waits: Sendable {
        let seconds = Mutex<[Double]>([])
        var sleep: @Sendable (Duration) async throws -> Void {
            { [self] duration in seconds.withLock { $0.append(Double(duration.components.seconds)) } }
        }
    }

    private func flow(_ auth: OAuth2Auth, _ http: FakeHTTPClient, store: TokenStore, waits: Waits = Waits(),
                      now: @escaping @Sendable () -> Date = Date.init) -> SignInFlow {
        SignInFlow(source: "crm", auth: auth, store: store, http: http, now: now, sleep: waits.sleep)
    }

    private static let deviceAnswer = #"{"device_code":"dc","user_code":"WDJB-MJHT","verification_uri":"https://auth.example.com/device","verification_uri_complete":"https://auth.example.com/device?user_code=WDJB-MJHT","expires_in":600,"interval":2}"#
    private static let tokenAnswer = #"{"access_token":"at-1","token_type":"bearer","expires_in":3600,"refresh_token":"rt-1","scope":"read"}"#

    @Test func deviceFlowPollsAtTheIntervalSlowsDownAndSaves() async throws {
        let directory = try TemporaryDirectory("flow")
        let store = TokenStore(directory: directory.path)
        let http = FakeHTTPClient()
        http.on(.path("/o/device"), method: "POST", .json(Self.deviceAnswer))
        http.on(.path("/o/token"), method: "POST", answers: [
            .respond(400, #"{"error":"authorization_pending"}"#), .respond(400, #"{"error":"slow_down"}"#),
            .respond(400, #"{"error":"authorization_pending"}"#), .json(Self.tokenAnswer),
        ])
        let waits = Waits()
        let signIn = flow(device, http, store: store, waits: waits)
        let endpoints = try await signIn.endpoints()
        let grant = try await signIn.startDevice(at: endpoints)
        #expect(grant.userCode == "WDJB-MJHT")
        #expect(grant.verificationURIComplete == "https://auth.example.com/device?user_code=WDJB-MJHT")
        let slowed = Mutex<[Double]>([])
        let token = try await signIn.awaitDevice(grant, at: endpoints, slowedDown: { interval in slowed.withLock { $0.append(interval) } })
        #expect(token.accessToken == "at-1")
        #expect(token.authorization == "Bearer at-1")
        #expect(waits.seconds.withLock { $0 } == [2, 2, 7, 7])
        #expect(slowed.withLock { $0 } == [7])
        #expect(try store.token(of: "crm")?.refreshToken == "rt-1")
        let form = String(decoding: http.requests.first?.body ?? Data(), as: UTF8.self)
        #expect(form == "client_id=rolo&scope=read")
        let poll = String(decoding: http.requests.last?.body ?? Data(), as: UTF8.self)
        #expect(poll.contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code"))
        #expect(poll.contains("device_code=dc"))
    }

    @Test(arguments: [
        (#"{"error":"access_denied"}"#, "the sign-in to source 'crm' was denied — rolo login crm to try again"),
        (#"{"error":"expired_token"}"#, "the code for source 'crm' ran out before it was approved — rolo login crm for a new one"),
    ])
    func deviceFlowStopsOnAnAnswerThatEndsIt(answer: String, message: String) async throws {
        let directory = try TemporaryDirectory("flow")
        let store = TokenStore(directory: directory.path)
        let http = FakeHTTPClient()
        http.on(.path("/o/device"), method: "POST", .json(Self.deviceAnswer))
        http.on(.path("/o/token"), method: "POST", answers: [.respond(400, #"{"error":"authorization_pending"}"#), .respond(400, answer)])
        let signIn = flow(device, http, store: store)
        let endpoints = try await signIn.endpoints()
        let grant = try await signIn.startDevice(at: endpoints)
        let error = await #expect(throws: SignInError.self) { try await signIn.awaitDevice(grant, at: endpoints) }
        #expect(error?.description == message)
        #expect(error?.kind == .refused)
        #expect(try store.token(of: "crm") == nil)
    }

    @Test func deviceFlowStopsPollingOnceTheCodeRunsOut() async throws {
        let directory = try TemporaryDirectory("flow")
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let http = FakeHTTPClient()
        http.on(.path("/o/token"), method: "POST", .respond(400, #"{"error":"authorization_pending"}"#))
        let signIn = SignInFlow(source: "crm", auth: device, store: TokenStore(directory: directory.path), http: http,
                                now: { clock.withLock { $0 } },
                                sleep: { duration in clock.withLock { $0 += TimeInterval(duration.components.seconds) } })
        let grant = DeviceGrant(deviceCode: "dc", userCode: "U", verificationURI: "https://auth.example.com/device",
                                expiresAt: Date(timeIntervalSince1970: 1_000_000 + 30), interval: 10)
        let error = await #expect(throws: SignInError.self) { try await signIn.awaitDevice(grant, at: try await signIn.endpoints()) }
        #expect(error?.description.contains("ran out before it was approved") == true)
        // Polled at 10 s and 20 s; at 30 s the code was out, so no third poll.
        #expect(http.requests.count == 2)
    }

    @Test func deviceAnswerMissingItsFieldsIsASentence() async throws {
        let directory = try TemporaryDirectory("flow")
        let http = FakeHTTPClient()
        http.on(.path("/o/device"), method: "POST", .respond(200, "<html>login</html>", headers: ["Content-Type": "text/html"]))
        let signIn = flow(device, http, store: TokenStore(directory: directory.path))
        let error = await #expect(throws: SignInError.self) { try await signIn.startDevice(at: try await signIn.endpoints()) }
        #expect(error?.description == "the device authorization endpoint of source 'crm' answered an HTML page, not a token — check its address in [sources.auth]")
    }

    @Test func sequencesInAnAnswerNeverReachTheTerminal() async throws {
        // Seen while writing the sign-in-answer fuzz target, which checks them since: a scope shown
        // by rolo auth, a user code and an address drawn by rolo login and the overlay, each as
        // the server wrote it.
        let directory = try TemporaryDirectory("flow")
        let store = TokenStore(directory: directory.path)
        let http = FakeHTTPClient()
        http.on(.path("/o/device"), method: "POST", .json(#"{"device_code":"dc","user_code":"AB\u001b]52;c;eA==\u0007CD","verification_uri":"https://auth.example.com/\u001b[2Jd","interval":1}"#))
        http.on(.path("/o/token"), method: "POST", .json(#"{"access_token":"at","expires_in":60,"scope":"read \u001b]0;pwned\u0007write"}"#))
        let signIn = flow(device, http, store: store)
        let endpoints = try await signIn.endpoints()
        let grant = try await signIn.startDevice(at: endpoints)
        #expect(!grant.userCode.contains("\u{1b}") && !grant.verificationURI.contains("\u{1b}"))
        let token = try await signIn.awaitDevice(grant, at: endpoints)
        #expect(token.scope.map { !$0.contains("\u{1b}") && !$0.contains("\u{7}") } == true, "\(token.scope ?? "")")
    }

    @Test func aDiscoveryDocumentWithoutTheFlowsEndpointNamesTheKeyToWrite() async throws {
        let http = FakeHTTPClient()
        http.on(.path("/o/.well-known/openid-configuration"), .json(#"{"issuer":"https://auth.example.com/o","token_endpoint":"https://auth.example.com/o/token/"}"#))
        let auth = OAuth2Auth(flow: .device, issuer: "https://auth.example.com/o", clientID: "rolo")
        let error = await #expect(throws: SignInError.self) {
            try await flow(auth, http, store: TokenStore(directory: "/nonexistent")).endpoints()
        }
        #expect(error?.description == "the issuer's discovery document names no device_authorization_endpoint — write device_url = \"https://…\" in source 'crm''s [sources.auth]")
        #expect(error?.kind == .misconfigured)
    }

    @Test func aTokenWithoutExpiresInIsUsedUntilRefused() async throws {
        let directory = try TemporaryDirectory("flow")
        let http = FakeHTTPClient()
        http.on(.path("/o/token"), method: "POST", .json(#"{"access_token":"forever"}"#))
        let auth = OAuth2Auth(flow: .clientCredentials, tokenURL: "https://auth.example.com/o/token/", clientID: "svc", clientSecret: "s")
        let session = AuthSession(source: "crm", auth: .oauth2(auth), store: TokenStore(directory: directory.path), http: http, environment: [:])
        let first = try await session.header()
        #expect(first == SignedHeader(name: "Authorization", value: "Bearer forever", due: nil))
        #expect(try await session.header() == first)
        #expect(http.requests.count == 1, "no expiry said: not fetched again until a 401")
    }

    // MARK: Code flow

    private var code: OAuth2Auth {
        OAuth2Auth(flow: .code, tokenURL: "https://auth.example.com/o/token/", authorizeURL: "https://auth.example.com/o/authorize/",
                   clientID: "rolo", scopes: ["read", "write"])
    }

    @Test func codeFlowChecksStateAndSendsTheVerifier() async throws {
        let directory = try TemporaryDirectory("flow")
        let store = TokenStore(directory: directory.path)
        let http = FakeHTTPClient()
        http.on(.path("/o/token"), method: "POST", .json(Self.tokenAnswer))
        let signIn = flow(code, http, store: store)
        let endpoints = try await signIn.endpoints()
        let request = try signIn.startCode(redirect: "http://127.0.0.1:4711/callback", at: endpoints)
        let query = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
        let items = Dictionary(query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(items["code_challenge_method"] == "S256")
        #expect(items["code_challenge"] == OAuthClient.challenge(request.verifier))
        #expect(items["state"] == request.state)
        #expect(items["redirect_uri"] == "http://127.0.0.1:4711/callback")
        #expect(items["scope"] == "read write")

        // Another sign-in's answer is refused before anything is sent.
        let stale = await #expect(throws: SignInError.self) {
            try await signIn.finishCode(request, answer: "http://127.0.0.1:4711/callback?code=c1&state=someone-else", at: endpoints)
        }
        #expect(stale?.description.contains("its state doesn't match") == true)
        #expect(http.requests.isEmpty)

        let token = try await signIn.finishCode(request, answer: "  http://127.0.0.1:4711/callback?code=c%2F1&state=\(request.state)\n", at: endpoints)
        #expect(token.accessToken == "at-1")
        let form = String(decoding: http.requests.last?.body ?? Data(), as: UTF8.self)
        #expect(form.contains("code=c%2F1"))
        #expect(form.contains("code_verifier=\(request.verifier)"))
        #expect(form.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A4711%2Fcallback"))
        #expect(try store.token(of: "crm")?.accessToken == "at-1")
    }

    @Test(arguments: [
        ("bare-code_123", "bare-code_123"),
        ("code=abc&state=STATE", "abc"),
        ("https://example.com/cb?state=STATE&code=xyz#fragment", "xyz"),
    ])
    func aPastedAnswerGivesItsCode(answer: String, expected: String) throws {
        let signIn = flow(code, FakeHTTPClient(), store: TokenStore(directory: "/nonexistent"))
        let request = SignInFlow.CodeRequest(url: URL(string: "https://auth.example.com/")!, redirect: "http://127.0.0.1/callback",
                                             state: "STATE", verifier: "v")
        #expect(try signIn.code(in: answer, for: request) == expected)
    }

    @Test(arguments: [
        ("", "nothing was pasted, so source 'crm' isn't signed in"),
        ("two words", "that isn't a redirect address or a code — paste the address the browser went to after approving"),
        ("http://127.0.0.1/callback?error=access_denied&error_description=The+user+said+no&state=STATE",
         "the sign-in to source 'crm' was denied: The user said no — rolo login crm to try again"),
        ("http://127.0.0.1/callback?state=STATE", "the pasted address carries no code — paste the whole address the browser went to after approving"),
        ("http://127.0.0.1/callback?code=abc",
         "the pasted address isn't the answer to this sign-in (its state doesn't match) — paste the address this sign-in's approval went to, or rolo login crm again"),
    ])
    func aPastedAnswerThatIsNoneIsSaid(answer: String, message: String) {
        let signIn = flow(code, FakeHTTPClient(), store: TokenStore(directory: "/nonexistent"))
        let request = SignInFlow.CodeRequest(url: URL(string: "https://auth.example.com/")!, redirect: "http://127.0.0.1/callback",
                                             state: "STATE", verifier: "v")
        #expect(throws: SignInError(.refused, message)) { try signIn.code(in: answer, for: request) }
    }

    // MARK: Client credentials, signing out

    @Test func clientCredentialsSendTheSecretToTheTokenEndpointOnly() async throws {
        let directory = try TemporaryDirectory("flow")
        let store = TokenStore(directory: directory.path)
        let http = FakeHTTPClient()
        http.on(.path("/o/token"), method: "POST", .json(#"{"access_token":"svc","expires_in":60}"#))
        let auth = OAuth2Auth(flow: .clientCredentials, tokenURL: "https://auth.example.com/o/token/", clientID: "svc", clientSecret: "s3cret")
        let token = try await flow(auth, http, store: store).clientCredentials(at: try await flow(auth, http, store: store).endpoints())
        #expect(token.refreshToken == nil)
        let form = String(decoding: http.requests.last?.body ?? Data(), as: UTF8.self)
        #expect(form == "grant_type=client_credentials&client_id=svc&client_secret=s3cret")
    }

    @Test func signingOutRevokesTheRefreshTokenAndForgetsIt() async throws {
        let directory = try TemporaryDirectory("flow")
        let store = TokenStore(directory: directory.path)
        try store.save(SignInToken(accessToken: "at", refreshToken: "rt", issuedAt: Date()), of: "crm")
        let http = FakeHTTPClient()
        http.on(.path("/o/revoke"), method: "POST", .respond(200, ""))
        let outcome = try await flow(device, http, store: store).signOut()
        #expect(outcome == SignInFlow.SignOut(hadToken: true, revoked: true, revokeProblem: nil))
        #expect(String(decoding: http.requests.last?.body ?? Data(), as: UTF8.self) == "token=rt&token_type_hint=refresh_token&client_id=rolo")
        #expect(try store.token(of: "crm") == nil)
    }

    @Test func aFailedRevocationStillForgetsTheToken() async throws {
        let directory = try TemporaryDirectory("flow")
        let store = TokenStore(directory: directory.path)
        try store.save(SignInToken(accessToken: "at", refreshToken: "rt", issuedAt: Date()), of: "crm")
        let http = FakeHTTPClient()
        http.on(.path("/o/revoke"), method: "POST", .respond(503, "<html>down</html>", headers: ["Content-Type": "text/html"]))
        let outcome = try await flow(device, http, store: store).signOut()
        #expect(outcome.hadToken && !outcome.revoked)
        #expect(outcome.revokeProblem == "the revocation endpoint of source 'crm' answered 503 with an HTML page — the server failed; try again later")
        #expect(try store.token(of: "crm") == nil)
        // Nothing kept: nothing to revoke, nothing sent.
        let again = try await flow(device, http, store: store).signOut()
        #expect(again == SignInFlow.SignOut(hadToken: false, revoked: false, revokeProblem: nil))
        #expect(http.requests.count == 1)
    }

    @Test func theLoopbackRedirectTakesTheBrowsersRequestToItsPath() async throws {
        let listener = try LoopbackRedirect(path: "/callback")
        #expect(listener.redirect(from: "http://127.0.0.1/callback") == "http://127.0.0.1:\(listener.port)/callback")
        async let answer = listener.next()
        let session = URLSession(configuration: .ephemeral)
        let (_, favicon) = try await session.data(from: try #require(URL(string: "http://127.0.0.1:\(listener.port)/favicon.ico")))
        #expect((favicon as? HTTPURLResponse)?.statusCode == 404)
        let (page, redirect) = try await session.data(from: try #require(URL(string: "http://127.0.0.1:\(listener.port)/callback?code=c1&state=s1")))
        #expect((redirect as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("go back to the terminal"))
        #expect(await answer == "http://127.0.0.1:\(listener.port)/callback?code=c1&state=s1")
    }

    @Test func aClosedLoopbackRedirectStopsWaiting() async throws {
        let listener = try LoopbackRedirect(path: "/callback")
        async let answer = listener.next()
        listener.close()
        #expect(await answer == nil)
    }

    // MARK: rolo auth

    @Test func statusSaysSignedInUntilWhenWithWhichScopesAndAsWhom() throws {
        let directory = try TemporaryDirectory("flow")
        let store = TokenStore(directory: directory.path, profile: "prod")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let sources = try Settings.loaded(fromConfig: """
            [[sources]]
            name = "crm"
            url = "https://crm.example.com/api/people"
            [sources.auth]
            type = "oauth2"
            flow = "device"
            device_url = "https://auth.example.com/device"
            token_url = "https://auth.example.com/token"
            client_id = "rolo"
            scopes = ["read"]

            [[sources]]
            name = "tickets"
            url = "https://tickets.example.com/api"
            [sources.auth]
            type = "command"
            command = ["pass", "show", "tickets/token"]
            ttl = "50m"

            [[sources]]
            name = "jira"
            url = "https://jira.example.com/rest"
            [sources.auth]
            type = "basic"
            user = "${JIRA_USER}"
            password = "${JIRA_TOKEN}"

            [[sources]]
            name = "plain"
            url = "https://plain.example.com/"
            """).configuredSources.sources
        try store.save(SignInToken(accessToken: "secret-at", refreshToken: "secret-rt", expiresAt: now.addingTimeInterval(58 * 60),
                                   issuedAt: now.addingTimeInterval(-120), scope: "read", who: "ada@example.com"), of: "crm")
        let environment = ["JIRA_USER": "ada", "JIRA_TOKEN": "hunter2"]
        let lines = sources.compactMap { SignInStatus($0, store: store, environment: environment) }.flatMap { $0.lines(now: now) }
        #expect(lines == [
            "crm — oauth2, device flow",
            "  signed in, the access token expires 2027-01-15 08:58 UTC (in 58 min), refreshed ahead",
            "  scopes: read",
            "  signed in as ada@example.com",
            "tickets — command",
            "  token from pass show tickets/token, run again after 50 min and after a 401",
            "  sent as Authorization: Bearer {token}",
            "jira — basic",
            "  user ada, password from the config",
        ])
        #expect(!lines.joined().contains("secret") && !lines.joined().contains("hunter2"))
        try store.remove("crm")
        #expect(SignInStatus(sources[0], store: store, environment: [:])?.lines(now: now).last == "  not signed in — rolo login crm")
    }
}
