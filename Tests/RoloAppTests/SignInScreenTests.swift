import Foundation
import RoloTestSupport
import Testing
import TerminalUI
@testable import RoloApp
@testable import RoloCore

/// `L` on a tab whose source needs signing in: the placeholder says so, the overlay shows the
/// device flow's address, code and QR code while rolo polls, and the list loads once approved.
@MainActor
@Suite struct SignInScreenTests {
    static let oauth = OAuth2Auth(flow: .device, deviceURL: "https://auth.test/device", tokenURL: "https://auth.test/token", clientID: "rolo")
    static let auth = """

        [sources.auth]
        type = "oauth2"
        flow = "device"
        device_url = "https://auth.test/device"
        token_url = "https://auth.test/token"
        client_id = "rolo"
        """

    /// The crew source signed through `http`, its tokens in `store`.
    private func crew(_ http: FakeHTTPClient, store: TokenStore) throws -> RecordListModel {
        let source = try CrewSamples.source(CrewSamples.toml() + Self.auth)
        let session = AuthSession(source: "crew", auth: .oauth2(Self.oauth), store: store, http: http, environment: [:])
        let signed = AuthorizingClient(base: http, session: session, origin: try #require(Origin("https://crew.test")))
        let model = RecordListModel(source: source, database: nil, http: signed, environment: [:], busy: BusyTracker(),
                                    pictures: nil, imageLoader: nil, sleep: { _ in }, now: { Sample.today },
                                    locale: Locale(identifier: "en"), timeZone: Sample.zone)
        model.signInFlow = SignInFlow(source: "crew", auth: Self.oauth, store: store, http: http, sleep: { _ in })
        return model
    }

    private func text(_ controller: ScreenController) -> String {
        controller.render(theme: .monochrome, glyphs: .unicode).lines.joined(separator: "\n")
    }

    @Test func deviceFlowOnScreen() async throws {
        let directory = try TemporaryDirectory("signin-screen")
        let store = TokenStore(directory: directory.path)
        let http = FakeHTTPClient()
        http.on(.matching { $0.url.host == "crew.test" }, .forward(to: try FakeCrewAPI(count: 12)))
        http.on(.path("/device"), method: "POST", .json(#"{"device_code":"dc","user_code":"WDJB-MJHT","verification_uri":"https://auth.test/activate","verification_uri_complete":"https://auth.test/activate?code=WDJB-MJHT","expires_in":900,"interval":5}"#))
        http.on(.path("/token"), method: "POST", .json(#"{"access_token":"at","expires_in":3600,"refresh_token":"rt"}"#))
        let model = try crew(http, store: store)
        let controller = await crewScreen(model, size: Size(width: 100, height: 40))

        let placeholder = text(controller).split(separator: "\n").map { $0.prefix(50).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(placeholder.contains("source 'crew' needs signing in — L signs in (or rolo login crew in a shell)"), "\(text(controller))")
        #expect(!http.urls.contains { $0.hasPrefix("https://crew.test") }, "nothing is sent unsigned")

        // The first poll waits at the server while the overlay is looked at.
        http.hold(1, method: "POST", matching: .path("/token"))
        controller.handle(.key(.character("L")))
        #expect(await settle({ self.text(controller).contains("enter the code  WDJB-MJHT") }, limit: 100_000), "\(text(controller))")
        let overlay = text(controller)
        #expect(overlay.contains("Sign in to crew"))
        #expect(overlay.contains("  https://auth.test/activate "))
        #expect(overlay.contains("or scan this with a phone:"))
        #expect(overlay.contains("█▀▀▀▀▀█"), "the QR code's finder pattern")
        #expect(overlay.contains("Waiting for the approval — "))
        #expect(overlay.contains("Esc cancels"))
        let links = controller.render(theme: .monochrome, glyphs: .unicode).links
        #expect(links.contains("https://auth.test/activate"), "the address is a link where the terminal has them")

        await http.release()
        #expect(await settle({ model.entries.rowCount > 0 && controller.signInScreen == nil }, limit: 200_000))
        #expect(await model.settled())
        let after = text(controller)
        #expect(after.contains("signed in to crew"))
        #expect(after.contains("Ada"))
        #expect(try store.token(of: "crew")?.accessToken == "at")
        #expect(http.requests.filter { $0.url.host == "crew.test" }.allSatisfy { $0.headers["Authorization"] == "Bearer at" })
    }

    @Test func aDeniedCodeIsSaidAndLTriesAgain() async throws {
        let directory = try TemporaryDirectory("signin-screen")
        let http = FakeHTTPClient()
        http.on(.matching { $0.url.host == "crew.test" }, .forward(to: try FakeCrewAPI(count: 3)))
        http.on(.path("/device"), method: "POST", .json(#"{"device_code":"dc","user_code":"AAAA","verification_uri":"https://auth.test/activate"}"#))
        http.on(.path("/token"), method: "POST", .respond(400, #"{"error":"access_denied"}"#))
        let model = try crew(http, store: TokenStore(directory: directory.path))
        let controller = await crewScreen(model, size: Size(width: 100, height: 30))
        controller.handle(.key(.character("L")))
        #expect(await settle({ self.text(controller).contains("was denied") }, limit: 100_000), "\(text(controller))")
        #expect(text(controller).contains("L tries again · Esc closes"))
        controller.handle(.key(.character("L")))
        #expect(await settle({ self.text(controller).contains("was denied") && http.requests.filter { $0.url.path == "/device" }.count == 2 }, limit: 100_000),
                "L asked for a new code")
        controller.handle(.key(.escape))
        #expect(controller.signInScreen == nil)
        controller.badge = "PROD"
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).lines[0].hasSuffix(" PROD"), "a profile's badge at the tab bar's right")
        #expect(!text(controller).contains("Sign in to crew"))
    }

    @Test func codeFlowOverSSHTakesThePastedAddress() async throws {
        let directory = try TemporaryDirectory("signin-screen")
        let store = TokenStore(directory: directory.path)
        let http = FakeHTTPClient()
        http.on(.matching { $0.url.host == "crew.test" }, .forward(to: try FakeCrewAPI(count: 4)))
        http.on(.path("/token"), method: "POST", .json(#"{"access_token":"at","expires_in":3600}"#))
        let code = OAuth2Auth(flow: .code, tokenURL: "https://auth.test/token", authorizeURL: "https://auth.test/authorize", clientID: "rolo")
        let model = try crew(http, store: store)
        model.signInFlow = SignInFlow(source: "crew", auth: code, store: store, http: http, sleep: { _ in })
        let controller = await crewScreen(model, size: Size(width: 100, height: 30))
        controller.handle(.key(.character("L")))
        #expect(await settle({ if case .paste? = controller.signInScreen?.phase { true } else { false } }, limit: 100_000))
        guard case .paste(let request, _, _)? = controller.signInScreen?.phase else { return }
        let overlay = text(controller)
        #expect(overlay.contains("Open this address in a browser, on any machine:"))
        #expect(overlay.contains("  https://auth.test/authorize?response_type=code&client_id=rolo"))
        #expect(overlay.contains("Paste that whole address (or just the code):"))
        #expect(overlay.contains("Enter signs in · Esc cancels"))

        // Another sign-in's answer is refused, and L tries again.
        for character in "http://127.0.0.1/callback?code=x&state=stale" { controller.handle(.key(.character(character))) }
        #expect(text(controller).contains("> http://127.0.0.1/callback?code=x&state=stale█"))
        controller.handle(.key(.enter))
        #expect(await settle({ if case .failed(let why)? = controller.signInScreen?.phase { why.contains("its state doesn't match") } else { false } },
                             limit: 100_000), "\(text(controller))")
        #expect(!http.urls.contains { $0.hasPrefix("https://auth.test/token") })

        controller.handle(.key(.character("L")))
        #expect(await settle({ if case .paste? = controller.signInScreen?.phase { true } else { false } }, limit: 100_000))
        guard case .paste(let again, _, _)? = controller.signInScreen?.phase else { return }
        #expect(again.state != request.state, "a fresh state for each sign-in")
        for character in "http://127.0.0.1/callback?code=abc&state=\(again.state)" { controller.handle(.key(.character(character))) }
        controller.handle(.key(.enter))
        #expect(await settle({ model.entries.rowCount > 0 && controller.signInScreen == nil }, limit: 200_000), "\(text(controller))")
        #expect(try store.token(of: "crew")?.accessToken == "at")
        let exchange = String(decoding: http.requests.first { $0.url.path == "/token" }?.body ?? Data(), as: UTF8.self)
        #expect(exchange.contains("code=abc") && exchange.contains("code_verifier=\(again.verifier)"))
    }
}
