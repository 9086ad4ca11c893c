import ArgumentParser
import Foundation
import RoloApp
import RoloCore
import TerminalUI

/// `rolo login NAME`: signs in to a source through its `[sources.auth]`.
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to a source that has [sources.auth]: its OAuth 2.0 flow, or a check of its command.",
        discussion: """
        The device flow shows an address and a code to enter there, on any device (the code is \
        copied to the clipboard with OSC 52, which reaches the laptop over ssh), and waits for \
        the approval. The code flow opens the browser and takes the redirect on 127.0.0.1 when \
        there is a display and no ssh; otherwise (or with --no-browser) it prints the address \
        and takes the address the browser went to after approving, pasted. Client credentials \
        fetch a token at once. A command or basic auth is checked by getting its header once.

        The sign-in is kept in $XDG_STATE_HOME/rolo/tokens/ (mode 0600) for the profile. Exit \
        status: 0 signed in; 1 the server refused or couldn't be reached, the code was denied \
        or ran out; 2 a bad name, config file or [sources.auth].
        """
    )

    @Argument(help: ArgumentHelp("The source to sign in to.", valueName: "source"))
    var name: String

    @Flag(name: .customLong("no-browser"), help: "Code flow: don't open a browser; print the address and read the redirect pasted.")
    var noBrowser = false

    @OptionGroup var sources: SourceOptions

    func run() async throws {
        let console = SignInConsole(command: "login")
        let environment = ProcessInfo.processInfo.environment
        let (settings, source, auth) = try console.authSource(name, options: sources, environment: environment)
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let store = SignIns.shared.store
        do {
            switch auth {
            case .oauth2(let oauth):
                let flow = SignInFlow(source: source.name, auth: oauth, store: store, http: http, timeout: settings.timeout)
                let token = try await signIn(flow, oauth: oauth, console: console, environment: environment)
                console.say(SignInStatus(source, store: store, environment: environment)?.lines(now: Date()).dropFirst()
                    .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ").capitalizedFirst
                    ?? "Signed in (\(token))")
            case .command, .basic:
                let session = AuthSession(source: source.name, auth: auth, store: store, http: http, environment: environment,
                                          timeout: settings.timeout)
                let header = try await session.header()
                console.say("The \(auth.type) auth of \(source.name) works: it gives a \(header.name) header. Nothing is kept; rolo gets it again as needed.")
            }
        } catch {
            console.fail(error.description)
            throw ExitCode(error.kind == .misconfigured ? 2 : 1)
        }
    }

    private func signIn(_ flow: SignInFlow, oauth: OAuth2Auth, console: SignInConsole,
                        environment: [String: String]) async throws(SignInError) -> SignInToken {
        let endpoints = try await flow.endpoints()
        switch oauth.flow {
        case .clientCredentials:
            return try await flow.clientCredentials(at: endpoints)
        case .device:
            let grant = try await flow.startDevice(at: endpoints)
            console.showDevice(grant, source: flow.source, environment: environment)
            let countdown = console.countdown(grant)
            let outcome: Result<SignInToken, SignInError>
            do {
                outcome = .success(try await flow.awaitDevice(grant, at: endpoints, slowedDown: { interval in
                    console.note("the server asked rolo to poll less often: every \(Int(interval)) s now")
                }))
            } catch {
                outcome = .failure(error)
            }
            // Its line is cleared before anything else is said.
            countdown.cancel()
            await countdown.value
            return try outcome.get()
        case .code:
            if !noBrowser, case .open(let program) = LinkOpener(environment: environment).route() {
                let (listener, request) = try flow.startCodeOnLoopback(at: endpoints)
                do {
                    try LinkOpener.startDetached(program, [request.url.absoluteString])
                    console.say("Opened the browser to sign in to \(flow.source). If it didn't open, open this address:")
                } catch {
                    console.say("To sign in to \(flow.source), open this address:")
                }
                console.sayLink(request.url.absoluteString)
                console.say("Waiting for the browser to come back to 127.0.0.1:\(listener.port)…")
                guard let answer = await listener.next() else {
                    throw SignInError(.refused, "the sign-in to source '\(flow.source)' was stopped")
                }
                return try await flow.finishCode(request, answer: answer, at: endpoints)
            }
            let request = try flow.startCode(redirect: flow.redirect, at: endpoints)
            console.say("To sign in to \(flow.source), open this address in a browser (on any machine):")
            console.sayLink(request.url.absoluteString)
            console.say("After you approve, the browser goes to \(flow.redirect)?code=… — it may say the page can't be reached.")
            console.say("Copy that whole address from its address bar (or just the code) and paste it here:")
            guard let answer = await console.readLine() else {
                throw SignInError(.refused, "nothing was pasted, so source '\(flow.source)' isn't signed in")
            }
            return try await flow.finishCode(request, answer: answer, at: endpoints)
        }
    }
}

/// `rolo logout NAME`: forgets a source's sign-in, revoking it where the server can.
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget a source's sign-in, revoking it where [sources.auth] has a revoke_url (or the issuer one).",
        discussion: """
        The kept token is removed even when the revocation fails, which is said. Exit status: 0 \
        done (or nothing was kept); 1 the revocation failed; 2 a bad name or config file.
        """
    )

    @Argument(help: ArgumentHelp("The source to sign out of.", valueName: "source"))
    var name: String

    @OptionGroup var sources: SourceOptions

    func run() async throws {
        let console = SignInConsole(command: "logout")
        let environment = ProcessInfo.processInfo.environment
        let (settings, source, auth) = try console.authSource(name, options: sources, environment: environment)
        guard case .oauth2(let oauth) = auth else {
            console.say("\(source.name) keeps no sign-in: its \(auth.type) auth is got again whenever it is needed.")
            return
        }
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let flow = SignInFlow(source: source.name, auth: oauth, store: SignIns.shared.store, http: http, timeout: settings.timeout)
        let outcome: SignInFlow.SignOut
        do {
            outcome = try await flow.signOut()
        } catch {
            console.fail(error.description)
            throw ExitCode(1)
        }
        guard outcome.hadToken else { return console.say("\(source.name) wasn't signed in.") }
        if let problem = outcome.revokeProblem {
            console.say("Signed out of \(source.name) here, but the server couldn't revoke the sign-in: \(problem)")
            throw ExitCode(1)
        }
        console.say(outcome.revoked ? "Signed out of \(source.name), and the server revoked the sign-in."
            : "Signed out of \(source.name). Its server names no revocation endpoint, so the token lives on there until it runs out.")
    }
}

/// `rolo auth`: every source's sign-in.
struct Auth: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Show each source's sign-in: its auth type and flow, signed in or not, expiry, scopes, and who.",
        discussion: "Reads only what is kept: nothing is fetched, no command is run."
    )

    @OptionGroup var sources: SourceOptions

    func run() async throws {
        let console = SignInConsole(command: "auth")
        let environment = ProcessInfo.processInfo.environment
        let (settings, _) = try sources.commandSettings(environment, report: console.report)
        let store = SignIns.shared.store
        let statuses = settings.configuredSources.sources.compactMap { SignInStatus($0, store: store, environment: environment) }
        let output = StandardOutput()
        var lines = ["profile \(store.profile), tokens in \(store.directory)"]
        if statuses.isEmpty {
            lines.append("No source has [sources.auth]; rolo help login says how to add one.")
        }
        let now = Date()
        for status in statuses {
            lines.append("")
            lines += status.lines(now: now)
        }
        try output.append(lines.joined(separator: "\n") + "\n")
        try output.flush()
    }
}

/// What the sign-in commands say on the terminal: instructions on standard error, so standard
/// output stays for what scripts read.
struct SignInConsole: Sendable {
    let report: StandardErrorReport
    private let isTerminal = isatty(STDERR_FILENO) == 1

    init(command: String) {
        report = StandardErrorReport(command: command)
    }

    /// The source `name` and its auth, with the settings; a name that isn't one with
    /// `[sources.auth]` is said, and the command exits 2.
    func authSource(_ name: String, options: SourceOptions, environment: [String: String]) throws -> (Settings, RecordSource, SourceAuth) {
        let (settings, catalog) = try options.commandSettings(environment, report: report)
        guard let source = settings.configuredSources.source(named: name) else {
            report.fail(catalog.source(named: name) != nil
                ? "\(name) is built in and needs no sign-in; [sources.auth] signs a configured source in"
                : catalog.unknown(name))
            throw ExitCode(2)
        }
        guard let auth = source.auth else {
            report.fail("source '\(name)' has no [sources.auth], so there is nothing to sign in to (\(source.place))")
            throw ExitCode(2)
        }
        do {
            return (settings, source, try auth.expanded(for: source, environment: environment))
        } catch let error as ConfigError {
            report.fail(error.message)
            throw ExitCode(2)
        }
    }

    func say(_ text: String) {
        emit(text.sanitizedForTerminal + "\n")
    }

    func note(_ text: String) {
        emit((isTerminal ? "\r\u{1B}[K" : "") + text.sanitizedForTerminal + "\n")
    }

    func fail(_ text: String) {
        if isTerminal { emit("\r\u{1B}[K") }
        report.fail(text)
    }

    /// `address` on a line of its own, indented, an OSC 8 link on a terminal (which shows the
    /// plain text where it has none): written as is, as ``say(_:)`` would take the link's
    /// sequences out.
    func sayLink(_ address: String) {
        let clean = address.sanitizedForTerminal
        emit("  " + (isTerminal ? "\u{1B}]8;;\(clean)\u{1B}\\\(clean)\u{1B}]8;;\u{1B}\\" : clean) + "\n")
    }

    /// The device flow's instructions: the address, the code (copied with OSC 52 on a terminal
    /// that takes it) and, where the server gave one, the address with the code in it.
    func showDevice(_ grant: DeviceGrant, source: String, environment: [String: String]) {
        say("To sign in to \(source), open this address on any device:")
        sayLink(grant.verificationURI)
        var copied = ""
        if isTerminal, case .send(let wrap, let confirmed) = ClipboardPlan.decide(environment: environment, hasOSC52Capability: false),
           let sequence = OSC52.sequence(for: grant.userCode, wrap: wrap) {
            report.write(sequence)
            copied = confirmed ? " (copied to the clipboard)" : " (sent to the clipboard, where the terminal takes OSC 52)"
        }
        say("and enter the code  \(grant.userCode)\(copied)")
        if let complete = grant.verificationURIComplete {
            say("or open this address, which has the code in it\(isTerminal ? ", or scan it with a phone" : ""):")
            sayLink(complete)
            // Dark on light whatever the terminal's colours: a scanner needs it so.
            if isTerminal, let code = QRCode(complete, correction: .low) {
                emit(code.halfBlockLines().map { "  \u{1B}[30;47m\($0)\u{1B}[0m\n" }.joined())
            }
        }
    }

    /// On a terminal, a line saying how long `grant`'s code has left, redrawn each second until cancelled.
    func countdown(_ grant: DeviceGrant) -> Task<Void, Never> {
        Task { [self] in
            guard isTerminal else { return }
            while !Task.isCancelled {
                emit("\r\u{1B}[K" + grant.waiting(at: Date()) + " (Ctrl-C stops)")
                guard (try? await Task.sleep(for: .seconds(1))) != nil else { break }
            }
            emit("\r\u{1B}[K")
        }
    }

    /// One line of standard input, read on a thread of its own; nil at its end.
    func readLine() async -> String? {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: Swift.readLine(strippingNewline: true)) }
            thread.name = "rolo-login-paste"
            thread.start()
        }
    }

    private func emit(_ text: String) {
        report.write(Array(text.utf8))
    }
}

private extension String {
    var capitalizedFirst: String {
        prefix(1).uppercased() + dropFirst()
    }
}
