import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Spawn

#if canImport(Glibc)
    import Glibc
#endif

/// A real OAuth 2.0 authorization server for a test: django-oauth-toolkit in the venv `make test`
/// sets up (`make oauth-server-venv`), run as `Tests/OAuthServer/serve.py` on 127.0.0.1 at a
/// free port with a fresh SQLite database in a temporary directory of its own. See
/// Tests/OAuthServer/README.md for its clients (rolo-device, rolo-code, rolo-service,
/// rolo-confidential-device), the user ada and the endpoints.
///
/// ``start(accessSeconds:contacts:)`` returns once the server prints that it listens (no sleep),
/// or throws within a minute saying why. ``stop()`` (and deinit, so a failing test too) ends the
/// server with SIGTERM, waits for it (SIGKILL after 10 s) and removes the directory; the
/// ``Watchdog`` ends it should the test process die first.
final class OAuthTestServer: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What the server has been asked (`GET /stats`).
    struct Stats: Decodable, Sendable {
        /// Token-endpoint requests by grant_type ("client_credentials", "refresh_token",
        /// "urn:ietf:params:oauth:grant-type:device_code", "authorization_code").
        let tokenRequests: [String: Int]
        /// Those answered with anything but 200, by grant_type.
        let tokenErrors: [String: Int]
        /// Requests to /api/contacts, and how many of them were answered 401.
        let apiRequests: Int
        let api401: Int
        let deviceAuthorizations: Int
        let revocations: Int
        /// Authorization forms posted (allowed or denied).
        let authorizations: Int

        enum CodingKeys: String, CodingKey {
            case tokenRequests = "token_requests", tokenErrors = "token_errors", apiRequests = "api_requests"
            case api401 = "api_401", deviceAuthorizations = "device_authorizations", revocations, authorizations
        }
    }

    /// `http://127.0.0.1:PORT`, no trailing slash.
    let baseURL: String
    var tokenURL: String { baseURL + "/o/token/" }
    var authorizeURL: String { baseURL + "/o/authorize/" }
    var deviceAuthorizationURL: String { baseURL + "/o/device-authorization/" }
    var revokeURL: String { baseURL + "/o/revoke_token/" }
    var contactsURL: String { baseURL + "/api/contacts" }
    /// The server's pid, while it runs.
    let pid: pid_t
    /// Its temporary directory (the SQLite database, its standard error), gone after ``stop()``.
    let statePath: String

    private let lock = NSLock()
    private var child: ChildProcess?
    private var state: TemporaryDirectory?
    private let errorLog: String

    /// The folder with serve.py and approve.py.
    static var scripts: URL { RoloBinary.repository.appendingPathComponent("Tests/OAuthServer") }
    /// The venv's python (`ROLO_OAUTH_PYTHON` overrides it).
    static var python: String {
        ProcessInfo.processInfo.environment["ROLO_OAUTH_PYTHON"]
            ?? RoloBinary.repository.appendingPathComponent(".build/oauth-venv/bin/python").path
    }

    /// What the server's and approve.py's processes get: nothing of the test runner's.
    private static func environment(home: String) -> [String] {
        ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=\(home)", "PYTHONDONTWRITEBYTECODE=1", "PYTHONUNBUFFERED=1"]
    }

    private init(baseURL: String, child: ChildProcess, state: TemporaryDirectory, errorLog: String) {
        self.baseURL = baseURL
        self.child = child
        self.pid = child.pid
        self.statePath = state.path
        self.state = state
        self.errorLog = errorLog
    }

    deinit { stop() }

    /// Starts a server whose access tokens live `accessSeconds` and whose /api/contacts has
    /// `contacts` records; `extraArguments` go to serve.py as they are (`--refresh-seconds 5`,
    /// `--device-interval 2`, `--verbose`).
    static func start(accessSeconds: Int = 3600, contacts: Int = 50, extraArguments: [String] = []) async throws -> OAuthTestServer {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Failure("the OAuth server's venv is missing (\(python)): `make test` creates it; run `make oauth-server-venv`")
        }
        let state = try TemporaryDirectory("rolo-oauth-server")
        let errorLog = state.path + "/serve.stderr"
        let arguments = [scripts.appendingPathComponent("serve.py").path, "--port", "0", "--state", state.path,
                         "--access-seconds", String(accessSeconds), "--contacts", String(contacts)] + extraArguments
        let child = try ChildProcess(python, arguments, environment: environment(home: state.path),
                                     output: .pipe, errors: .file(errorLog))
        Watchdog.shared.watch(pid: child.pid)
        // From here on, whatever happens, the child is ended and reaped: by the server's stop()
        // once it exists, else by this.
        var handedOver = false
        defer {
            if !handedOver {
                child.kill()
                Watchdog.shared.forget(pid: child.pid)
            }
        }

        let limit: Duration = .seconds(60)
        let deadline = ContinuousClock.now + limit
        var output = [UInt8]()
        var line: String?
        while line == nil {
            switch child.readAvailableOutput() {
            case .bytes(let bytes)?:
                output += bytes
                if let newline = output.firstIndex(of: UInt8(ascii: "\n")) {
                    line = String(decoding: output[..<newline], as: UTF8.self)
                }
            case .closed?:
                child.wait()
                throw Failure("serve.py ended before it listened (status \(child.exitStatus.map(String.init) ?? "killed")): "
                    + tail(of: errorLog))
            case nil:
                guard ContinuousClock.now < deadline else {
                    throw Failure("serve.py did not say it listens within \(limit): " + tail(of: errorLog))
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        let prefix = "listening on "
        guard let line, line.hasPrefix(prefix + "http://127.0.0.1:") else {
            throw Failure("serve.py said \(line.debugDescription), not `listening on http://127.0.0.1:PORT`: " + tail(of: errorLog))
        }
        handedOver = true
        return OAuthTestServer(baseURL: String(line.dropFirst(prefix.count)), child: child, state: state, errorLog: errorLog)
    }

    /// Ends the server (SIGTERM; SIGKILL if it is still there after 10 s), waits for it and
    /// removes its directory. Again is harmless.
    func stop() {
        lock.withLock {
            guard let child else { return }
            kill(child.pid, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            while child.exited() == nil, Date() < deadline { usleep(2000) }
            child.kill()
            Watchdog.shared.forget(pid: child.pid)
            self.child = nil
            state = nil
        }
    }

    /// The last lines the server wrote to standard error (its Django warnings and errors;
    /// every request with `--verbose`), for a failure message.
    var errors: String { Self.tail(of: errorLog) }

    /// Approves (or denies) the device code `userCode` as ada would in a browser: signs in,
    /// enters the code on DOT's device page, accepts or denies it.
    func approveDevice(userCode: String, deny: Bool = false) async throws {
        _ = try await approve(["device", baseURL, userCode] + (deny ? ["--deny"] : []))
    }

    /// Opens `url` (the whole authorization URL a client built: client_id, redirect_uri, PKCE
    /// challenge, state) as ada, allows (or cancels) it, and returns where the server redirects:
    /// the client's redirect URI with `code` and `state`, or with `error=access_denied`. Not
    /// followed.
    func approveAuthorization(url: String, deny: Bool = false) async throws -> String {
        try await approve(["authorize", url] + (deny ? ["--deny"] : [])).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The server's request counts.
    func stats() async throws -> Stats {
        guard let url = URL(string: baseURL + "/stats") else { throw Failure("no URL from \(baseURL)") }
        let (data, response) = try await URLSession(configuration: .ephemeral).data(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw Failure("GET /stats answered \(String(decoding: data, as: UTF8.self))")
        }
        return try JSONDecoder().decode(Stats.self, from: data)
    }

    /// Sets every count of ``stats()`` back to zero.
    func resetStats() async throws {
        guard let url = URL(string: baseURL + "/stats/reset") else { throw Failure("no URL from \(baseURL)") }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 204 else { throw Failure("POST /stats/reset failed") }
    }

    /// Runs approve.py with `arguments` to its end (a minute at most) and returns its output;
    /// throws with its message when it fails.
    private func approve(_ arguments: [String]) async throws -> String {
        let scratch = try TemporaryDirectory("rolo-oauth-approve")
        let out = scratch.path + "/stdout", err = scratch.path + "/stderr"
        let child = try ChildProcess(Self.python, [Self.scripts.appendingPathComponent("approve.py").path] + arguments,
                                     environment: Self.environment(home: scratch.path), output: .file(out), errors: .file(err))
        Watchdog.shared.watch(pid: child.pid)
        defer {
            child.kill()
            Watchdog.shared.forget(pid: child.pid)
        }
        let limit: Duration = .seconds(60)
        let deadline = ContinuousClock.now + limit
        while child.exited() == nil {
            guard ContinuousClock.now < deadline else {
                throw Failure("approve.py \(arguments.joined(separator: " ")) did not end within \(limit)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let output = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        guard child.exitStatus == 0 else {
            throw Failure("approve.py \(arguments.joined(separator: " ")) failed (status "
                + "\(child.exitStatus.map(String.init) ?? "killed")): \(Self.tail(of: err)); the server's log: \(errors)")
        }
        return output
    }

    private static func tail(of path: String, lines: Int = 20) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let last = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
        return last.isEmpty ? "(nothing on its standard error)" : last
    }
}
