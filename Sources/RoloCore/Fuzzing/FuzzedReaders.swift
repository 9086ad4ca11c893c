import Foundation

/// Readers of what servers send that are internal to RoloCore, reachable by `rolo-fuzz` and the
/// suite's mutator (DecoderFuzzing can't `@testable import` RoloCore: release builds build it
/// too). Each is the one line that calls the reader.
public enum FuzzedReaders {
    /// The target of `header`'s first link of `relation` (``LinkHeader/target(_:relation:base:)``).
    public static func linkTarget(_ header: String, relation: String, base: URL) -> URL? {
        LinkHeader.target(header, relation: relation, base: base)
    }

    /// What rolo makes of an authorization server's answer, read as each endpoint's: a token
    /// (from the token endpoint, and as a refresh of `previous`), a device grant, a device poll,
    /// a revocation; and of `pasted` as the code flow's redirect. Every text that reaches the
    /// screen or a message: the sentences of the errors, who signed in, the scopes, the device
    /// code and its addresses; and how many of the readings took it.
    public static func signInAnswer(_ response: HTTPResponse, pasted: String) -> (texts: [String], accepted: Int) {
        let auth = OAuth2Auth(flow: .device, deviceURL: "https://auth.example.com/device", tokenURL: "https://auth.example.com/token",
                              clientID: "rolo", clientSecret: "secret")
        let client = OAuthClient(source: "crm", auth: auth, http: UnusedHTTPClient(), now: { Date(timeIntervalSince1970: 1_800_000_000) })
        var texts: [String] = []
        var accepted = 0
        func read(_ body: () throws(SignInError) -> [String]) {
            do {
                texts += try body()
                accepted += 1
            } catch {
                texts.append(error.description)
            }
        }
        let previous = SignInToken(accessToken: "old", refreshToken: "old-refresh", issuedAt: Date(timeIntervalSince1970: 1_799_990_000))
        for (what, deviceFlow, redeeming, emptyAnswer) in [("token endpoint", false, true, false), ("token endpoint", true, false, false),
                                                          ("device authorization endpoint", false, false, false), ("revocation endpoint", false, false, true)] {
            read { () throws(SignInError) -> [String] in
                switch try client.outcome(of: response, what: what, deviceFlow: deviceFlow, redeeming: redeeming, emptyAnswer: emptyAnswer) {
                case .pending, .slowDown: return []
                case .answer(let answer):
                    if emptyAnswer { return [] }
                    if what.hasPrefix("device") {
                        let grant = try client.grant(from: answer)
                        return [grant.userCode, grant.verificationURI, grant.verificationURIComplete ?? ""]
                    }
                    let token = try client.token(answer, previous: previous)
                    return [token.scope ?? "", token.who ?? "", token.description]
                }
            }
        }
        let flow = SignInFlow(source: "crm", auth: auth, store: TokenStore(directory: "/nonexistent"), http: UnusedHTTPClient())
        let request = SignInFlow.CodeRequest(url: URL(fileURLWithPath: "/"), redirect: "http://127.0.0.1/callback", state: "state-1", verifier: "v")
        // The code goes to the token endpoint, never to the screen: only the sentences count.
        read { () throws(SignInError) -> [String] in
            _ = try flow.code(in: pasted, for: request)
            return []
        }
        return (texts, accepted)
    }
}

/// A client no request should reach: the readers above are given their answers.
private struct UnusedHTTPClient: HTTPClient {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw FetchError(kind: .unreachable, endpoint: "", message: "no request is made here", detail: "")
    }
}
