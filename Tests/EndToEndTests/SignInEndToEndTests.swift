import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import RoloTestSupport
import StandIn
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `rolo login`, `rolo auth`, `rolo dump`, `rolo sync` and `rolo logout` against a real OAuth 2.0
/// server (django-oauth-toolkit, ``OAuthTestServer``) and the protected, paged API beside it,
/// over HTTP on 127.0.0.1: the flows as a person runs them, ada approving over HTTP.
extension EndToEnd {
    @Suite(.serialized) struct SignIn {
        /// A home of the test's own with a config file of one source of `server`'s contacts.
        private static func home(_ server: OAuthTestServer, auth: String, perPage: Int = 20) throws -> TemporaryDirectory {
            try home(config: """
                [[sources]]
                name = "crm"
                url = "\(server.contactsURL)?per_page=\(perPage)"
                records = "results"
                label = "{name}"

                [sources.paging]
                style = "next-url"
                next = "next"

                [sources.auth]
                \(auth)
                """)
        }

        /// A home of the test's own whose config file is `config`.
        private static func home(config: String) throws -> TemporaryDirectory {
            let home = try TemporaryDirectory("signin")
            try FileManager.default.createDirectory(atPath: home.path + "/config/rolo", withIntermediateDirectories: true)
            try config.write(toFile: home.path + "/config/rolo/config.toml", atomically: true, encoding: .utf8)
            return home
        }

        private static func device(_ server: OAuthTestServer) -> String {
            """
            type = "oauth2"
            flow = "device"
            device_url = "\(server.deviceAuthorizationURL)"
            token_url = "\(server.tokenURL)"
            revoke_url = "\(server.revokeURL)"
            client_id = "rolo-device"
            scopes = ["read"]
            """
        }

        /// `rolo login` (`arguments`) by the device flow, `approve`d once it shows its code on
        /// standard error; what it printed.
        private static func deviceLogin(_ arguments: [String] = ["login", "crm"], home: TemporaryDirectory, environment: [String: String] = [:],
                                        approve: (_ code: String, _ shown: String) async throws -> Void) async throws -> DumpProcess {
            let errors = home.path + "/login.err"
            async let login = DumpProcess.run(arguments, home: home.path, environment: environment, errors: errors)
            let shown = try await eventually("rolo login to show the code", {
                (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            }, until: { $0.contains("enter the code") })
            let code = try #require(shown.split(separator: "\n").first { $0.contains("enter the code") }?.split(separator: " ").last)
            try await approve(String(code), shown)
            return try await login
        }

        /// `rolo login crm` by the device flow, approved (or denied) by ada.
        private static func deviceLogin(_ server: OAuthTestServer, home: TemporaryDirectory, deny: Bool = false) async throws -> DumpProcess {
            try await deviceLogin(home: home) { code, shown in
                #expect(shown.contains(server.baseURL + "/o/device"), "the verification address is shown: \(shown)")
                try await server.approveDevice(userCode: code, deny: deny)
            }
        }

        @Test("The device flow signs in, the list loads page by page with the token, rolo auth says so, logout revokes")
        func deviceFlow() async throws {
            let server = try await OAuthTestServer.start(contacts: 45)
            defer { server.stop() }
            let home = try Self.home(server, auth: Self.device(server))

            let before = try await DumpProcess.run(["dump", "crm"], home: home.path)
            #expect(before.status == 1)
            #expect(before.stderr.contains("source 'crm' needs signing in — rolo login crm"), "\(before.stderr)")

            let login = try await Self.deviceLogin(server, home: home)
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.stderr.contains("Signed in, the access token expires"), "\(login.stderr)")

            let tokens = home.path + "/state/rolo/tokens"
            var info = stat()
            #expect(stat(tokens + "/default.crm.json", &info) == 0 && info.st_mode & 0o777 == 0o600)
            #expect(stat(tokens, &info) == 0 && info.st_mode & 0o777 == 0o700)
            let saved = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: tokens + "/default.crm.json"))) as? [String: Any]
            let access = try #require(saved?["access_token"] as? String)
            let refresh = try #require(saved?["refresh_token"] as? String)

            let auth = try await DumpProcess.run(["auth"], home: home.path)
            #expect(auth.status == 0)
            #expect(auth.stdout.contains("profile default, tokens in \(tokens)"))
            #expect(auth.stdout.contains("crm — oauth2, device flow\n  signed in, the access token expires"), "\(auth.stdout)")
            #expect(auth.stdout.contains("  scopes: read"))

            let dump = try await DumpProcess.run(["dump", "crm", "--format", "jsonl"], home: home.path)
            #expect(dump.status == 0, "\(dump.stderr)")
            #expect(dump.stdout.split(separator: "\n").count == 45)
            #expect(dump.stdout.contains("Contact 45"))

            // No token in the log, the store, a dump or rolo auth's output.
            for file in try Self.files(under: home.path + "/state/rolo", excluding: "tokens") + Self.files(under: home.path + "/data") {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
                #expect(bytes.range(of: Data(access.utf8)) == nil && bytes.range(of: Data(refresh.utf8)) == nil, "a token in \(file)")
            }
            for output in [dump.stdout, dump.stderr, auth.stdout, login.stderr] {
                #expect(!output.contains(access) && !output.contains(refresh))
            }

            let logout = try await DumpProcess.run(["logout", "crm"], home: home.path)
            #expect(logout.status == 0, "\(logout.stderr)")
            #expect(logout.stderr.contains("Signed out of crm, and the server revoked the sign-in."))
            #expect(try await server.stats().revocations == 1)
            #expect(!FileManager.default.fileExists(atPath: tokens + "/default.crm.json"))
            let after = try await DumpProcess.run(["auth"], home: home.path)
            #expect(after.stdout.contains("  not signed in — rolo login crm"))
        }

        @Test("A refresh the server refuses (revoked) signs the source out, saying rolo login; what is stored stays readable")
        func revokedRefreshToken() async throws {
            let server = try await OAuthTestServer.start(accessSeconds: 2, contacts: 8)
            defer { server.stop() }
            let home = try Self.home(server, auth: Self.device(server))
            #expect(try await Self.deviceLogin(server, home: home).status == 0)
            #expect(try await DumpProcess.run(["dump", "crm"], home: home.path).status == 0)
            let file = home.path + "/state/rolo/tokens/default.crm.json"
            let saved = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
            let refresh = try #require(saved?["refresh_token"] as? String)
            let expiry = Date(timeIntervalSince1970: try #require(saved?["expires_at"] as? Double))
            // Revoked elsewhere (another client, the account's settings page), as RFC 7009 lets any holder.
            var request = URLRequest(url: try #require(URL(string: server.revokeURL)))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("token=\(refresh)&token_type_hint=refresh_token&client_id=rolo-device".utf8)
            let (_, answer) = try await URLSession(configuration: .ephemeral).data(for: request)
            #expect((answer as? HTTPURLResponse)?.statusCode == 200)
            try await eventually("the access token to run out", within: .seconds(30)) { Date() > expiry }

            let dump = try await DumpProcess.run(["dump", "crm", "--format", "jsonl"], home: home.path)
            #expect(dump.stderr.contains("the authorization server refused source 'crm''s sign-in (invalid_grant"), "\(dump.stderr)")
            #expect(dump.stderr.contains("rolo login crm"))
            // A refused sign-in fails a script loudly, as a refused header does; what is stored
            // stays readable.
            #expect(dump.status == 1 && dump.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: file), "signed out")
            #expect(!dump.stderr.contains(refresh))
            let stored = try await DumpProcess.run(["dump", "crm", "--offline", "--format", "jsonl"], home: home.path)
            #expect(stored.stdout.split(separator: "\n").count == 8, "\(stored.stderr)")
        }

        @Test("--profile picks [profiles.NAME]: its vars win over the environment, its sign-ins are its own, an unknown one is said")
        func profiles() async throws {
            let server = try await OAuthTestServer.start(contacts: 6)
            defer { server.stop() }
            let home = try Self.home(server, auth: Self.device(server))
            let path = home.path + "/config/rolo/config.toml"
            let config = try String(contentsOfFile: path, encoding: .utf8)
                .replacingOccurrences(of: "url = \"\(server.contactsURL)", with: "url = \"${CRM}/api/contacts")
            try (config + """

                [profiles.prod]
                vars = { CRM = "\(server.baseURL)" }
                read_only = true
                badge = "PROD"
                """).write(toFile: path, atomically: true, encoding: .utf8)
            // The environment's CRM is a port nothing listens on: the profile's wins.
            let environment = ["CRM": "http://127.0.0.1:9"]
            let login = try await Self.deviceLogin(["--profile", "prod", "login", "crm"], home: home, environment: environment) { code, _ in
                try await server.approveDevice(userCode: code)
            }
            #expect(login.status == 0)
            #expect(FileManager.default.fileExists(atPath: home.path + "/state/rolo/tokens/prod.crm.json"))
            #expect(!FileManager.default.fileExists(atPath: home.path + "/state/rolo/tokens/default.crm.json"))

            let auth = try await DumpProcess.run(["--profile", "prod", "auth"], home: home.path, environment: environment)
            #expect(auth.stdout.hasPrefix("profile prod, tokens in "), "\(auth.stdout)")
            #expect(auth.stdout.contains("  signed in, the access token expires"))
            let other = try await DumpProcess.run(["auth"], home: home.path, environment: environment)
            #expect(other.stdout.contains("  not signed in — rolo login crm"), "the default profile has no sign-in")

            let dump = try await DumpProcess.run(["dump", "crm", "--format", "jsonl"], home: home.path,
                                                 environment: environment.merging(["ROLO_PROFILE": "prod"]) { $1 })
            #expect(dump.stdout.split(separator: "\n").count == 6, "\(dump.stderr)")

            let unknown = try await DumpProcess.run(["--profile", "prdo", "auth"], home: home.path)
            #expect(unknown.status == 2)
            #expect(unknown.stderr.contains("no profile 'prdo' (--profile or ROLO_PROFILE): \(path)'s profiles are prod (did you mean 'prod'?)"), "\(unknown.stderr)")
        }

        @Test("slow_down, which django-oauth-toolkit never sends: the stand-in's device flow asks it, and rolo polls 5 s slower")
        func slowDownAgainstTheStandIn() async throws {
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            do {
                let base = server.baseURL.absoluteString
                let home = try Self.home(config: """
                    [[sources]]
                    name = "staff"
                    url = "\(base)/staff/api/people/"
                    records = "results"
                    id = "uuid"
                    label = "{name.first} {name.last}"
                    [sources.paging]
                    style = "next-url"
                    next = "next"
                    [sources.auth]
                    type = "oauth2"
                    flow = "device"
                    device_url = "\(base)/oauth/device"
                    token_url = "\(base)/oauth/token"
                    client_id = "rolo"
                    """)
                let done = try await Self.deviceLogin(["login", "staff"], home: home) { code, _ in
                    // Approved as a person would on the page the address opens.
                    var approve = URLRequest(url: try #require(URL(string: base + "/oauth/activate")))
                    approve.httpMethod = "POST"
                    approve.httpBody = Data("user_code=\(code)&answer=approve".utf8)
                    let (_, answer) = try await URLSession(configuration: .ephemeral).data(for: approve)
                    #expect((answer as? HTTPURLResponse)?.statusCode == 200)
                }
                #expect(done.status == 0, "\(done.stderr)")
                #expect(done.stderr.contains("the server asked rolo to poll less often: every 6 s now"), "\(done.stderr)")
                #expect(done.stderr.contains("Signed in, the access token expires"))
                let dump = try await DumpProcess.run(["dump", "staff", "--limit", "3", "--format", "jsonl"], home: home.path)
                #expect(dump.stdout.split(separator: "\n").count == 3, "\(dump.stderr)")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        @Test("A denied device code ends rolo login with a sentence and keeps nothing")
        func deniedDeviceCode() async throws {
            let server = try await OAuthTestServer.start()
            defer { server.stop() }
            let home = try Self.home(server, auth: Self.device(server))
            let login = try await Self.deviceLogin(server, home: home, deny: true)
            #expect(login.status == 1)
            #expect(login.stderr.contains("rolo login: the sign-in to source 'crm' was denied"), "\(login.stderr)")
            #expect(!FileManager.default.fileExists(atPath: home.path + "/state/rolo/tokens/default.crm.json"))
        }

        @Test("The code flow with a display opens the browser and takes its redirect on 127.0.0.1; PKCE S256 and state")
        func codeFlowThroughTheLoopback() async throws {
            let server = try await OAuthTestServer.start(contacts: 5)
            defer { server.stop() }
            let home = try Self.home(server, auth: """
                type = "oauth2"
                flow = "code"
                authorize_url = "\(server.authorizeURL)"
                token_url = "\(server.tokenURL)"
                client_id = "rolo-code"
                scopes = ["read", "openid", "email"]
                redirect_uri = "http://127.0.0.1/callback"
                """)
            // The "browser": an xdg-open that writes down the address it was asked to open.
            let bin = home.path + "/bin", opened = home.path + "/opened"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try "#!/bin/sh\nprintf '%s' \"$1\" > \(opened).tmp && mv \(opened).tmp \(opened)\n".write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
            chmod(bin + "/xdg-open", 0o755)
            async let login = DumpProcess.run(["login", "crm"], home: home.path, environment: ["DISPLAY": ":99", "PATH": "\(bin):/usr/bin:/bin"])
            let address = try await eventually("rolo to open the browser", { (try? String(contentsOfFile: opened, encoding: .utf8)) ?? "" },
                                               until: { !$0.isEmpty })
            let query = URLComponents(string: address)?.queryItems ?? []
            #expect(query.contains(URLQueryItem(name: "code_challenge_method", value: "S256")))
            let redirect = try await server.approveAuthorization(url: address)
            #expect(redirect.hasPrefix("http://127.0.0.1:") && redirect.contains("code=") && redirect.contains("state="), "\(redirect)")
            // The browser follows the redirect to rolo's listener.
            let (page, _) = try await URLSession(configuration: .ephemeral).data(from: try #require(URL(string: redirect)))
            #expect(String(decoding: page, as: UTF8.self).contains("go back to the terminal"))
            let done = try await login
            #expect(done.status == 0, "\(done.stderr)")
            #expect(done.stderr.contains("Signed in as ada@example.com") || done.stderr.contains("signed in as ada@example.com"), "\(done.stderr)")
            let dump = try await DumpProcess.run(["dump", "crm", "--format", "jsonl"], home: home.path)
            #expect(dump.stdout.split(separator: "\n").count == 5, "\(dump.stderr)")
        }

        @Test("Over ssh the code flow prints the address and takes the pasted redirect; another sign-in's is refused")
        func codeFlowPasted() async throws {
            let server = try await OAuthTestServer.start()
            defer { server.stop() }
            let home = try Self.home(server, auth: """
                type = "oauth2"
                flow = "code"
                authorize_url = "\(server.authorizeURL)"
                token_url = "\(server.tokenURL)"
                client_id = "rolo-code"
                scopes = ["read"]
                """)
            let pasted = home.path + "/pasted"
            try "http://127.0.0.1/callback?code=stolen&state=not-this-sign-in\n".write(toFile: pasted, atomically: true, encoding: .utf8)
            let login = try await DumpProcess.run(["login", "crm"], home: home.path,
                                                  environment: ["DISPLAY": ":99", "SSH_CONNECTION": "10.0.0.1 5000 10.0.0.2 22"], input: pasted)
            #expect(login.status == 1)
            #expect(login.stderr.contains("open this address in a browser (on any machine):\n  \(server.authorizeURL)?"), "\(login.stderr)")
            #expect(login.stderr.contains("rolo login: the pasted address isn't the answer to this sign-in (its state doesn't match)"), "\(login.stderr)")
            #expect(try await server.stats().tokenRequests.isEmpty, "nothing was sent to the token endpoint")
        }

        @Test("Client credentials need no person: the first read fetches the token with the secret")
        func clientCredentials() async throws {
            let server = try await OAuthTestServer.start(contacts: 30)
            defer { server.stop() }
            let home = try Self.home(server, auth: """
                type = "oauth2"
                flow = "client_credentials"
                token_url = "\(server.tokenURL)"
                client_id = "rolo-service"
                client_secret = "${SERVICE_SECRET}"
                scopes = ["read"]
                """)
            let dump = try await DumpProcess.run(["dump", "crm", "--format", "jsonl"], home: home.path, environment: ["SERVICE_SECRET": "service-secret"])
            #expect(dump.status == 0, "\(dump.stderr)")
            #expect(dump.stdout.split(separator: "\n").count == 30)
            #expect(try await server.stats().tokenRequests["client_credentials"] == 1)

            try FileManager.default.removeItem(atPath: home.path + "/state/rolo/tokens/default.crm.json")
            let wrong = try await DumpProcess.run(["dump", "crm"], home: home.path, environment: ["SERVICE_SECRET": "not-it"])
            // Refused, as a wrong header is: a script fails loudly rather than read stale records.
            #expect(wrong.status == 1 && wrong.stdout.isEmpty)
            #expect(wrong.stderr.contains("check client_id and client_secret in source 'crm''s [sources.auth]"), "\(wrong.stderr)")
            #expect(!wrong.stderr.contains("not-it"))
        }

        @Test("10,000 records sync under a 10-second token: every record, refreshed ahead, no failed page")
        func syncUnderShortLivedTokens() async throws {
            let server = try await OAuthTestServer.start(accessSeconds: 10, contacts: 10_000)
            defer { server.stop() }
            let home = try Self.home(server, auth: Self.device(server), perPage: 25)
            let login = try await Self.deviceLogin(server, home: home)
            #expect(login.status == 0, "\(login.stderr)")
            try await server.resetStats()
            let started = ContinuousClock.now
            let sync = try await DumpProcess.run(["sync", "crm"], home: home.path, timeout: 600)
            let took = ContinuousClock.now - started
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.stdout == "crm: 10000 new, 0 changed, 0 removed\n", "\(sync.stdout)")
            let stats = try await server.stats()
            // Reported in the closing note; the refreshes depend on how long the sync took.
            print("sync of 10,000 records: \(took), \(stats.apiRequests) pages, \(stats.tokenRequests["refresh_token"] ?? 0) refreshes, \(stats.api401) answered 401")
            #expect(stats.apiRequests == 400, "one request a page, none sent again")
            #expect(stats.tokenErrors.isEmpty)
        }

        private static func files(under path: String, excluding skipped: String = "") throws -> [String] {
            guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
            return walker.compactMap { $0 as? String }.filter { skipped.isEmpty || !$0.hasPrefix(skipped) }.map { path + "/" + $0 }
                .filter { var isDirectory: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
        }
    }
}
