import Foundation
import RoloCore
import TerminalUI

/// `L`: signing in to the tab's source on screen. The device flow shows its address (a link
/// where the terminal has them), its code (copied with OSC 52, which reaches the laptop over
/// ssh), a QR code of the address with the code in it, and the time left, while rolo polls; the
/// code flow opens the browser and waits for it on 127.0.0.1 where there is a display and no
/// ssh, and otherwise shows the address (copied) and takes the address the browser went to,
/// pasted into the overlay. Signed in, the overlay closes and the list loads.
struct SignInScreen: Equatable {
    /// The tab signing in, and its source's name.
    let tab: SourceID
    let name: String
    var phase: Phase

    enum Phase: Equatable {
        /// Asking the authorization server for a code, or a token.
        case starting
        /// The device flow's code, waiting for the approval; `copied` says where the code went.
        case device(DeviceGrant, copied: String)
        /// The code flow in the browser, waiting for its redirect on the port.
        case browser(address: String, port: UInt16)
        /// The code flow over ssh: the address to open anywhere, copied as `copied` says, and
        /// what has been pasted of the address the approval went to.
        case paste(SignInFlow.CodeRequest, copied: String, typed: String)
        /// Why it stopped.
        case failed(String)
    }
}

extension ScreenController {
    /// The sign-in overlay while it is open.
    var signInScreen: SignInScreen? {
        if case .signIn(let screen) = mode { screen } else { nil }
    }

    /// `L` on a tab whose source has an OAuth 2.0 `[sources.auth]`: runs its flow.
    func startSignIn() {
        guard let flow = (source as? any SignsIn)?.signInFlow else { return }
        signInTask?.cancel()
        let tab = source.id
        mode = .signIn(SignInScreen(tab: tab, name: flow.source, phase: .starting))
        let opener = linkOpener
        signInTask = Task { [weak self] in
            do {
                let endpoints = try await flow.endpoints()
                switch flow.auth.flow {
                case .clientCredentials:
                    _ = try await flow.clientCredentials(at: endpoints)
                case .device:
                    let grant = try await flow.startDevice(at: endpoints)
                    guard let self, self.signInScreen?.tab == tab else { return }
                    self.show(.device(grant, copied: self.copy(grant.userCode)), for: tab)
                    _ = try await flow.awaitDevice(grant, at: endpoints)
                case .code:
                    guard case .open(let program) = opener.route() else {
                        // The browser is elsewhere and can't come back: its address is pasted.
                        let request = try flow.startCode(redirect: flow.redirect, at: endpoints)
                        guard let self, self.signInScreen?.tab == tab else { return }
                        self.show(.paste(request, copied: self.copy(request.url.absoluteString), typed: ""), for: tab)
                        self.pendingCode = (flow, endpoints)
                        return
                    }
                    let (listener, request) = try flow.startCodeOnLoopback(at: endpoints)
                    try? opener.launch(program, [request.url.absoluteString])
                    self?.show(.browser(address: request.url.absoluteString, port: listener.port), for: tab)
                    guard let answer = await listener.next() else { return }
                    _ = try await flow.finishCode(request, answer: answer, at: endpoints)
                }
                self?.signedIn(tab, name: flow.source)
            } catch {
                guard !Task.isCancelled else { return }
                self?.show(.failed((error as? SignInError)?.description ?? "\(error)"), for: tab)
            }
        }
        onNeedsRender()
    }

    /// Puts `text` (a device code, an address) on the clipboard; what the overlay says of it.
    private func copy(_ text: String) -> String {
        switch onCopy(text) {
        case .copied(let confirmed): confirmed ? "copied" : "sent to the clipboard"
        case .tooLong, .off, .unsupported, .failed: ""
        }
    }

    private func show(_ phase: SignInScreen.Phase, for tab: SourceID) {
        guard var screen = signInScreen, screen.tab == tab else { return }
        screen.phase = phase
        mode = .signIn(screen)
        onNeedsRender()
    }

    private func signedIn(_ tab: SourceID, name: String) {
        signInTask = nil
        if signInScreen?.tab == tab { mode = .browsing }
        say("signed in to \(name)")
        sources.first { $0.id == tab }?.refresh()
        onNeedsRender()
    }

    /// A key while the overlay is open: after a failure, `L` tries again; while it waits for a
    /// pasted address, typed (or pasted) into its field, Enter finishing the sign-in with it.
    /// False for a key the overlay doesn't take here.
    func handleSignInKey(_ key: Key) -> Bool {
        guard var screen = signInScreen else { return false }
        if case .failed = screen.phase, keyTable.action(for: key, in: [Scopes.global]) == .signIn {
            startSignIn()
            return true
        }
        guard case .paste(let request, let copied, var typed) = screen.phase else { return false }
        switch key {
        case .character(let character): typed.append(character)
        case .backspace, .delete: if !typed.isEmpty { typed.removeLast() }
        case .enter:
            finishPasted(request, answer: typed, tab: screen.tab)
            return true
        default: return false
        }
        screen.phase = .paste(request, copied: copied, typed: typed)
        mode = .signIn(screen)
        onNeedsRender()
        return true
    }

    private func finishPasted(_ request: SignInFlow.CodeRequest, answer: String, tab: SourceID) {
        guard let (flow, endpoints) = pendingCode else { return }
        show(.starting, for: tab)
        signInTask = Task { [weak self] in
            do {
                _ = try await flow.finishCode(request, answer: answer, at: endpoints)
                self?.pendingCode = nil
                self?.signedIn(tab, name: flow.source)
            } catch {
                guard !Task.isCancelled else { return }
                self?.show(.failed((error as? SignInError)?.description ?? "\(error)"), for: tab)
            }
        }
    }

    /// Keys of the help scope while the overlay is open: Esc (its close) stops the sign-in.
    func performInSignIn(_ action: Action) {
        switch action {
        case .closeHelp:
            signInTask?.cancel()
            signInTask = nil
            pendingCode = nil
            mode = .browsing
        default:
            break
        }
        onNeedsRender()
    }

    /// Draws the overlay while it is open.
    func drawSignIn(into canvas: inout Canvas, theme: Theme, glyphs: Glyphs) {
        guard let screen = signInScreen else { return }
        let close = key(for: .closeHelp, in: Scopes.help)
        var lines: [(text: String, style: Style)] = []
        var links: [Int: String] = [:]
        var footer = "\(close) cancels"
        switch screen.phase {
        case .starting:
            lines.append(("Asking the authorization server…", theme.dim))
        case .device(let grant, let copied):
            lines.append(("Open this address on any device:", theme.text))
            links[lines.count] = grant.verificationURI
            lines.append(("  " + grant.verificationURI.sanitizedForTerminal, theme.text))
            lines.append(("and enter the code  \(grant.userCode.sanitizedForTerminal)\(copied.isEmpty ? "" : "  (\(copied))")", theme.title))
            if let complete = grant.verificationURIComplete, let code = QRCode(complete, correction: .low),
               code.halfBlockSize().height + 8 <= layout.body.height {
                lines.append(("", theme.text))
                lines.append(("or scan this with a phone:", theme.text))
                // Dark on light whatever the theme: a scanner needs it so.
                let qr = Style(foreground: .black, background: .white)
                lines += code.halfBlockLines().map { (text: $0, style: qr) }
            }
            lines.append(("", theme.text))
            lines.append((grant.waiting(at: now()), theme.dim))
        case .browser(let address, let port):
            lines.append(("The browser was opened to sign in; rolo waits for it on 127.0.0.1:\(port).", theme.text))
            lines.append(("If it didn't open, open this address:", theme.text))
            links[lines.count] = address
            lines.append(("  " + address.sanitizedForTerminal, theme.text))
        case .paste(let request, let copied, let typed):
            let address = request.url.absoluteString
            lines.append(("Open this address in a browser, on any machine\(copied.isEmpty ? "" : " (\(copied))"):", theme.text))
            links[lines.count] = address
            lines.append(("  " + address.sanitizedForTerminal, theme.text))
            lines.append(("", theme.text))
            lines.append(("After approving, the browser goes to \(request.redirect.sanitizedForTerminal)?code=…,", theme.text))
            lines.append(("which may not load. Paste that whole address (or just the code):", theme.text))
            let shown = typed.sanitizedForTerminal
            lines.append(("> " + (shown.count > 60 ? "…" + shown.suffix(59) : shown) + "█", theme.title))
            footer = "Enter signs in · \(close) cancels"
        case .failed(let message):
            lines += message.wrapped(toWidth: 64).map { (text: $0, style: theme.error) }
            footer = "\(key(for: .signIn, in: Scopes.global)) tries again · \(close) closes"
        }
        let overlay = Overlay(title: "Sign in to \(screen.name)", lines: lines, footer: footer, theme: theme, glyphs: glyphs)
        overlay.render(into: &canvas, screen: layout.body)
        // The addresses again as links, where the overlay wrote them.
        let inner = overlay.frame(in: layout.body).inset(top: 1, left: 2, bottom: 1, right: 2)
        for (row, address) in links where row < inner.height {
            _ = canvas.write(address.sanitizedForTerminal, x: inner.x + 2, y: inner.y + row, style: lines[row].style, clip: inner,
                             link: address.sanitizedForTerminal)
        }
    }
}
