import Foundation

/// What `rolo auth` says of one source that has `[sources.auth]`: its type and flow, whether it
/// is signed in, until when, with which scopes, and as whom.
public struct SignInStatus: Sendable, Equatable {
    public var source: String
    public var auth: SourceAuth
    /// The kept sign-in, for OAuth; nil when there is none.
    public var token: SignInToken?
    /// Why the kept sign-in can't be used (a file others can read, one rolo didn't write).
    public var problem: String?

    /// The status of `source`, read from `store`; nil for a source without `[sources.auth]`.
    public init?(_ source: RecordSource, store: TokenStore, environment: [String: String]) {
        guard let auth = source.auth else { return nil }
        self.source = source.name
        // ${VAR}s are shown filled in where they are set: a user name, never a secret.
        self.auth = (try? auth.expanded(for: source, environment: environment)) ?? auth
        if case .oauth2 = auth {
            do {
                token = try store.token(of: source.name)
            } catch {
                problem = error.description
            }
        }
    }

    /// The lines of this source's block: its name and kind, then one line per fact.
    public func lines(now: Date) -> [String] {
        var lines: [String]
        switch auth {
        case .oauth2(let oauth):
            lines = ["\(source) — oauth2, \(oauth.flow.rawValue.replacingOccurrences(of: "_", with: " ")) flow"]
            if let problem {
                lines.append("  can't be used: \(problem)")
            } else if let token {
                lines.append("  " + signedIn(token, now: now, oauth: oauth))
                lines.append("  scopes: " + (token.scope.map { $0.isEmpty ? "none" : $0 } ?? (oauth.scopes.isEmpty ? "as the server chose" : oauth.scopes.joined(separator: " ") + " (asked for)")))
                if let who = token.who { lines.append("  signed in as \(who)") }
            } else if oauth.flow == .clientCredentials {
                lines.append("  no token yet: one is fetched when the source is first read (or rolo login \(source))")
            } else {
                lines.append("  not signed in — rolo login \(source)")
            }
        case .command(let command):
            lines = ["\(source) — command"]
            let every = command.ttl.map { "run again after \(Self.span($0)) and after a 401" } ?? "run again after a 401"
            lines.append("  token from \(command.command.joined(separator: " ").sanitizedForTerminal), \(every)")
            lines.append("  sent as \(command.header.sanitizedForTerminal): \(command.format.sanitizedForTerminal)")
        case .basic(let basic):
            lines = ["\(source) — basic"]
            let password = basic.passwordCommand.map { "password from \($0.joined(separator: " ").sanitizedForTerminal)" } ?? "password from the config"
            lines.append("  user \(basic.user.sanitizedForTerminal), \(password)")
        }
        return lines
    }

    private func signedIn(_ token: SignInToken, now: Date, oauth: OAuth2Auth) -> String {
        let renewal = token.refreshToken != nil ? "refreshed ahead" : oauth.flow == .clientCredentials ? "fetched again when due" : "not refreshable"
        guard let expiry = token.expiresAt else { return "signed in, no expiry said (\(renewal))" }
        let when = Self.utc(expiry)
        if expiry <= now {
            return token.refreshToken != nil || oauth.flow == .clientCredentials
                ? "signed in; the access token ran out at \(when) and is renewed on the next request"
                : "signed out: the token ran out at \(when) — rolo login \(source)"
        }
        return "signed in, the access token expires \(when) (in \(Self.span(expiry.timeIntervalSince(now)))), \(renewal)"
    }

    /// `90 s`, `58 min`, `3 h 5 min`, `2 days`.
    static func span(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        if whole < 120 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min" }
        if whole < 2 * 86400 { return whole % 3600 / 60 == 0 ? "\(whole / 3600) h" : "\(whole / 3600) h \(whole % 3600 / 60) min" }
        return "\(whole / 86400) days"
    }

    /// `2026-12-08 01:03 UTC`.
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d UTC", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }
}
