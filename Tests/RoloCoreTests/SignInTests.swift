import Foundation
import Synchronization
import Testing
@testable import RoloCore

/// A token endpoint and an API behind it: the API takes only the newest access token, and the
/// token endpoint rotates the refresh token on every refresh.
private final class TokenServer: HTTPClient, Sendable {
    struct State {
        var access = "a0"
        var refresh = "r0"
        var refreshes = 0
        var apiCalls = 0
        var lifetime = 3600
        var refuseRefresh = false
    }
    let state = Mutex(State())

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let url = request.url
        if url.path.hasPrefix("/o/token") {
            let form = String(decoding: request.body ?? Data(), as: UTF8.self)
            let answer: String = state.withLock { state in
                if state.refuseRefresh { return #"{"error":"invalid_grant","error_description":"Token is revoked"}"# }
                guard form.contains("refresh_token=\(state.refresh)") || form.contains("grant_type=client_credentials") else {
                    return #"{"error":"invalid_grant"}"#
                }
                state.refreshes += 1
                state.access = "a\(state.refreshes)"
                state.refresh = "r\(state.refreshes)"
                return #"{"access_token":"\#(state.access)","token_type":"Bearer","expires_in":\#(state.lifetime),"refresh_token":"\#(state.refresh)","scope":"read"}"#
            }
            let status = answer.contains("error") ? 400 : 200
            return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(answer.utf8), url: url)
        }
        // Every request waits a moment, so that concurrent ones meet the 401 together.
        try await Task.sleep(for: .milliseconds(20))
        let ok = state.withLock { state in
            state.apiCalls += 1
            return request.headers["Authorization"] == "Bearer \(state.access)"
        }
        return HTTPResponse(status: ok ? 200 : 401, body: Data(ok ? #"{"ok":true}"#.utf8 : #"{"detail":"expired"}"#.utf8), url: url)
    }
}

@Suite struct SignInTests {
    let oauth = OAuth2Auth(flow: .device, deviceURL: "https://auth.example.com/o/device/", tokenURL: "https://auth.example.com/o/token/",
                           clientID: "rolo")

    private func signedIn(_ server: TokenServer, store: TokenStore, access: String = "stale", expiresIn: TimeInterval = 3600) throws -> AuthorizingClient {
        try store.save(SignInToken(accessToken: access, refreshToken: "r0", expiresAt: Date().addingTimeInterval(expiresIn), issuedAt: Date()), of: "crm")
        let session = AuthSession(source: "crm", auth: .oauth2(oauth), store: store, http: server, environment: [:])
        return AuthorizingClient(base: server, session: session, origin: Origin("https://api.example.com")!)
    }

    @Test func twentyRefusalsCauseOneRefresh() async throws {
        let directory = try TemporaryDirectory("tokens")
        let store = TokenStore(directory: directory.path + "/tokens")
        let server = TokenServer()
        let client = try signedIn(server, store: store)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for page in 1...20 {
                group.addTask { try await client.send(HTTPRequest(url: URL(string: "https://api.example.com/records?page=\(page)")!)).status }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(server.state.withLock { $0.refreshes } == 1)
        // The rotated refresh token was kept, mode 0600 in a 0700 directory.
        #expect(try store.token(of: "crm")?.refreshToken == "r1")
        var info = stat()
        stat(store.path(of: "crm"), &info)
        #expect(info.st_mode & 0o777 == 0o600)
        stat(store.directory, &info)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test func tokenGoesOnlyToItsOrigin() async throws {
        let directory = try TemporaryDirectory("tokens")
        let seen = Mutex<[String: String]>([:])
        let recorder = RecordingClient { request in
            seen.withLock { $0[request.url.absoluteString] = request.headers["Authorization"] ?? "-" }
        }
        let store = TokenStore(directory: directory.path + "/tokens")
        try store.save(SignInToken(accessToken: "secret-token", issuedAt: Date()), of: "crm")
        let session = AuthSession(source: "crm", auth: .oauth2(oauth), store: store, http: recorder, environment: [:])
        let client = AuthorizingClient(base: recorder, session: session, origin: Origin("https://api.example.com")!)
        for url in ["https://api.example.com/a", "https://api.example.com:8443/b", "http://api.example.com/c", "https://cdn.example.com/d"] {
            _ = try await client.send(HTTPRequest(url: URL(string: url)!))
        }
        #expect(seen.withLock { $0 } == [
            "https://api.example.com/a": "Bearer secret-token", "https://api.example.com:8443/b": "-",
            "http://api.example.com/c": "-", "https://cdn.example.com/d": "-",
        ])
    }

    @Test func refusedRefreshSignsOut() async throws {
        let directory = try TemporaryDirectory("tokens")
        let store = TokenStore(directory: directory.path + "/tokens")
        let server = TokenServer()
        server.state.withLock { $0.refuseRefresh = true }
        let client = try signedIn(server, store: store)
        do {
            _ = try await client.send(HTTPRequest(url: URL(string: "https://api.example.com/records")!))
            Issue.record("a refused refresh should throw")
        } catch let error as FetchError {
            #expect(error.signIn == "crm")
            #expect(error.message == "the authorization server refused source 'crm''s sign-in (invalid_grant: Token is revoked) — rolo login crm")
            #expect(!error.message.contains("r0"))
        }
        #expect(try store.token(of: "crm") == nil)
    }

    @Test func persistentRefusalIsNotRetriedForever() async throws {
        let directory = try TemporaryDirectory("tokens")
        let store = TokenStore(directory: directory.path + "/tokens")
        let refusing = RecordingClient(status: 401) { _ in }
        try store.save(SignInToken(accessToken: "a", refreshToken: "r0", issuedAt: Date()), of: "crm")
        let server = TokenServer()
        let both = SplitClient(token: server, api: refusing)
        let session = AuthSession(source: "crm", auth: .oauth2(oauth), store: store, http: both, environment: [:])
        let client = AuthorizingClient(base: both, session: session, origin: Origin("https://api.example.com")!)
        let response = try await client.send(HTTPRequest(url: URL(string: "https://api.example.com/records")!))
        #expect(response.status == 401)
        #expect(refusing.count == 2)
        // One refresh after the first 401, one resend, then the refusal as it came.
        #expect(server.state.withLock { $0.refreshes } == 1)
    }

    @Test func shortTokenRefreshedAheadNotBeforeEveryRequest() async throws {
        let base = Date(timeIntervalSince1970: 1_000_000)
        let token = SignInToken(accessToken: "a", expiresAt: base.addingTimeInterval(10), issuedAt: base)
        #expect(!token.isDue(at: base.addingTimeInterval(5)))
        #expect(!token.isDue(at: base.addingTimeInterval(8.9)))
        #expect(token.isDue(at: base.addingTimeInterval(9)))
        #expect(!SignInToken(accessToken: "a", issuedAt: base).isDue(at: base.addingTimeInterval(1e6)))
    }

    @Test func tokenFileOthersCanReadIsRefused() throws {
        let directory = try TemporaryDirectory("tokens")
        let store = TokenStore(directory: directory.path + "/tokens", profile: "prod")
        try store.save(SignInToken(accessToken: "a", issuedAt: Date()), of: "crm")
        #expect(store.path(of: "crm").hasSuffix("/tokens/prod.crm.json"))
        chmod(store.path(of: "crm"), 0o644)
        #expect(throws: TokenStore.Problem.self) { try store.token(of: "crm") }
        do { _ = try store.token(of: "crm") } catch {
            #expect(error.description.contains("is readable by others (mode 644), so rolo won't use it — chmod 600"))
        }
    }

    @Test func commandTokenAndItsFailures() async throws {
        let token = try await TokenCommand.run(["/bin/sh", "-c", "echo tok-123; echo second"], setting: "command", source: "crm", environment: [:])
        #expect(token == "tok-123")
        await #expect(throws: SignInError(.server, "the command of source 'crm' (/bin/sh) exited with status 3: vault is locked")) {
            try await TokenCommand.run(["/bin/sh", "-c", "echo vault is locked >&2; exit 3"], setting: "command", source: "crm", environment: [:])
        }
        await #expect(throws: SignInError(.server, "the command of source 'crm' (/bin/sh) was still running after 1 s and was stopped")) {
            try await TokenCommand.run(["/bin/sh", "-c", "sleep 30"], setting: "command", source: "crm", environment: [:], limit: .seconds(1))
        }
        await #expect(throws: SignInError(.misconfigured, "the command of source 'crm' runs no-such-program-x, which isn't on PATH")) {
            try await TokenCommand.run(["no-such-program-x"], setting: "command", source: "crm", environment: ["PATH": "/nonexistent"])
        }
    }

    @Test func tokenEndpointAnswersBecomeSentences() async throws {
        func failing(_ status: Int, _ body: String, type: String = "application/json") async -> String {
            let client = OAuthClient(source: "crm", auth: OAuth2Auth(flow: .clientCredentials, tokenURL: "https://auth.example.com/o/token/", clientID: "rolo", clientSecret: "s"),
                                     http: RecordingClient(status: status, body: body, type: type) { _ in })
            do {
                _ = try await client.clientCredentials(at: try await client.endpoints())
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(await failing(401, #"{"error":"invalid_client"}"#)
            == "the authorization server doesn't know rolo's client (invalid_client) — check client_id and client_secret in source 'crm''s [sources.auth]")
        #expect(await failing(500, "<html><body>oops</body></html>", type: "text/html")
            == "the token endpoint of source 'crm' answered 500 with an HTML page — the server failed; try again later")
        #expect(await failing(200, "<html>login</html>", type: "text/html")
            == "the token endpoint of source 'crm' answered an HTML page, not a token — check its address in [sources.auth]")
        #expect(await failing(200, #"{"token_type":"Bearer"}"#) == "the token endpoint of source 'crm' answered without an access_token")
    }

    @Test func configTables() throws {
        let settings = try Settings.loaded(fromConfig: """
            [[sources]]
            name = "crm"
            url = "https://api.example.com/records"
            [sources.auth]
            type = "oauth2"
            flow = "device"
            issuer = "https://auth.example.com/o"
            client_id = "rolo"
            scopes = ["read", "write"]

            [[sources]]
            name = "vault"
            url = "https://api.example.com/other"
            [sources.auth]
            type = "command"
            command = ["pass", "show", "crm/token"]
            ttl = "50m"
            """)
        let sources = settings.configuredSources.sources
        #expect(sources[0].auth == .oauth2(OAuth2Auth(flow: .device, issuer: "https://auth.example.com/o", clientID: "rolo", scopes: ["read", "write"])))
        #expect(sources[1].auth == .command(CommandAuth(command: ["pass", "show", "crm/token"], ttl: 3000)))
        func mistake(_ auth: String) -> String {
            do {
                _ = try Settings.loaded(fromConfig: "[[sources]]\nname = \"crm\"\nurl = \"https://api.example.com/r\"\n[sources.auth]\n" + auth)
                return "read"
            } catch {
                return "\(error)"
            }
        }
        #expect(mistake("type = \"oauth\"").contains("unknown auth type 'oauth' of source 'crm' (did you mean 'oauth2'?) — the types are basic, command, oauth2"))
        #expect(mistake("type = \"oauth2\"\nflow = \"device\"\nclient_id = \"x\"\ntoken_url = \"https://a.example/t\"")
            .contains("the device flow of source 'crm' needs device_url = \"https://…\", or issuer = \"https://…\" to discover it"))
        #expect(mistake("type = \"oauth2\"\nflow = \"client_credentials\"\nclient_id = \"x\"\ntoken_url = \"https://a.example/t\"")
            .contains("needs client_secret"))
        #expect(mistake("type = \"command\"\ncommand = [\"pass\"]\nformat = \"Bearer\"").contains("should hold {token}"))
        #expect(mistake("type = \"basic\"\nuser = \"ada\"").contains("needs password"))
        #expect(mistake("type = \"command\"\ncommand = [\"pass\"]\nttl = \"soon\"").contains("ttl of source 'crm''s auth should be a time"))
    }
}

/// Answers every request with one status and body, telling `seen` about each.
private final class RecordingClient: HTTPClient, Sendable {
    let status: Int
    let body: String
    let type: String
    let seen: @Sendable (HTTPRequest) -> Void
    private let calls = Mutex(0)
    var count: Int { calls.withLock { $0 } }

    init(status: Int = 200, body: String = "{}", type: String = "application/json", _ seen: @escaping @Sendable (HTTPRequest) -> Void) {
        self.status = status
        self.body = body
        self.type = type
        self.seen = seen
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        calls.withLock { $0 += 1 }
        seen(request)
        return HTTPResponse(status: status, headers: ["Content-Type": type], body: Data(body.utf8), url: request.url)
    }
}

/// The token server's answers for its token endpoint, another client's for everything else.
private struct SplitClient: HTTPClient {
    let token: TokenServer
    let api: RecordingClient

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        request.url.path.hasPrefix("/o/token") ? try await token.send(request) : try await api.send(request)
    }
}
