import Foundation
import RoloCore
import TerminalUI

/// `L`: signing in to the tab's source on screen. The device flow shows its address (a link
/// where the terminal has them), its code (copied with OSC 52, which reaches the laptop over
/// ssh), a QR code of the address with the code in it, and the time left, while rolo polls; the
/// code flow opens the browser and waits for it on 127.0.0.1 where there is a display and no
/// ssh, and otherwise says to run `rolo login` in a shell, which takes the pasted address.
/// Signed in, the overlay closes and the list loads.
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
                    self.show(.device(grant, copied: self.copyUserCode(grant.userCode)), for: tab)
                    _ = try await flow.awaitDevice(grant, at: endpoints)
                case .code:
                    guard case .open(let program) = opener.route() else {
                        throw SignInError(.refused, "over ssh (or with no display) the browser can't come back to rolo — run rolo login \(flow.source) in a shell, which takes the address pasted")
                    }
                    let written = flow.auth.redirectURI ?? OAuth2Auth.defaultRedirect
                    let listener = try LoopbackRedirect(path: URLComponents(string: written)?.path ?? "/callback")
                    let request = try flow.startCode(redirect: listener.redirect(from: written), at: endpoints)
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

    /// Puts the device code on the clipboard; what the overlay says of it.
    private func copyUserCode(_ code: String) -> String {
        switch onCopy(code) {
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

    /// Keys while the overlay is open: Esc (the help scope's close) stops the sign-in; `L`
    /// tries again once it has stopped.
    func performInSignIn(_ action: Action) {
        switch action {
        case .closeHelp:
            signInTask?.cancel()
            signInTask = nil
            mode = .browsing
        case .signIn:
            if case .failed? = signInScreen?.phase { startSignIn() }
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
            let left = max(0, Int(grant.expiresAt.timeIntervalSince(now())))
            lines.append(("Waiting for the approval — \(left / 60):\(String(format: "%02d", left % 60)) left", theme.dim))
        case .browser(let address, let port):
            lines.append(("The browser was opened to sign in; rolo waits for it on 127.0.0.1:\(port).", theme.text))
            lines.append(("If it didn't open, open this address:", theme.text))
            links[lines.count] = address
            lines.append(("  " + address.sanitizedForTerminal, theme.text))
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
