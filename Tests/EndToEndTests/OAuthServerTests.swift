import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Spawn
import Testing

extension EndToEnd {
    /// The tests' OAuth server (Tests/OAuthServer, django-oauth-toolkit) works as the sign-in
    /// tests take it to: spoken to with plain URLSession, no rolo involved.
    @Suite("OAuth server for the end-to-end tests", .serialized)
    struct OAuthServerTests {
        /// (status, headers, JSON object) of a request; `form` makes it a urlencoded POST.
        static func call(_ url: String, form: [String: String]? = nil, bearer: String? = nil,
                         basic: (String, String)? = nil) async throws -> (Int, [String: String], [String: Any]) {
            var request = URLRequest(url: try #require(URL(string: url)))
            if let form {
                request.httpMethod = "POST"
                request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                var allowed = CharacterSet.alphanumerics
                allowed.insert(charactersIn: "-._~")
                request.httpBody = Data(form.sorted { $0.key < $1.key }.map {
                    "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
                }.joined(separator: "&").utf8)
            }
            if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
            if let basic {
                request.setValue("Basic " + Data("\(basic.0):\(basic.1)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
            }
            let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            let headers = Dictionary(http.allHeaderFields.map { ("\($0.key)".lowercased(), "\($0.value)") }) { $1 }
            let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            return (http.statusCode, headers, json)
        }

        @Test("A client-credentials token reads page 1 of /api/contacts; no token is a 401 with a Bearer challenge; /stats counted both")
        func clientCredentials() async throws {
            let server = try await OAuthTestServer.start(contacts: 45)
            defer { server.stop() }
            let (status, _, token) = try await Self.call(server.tokenURL, form: ["grant_type": "client_credentials", "scope": "read"],
                                                         basic: ("rolo-service", "service-secret"))
            #expect(status == 200, "\(token)")
            let accessToken = try #require(token["access_token"] as? String, "\(token)")
            #expect(token["token_type"] as? String == "Bearer")

            let (pageStatus, _, page) = try await Self.call(server.contactsURL + "?page=1&per_page=20", bearer: accessToken)
            #expect(pageStatus == 200, "\(page)")
            let results = try #require(page["results"] as? [[String: Any]], "\(page)")
            #expect(results.count == 20)
            #expect(results.first?["name"] as? String == "Contact 1")
            #expect(results.first?["email"] as? String == "contact1@example.com")
            #expect(page["count"] as? Int == 45)
            #expect(page["next"] as? String == server.baseURL + "/api/contacts?page=2&per_page=20")

            let (refused, headers, _) = try await Self.call(server.contactsURL)
            #expect(refused == 401)
            #expect(headers["www-authenticate"]?.contains("Bearer") == true)
            #expect(headers["www-authenticate"]?.contains("error=\"invalid_token\"") == true, "\(headers)")

            let stats = try await server.stats()
            #expect(stats.tokenRequests == ["client_credentials": 1])
            #expect(stats.tokenErrors.isEmpty)
            #expect(stats.apiRequests == 2)
            #expect(stats.api401 == 1)
        }

        @Test("Device flow: device-authorization, pending, ada approves over HTTP, polling gets a token that reads the API")
        func deviceFlow() async throws {
            let server = try await OAuthTestServer.start()
            defer { server.stop() }
            let (status, _, device) = try await Self.call(server.deviceAuthorizationURL, form: ["client_id": "rolo-device", "scope": "read"])
            #expect(status == 200, "\(device)")
            let deviceCode = try #require(device["device_code"] as? String, "\(device)")
            let userCode = try #require(device["user_code"] as? String, "\(device)")
            #expect(device["verification_uri"] as? String == server.baseURL + "/o/device/")
            let interval = device["interval"] as? Int ?? 5
            let poll = ["grant_type": "urn:ietf:params:oauth:grant-type:device_code", "device_code": deviceCode, "client_id": "rolo-device"]

            let (pending, _, pendingBody) = try await Self.call(server.tokenURL, form: poll)
            #expect(pending == 400)
            #expect(pendingBody["error"] as? String == "authorization_pending", "\(pendingBody)")

            try await server.approveDevice(userCode: userCode)

            let deadline = ContinuousClock.now + .seconds(30)
            var tokens: [String: Any] = [:]
            while tokens["access_token"] == nil {
                try #require(ContinuousClock.now < deadline, "no token within 30 s of the approval: \(tokens)")
                try await Task.sleep(for: .seconds(interval))
                (_, _, tokens) = try await Self.call(server.tokenURL, form: poll)
            }
            #expect(tokens["refresh_token"] is String, "\(tokens)")
            let accessToken = try #require(tokens["access_token"] as? String)
            let (pageStatus, _, page) = try await Self.call(server.contactsURL, bearer: accessToken)
            #expect(pageStatus == 200)
            #expect((page["results"] as? [Any])?.isEmpty == false)

            let stats = try await server.stats()
            #expect(stats.deviceAuthorizations == 1)
            #expect(stats.tokenRequests["urn:ietf:params:oauth:grant-type:device_code", default: 0] >= 2)
        }

        @Test("Authorization code: ada allows over HTTP, the loopback redirect at any port gets code and state, PKCE exchanges it")
        func authorizationCode() async throws {
            let server = try await OAuthTestServer.start()
            defer { server.stop() }
            // plain keeps this test free of a SHA-256; rolo itself sends S256.
            let verifier = "rolo-test-verifier-" + UUID().uuidString + UUID().uuidString
            var components = try #require(URLComponents(string: server.authorizeURL))
            let redirect = "http://127.0.0.1:54321/callback"
            components.queryItems = [
                URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: "rolo-code"),
                URLQueryItem(name: "redirect_uri", value: redirect), URLQueryItem(name: "scope", value: "read"),
                URLQueryItem(name: "state", value: "st4te"), URLQueryItem(name: "code_challenge", value: verifier),
                URLQueryItem(name: "code_challenge_method", value: "plain"),
            ]
            let authorization = try #require(components.url?.absoluteString)
            let location = try await server.approveAuthorization(url: authorization)
            #expect(location.hasPrefix(redirect + "?"), "\(location)")
            let answer = try #require(URLComponents(string: location)?.queryItems)
            #expect(answer.first { $0.name == "state" }?.value == "st4te")
            let code = try #require(answer.first { $0.name == "code" }?.value, "\(location)")
            let (status, _, tokens) = try await Self.call(server.tokenURL, form: [
                "grant_type": "authorization_code", "code": code, "redirect_uri": redirect,
                "client_id": "rolo-code", "code_verifier": verifier,
            ])
            #expect(status == 200, "\(tokens)")
            #expect(tokens["access_token"] is String && tokens["refresh_token"] is String, "\(tokens)")

            let denied = try await server.approveAuthorization(url: authorization, deny: true)
            #expect(denied.contains("error=access_denied"), "\(denied)")
        }

        @Test("Stopping the server ends its process and removes its directory")
        func stopLeavesNothing() async throws {
            let server = try await OAuthTestServer.start()
            let pid = server.pid
            #expect(ProcessTable.isRunning(pid))
            #expect(FileManager.default.fileExists(atPath: server.statePath + "/oauth.sqlite3"))
            server.stop()
            #expect(!ProcessTable.isRunning(pid))
            #expect(kill(pid, 0) == -1 && errno == ESRCH, "\(pid) was not reaped")
            #expect(!FileManager.default.fileExists(atPath: server.statePath))
        }
    }
}
