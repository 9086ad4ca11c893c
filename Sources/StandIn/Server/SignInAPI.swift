import FlyingFox
import Foundation
import Synchronization

/// An OAuth 2.0 authorization server's device flow (RFC 8628) under `/oauth`, for `--demo` and
/// the tests: `POST /oauth/device` hands out a code, `GET /oauth/activate?user_code=` is the page
/// a person approves it on (its form posts to `POST /oauth/activate`), and `POST /oauth/token`
/// answers the polls and refreshes. Unlike django-oauth-toolkit it asks the first poll of every
/// code to `slow_down`, as a busy server may, so a client's slowing down is tested; and it
/// rotates the refresh token on each refresh.
final class SignInAPI: StandInAPI, Sendable {
    let prefix = "/oauth"
    /// Seconds between polls the device answer asks for.
    static let interval = 1
    static let lifetime = 3600

    private struct Grant {
        var userCode: String
        var approved: Bool?
        var polls = 0
    }

    private struct State {
        var grants: [String: Grant] = [:]
        var refreshTokens: Set<String> = []
        var issued = 0
    }

    private let state = Mutex(State())

    var routes: [StandInRoute] {
        [
            StandInRoute("oauth.device", .POST, "/device") { [self] request in
                let host = request.http.headers[.host] ?? "127.0.0.1"
                let (deviceCode, userCode) = state.withLock { state -> (String, String) in
                    state.issued += 1
                    let userCode = String(format: "ROLO-%04d", state.issued)
                    let deviceCode = "device-\(state.issued)-\(UUID().uuidString)"
                    state.grants[deviceCode] = Grant(userCode: userCode)
                    return (deviceCode, userCode)
                }
                let verification = "http://\(host)\(prefix)/activate"
                return Self.json([
                    ("device_code", .string(deviceCode)), ("user_code", .string(userCode)),
                    ("verification_uri", .string(verification)),
                    ("verification_uri_complete", .string(verification + "?user_code=" + userCode)),
                    ("expires_in", .int(600)), ("interval", .int(Self.interval)),
                ])
            },
            StandInRoute("oauth.activate-page", .GET, "/activate") { request in
                let code = (request.http.query.first { $0.name == "user_code" }?.value ?? "").filter { $0.isLetter || $0.isNumber || $0 == "-" }
                let page = """
                    <!doctype html><title>Sign in to the stand-in</title>
                    <form method="post"><p>Let rolo read the stand-in's records?
                    <input name="user_code" value="\(code)"> <button name="answer" value="approve">Approve</button>
                    <button name="answer" value="deny">Deny</button></form>
                    """
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: Data(page.utf8))
            },
            StandInRoute("oauth.activate", .POST, "/activate") { [self] request in
                let form = Self.form(try await request.http.bodyData)
                let approve = form["answer"] != "deny"
                let found = state.withLock { state -> Bool in
                    guard let key = state.grants.first(where: { $0.value.userCode == form["user_code"] && $0.value.approved == nil })?.key else { return false }
                    state.grants[key]?.approved = approve
                    return true
                }
                let text = found ? (approve ? "Approved: go back to the terminal." : "Denied.") : "No such code waits for approval."
                return HTTPResponse(statusCode: found ? .ok : .notFound, headers: [.contentType: "text/plain; charset=utf-8"], body: Data((text + "\n").utf8))
            },
            StandInRoute("oauth.token", .POST, "/token") { [self] request in
                token(Self.form(try await request.http.bodyData))
            },
        ]
    }

    private func token(_ form: [String: String]) -> HTTPResponse {
        switch form["grant_type"] {
        case "urn:ietf:params:oauth:grant-type:device_code":
            let outcome = state.withLock { state -> String in
                guard let code = form["device_code"], var grant = state.grants[code] else { return "invalid_grant" }
                grant.polls += 1
                defer { state.grants[code] = grant }
                if grant.polls == 1 { return "slow_down" }
                switch grant.approved {
                case nil: return "authorization_pending"
                case false?: return "access_denied"
                case true?:
                    state.grants[code] = nil
                    return "ok"
                }
            }
            return outcome == "ok" ? issued() : Self.error(outcome)
        case "refresh_token":
            let known = state.withLock { $0.refreshTokens.remove(form["refresh_token"] ?? "") != nil }
            return known ? issued() : Self.error("invalid_grant")
        default:
            return Self.error("unsupported_grant_type")
        }
    }

    /// A fresh access token and a refresh token that replaces any before it.
    private func issued() -> HTTPResponse {
        let refresh = "refresh-" + UUID().uuidString
        state.withLock { _ = $0.refreshTokens.insert(refresh) }
        return Self.json([
            ("access_token", .string("access-" + UUID().uuidString)), ("token_type", .string("Bearer")),
            ("expires_in", .int(Self.lifetime)), ("refresh_token", .string(refresh)), ("scope", .string("read")),
        ])
    }

    private static func error(_ code: String) -> HTTPResponse {
        json([("error", .string(code))], status: .badRequest)
    }

    private static func json(_ members: [(String, StandInJSON)], status: HTTPStatusCode = .ok) -> HTTPResponse {
        var response = Flask.json(.object(members), status: status)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// An `application/x-www-form-urlencoded` body's fields.
    static func form(_ body: Data) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if let name = parts.first { fields[name] = parts.count > 1 ? parts[1] : "" }
        }
        return fields
    }
}
