import Foundation
import TOMLKit

extension RecordSourceReader {
    /// The keys each `type` of `[sources.auth]` takes, `type` among them.
    static let authKeys: [String: [String]] = [
        "oauth2": ["type", "flow", "issuer", "device_url", "token_url", "authorize_url", "revoke_url", "client_id",
                   "client_secret", "scopes", "redirect_uri"],
        "command": ["type", "command", "ttl", "header", "format"],
        "basic": ["type", "user", "password", "password_command"],
    ]

    /// The `[sources.auth]` table, checked for what its type and flow need; nil without one.
    func auth(_ table: TOMLTable, _ label: String) throws -> SourceAuth? {
        guard let node = table["auth"] else { return nil }
        guard let auth = node.table else {
            throw ConfigError("\(place("auth")): 'auth' of \(label) should be a table, [sources.auth], not \(ConfigFile.describe(node.type))")
        }
        func fail(_ key: String, _ text: String) -> ConfigError {
            ConfigError("\(place(key, subtable: "auth")): \(text)")
        }
        let types = Self.authKeys.keys.sorted()
        guard let type = auth["type"]?.string else {
            throw fail("type", "the auth of \(label) needs type = one of \(types.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        guard let keys = Self.authKeys[type] else {
            let near = type.didYouMean(types) ?? ""
            throw fail("type", "unknown auth type '\(type.sanitizedForTerminal)' of \(label)\(near) — the types are \(types.joined(separator: ", "))")
        }
        for key in auth.keyNames where !keys.contains(key) {
            let near = key.didYouMean(keys) ?? ""
            throw fail(key, "unknown key '\(key)' in the \(type) auth of \(label)\(near) — it takes \(keys.dropFirst().joined(separator: ", "))")
        }
        func text(_ key: String, url: Bool = false) throws -> String? {
            guard let node = auth[key] else { return nil }
            guard let value = node.string else {
                throw fail(key, "'\(key)' in the auth of \(label) should be text in quotes, not \(ConfigFile.describe(node.type))")
            }
            try EnvironmentExpansion.checkSyntax(value, in: "\(key) of \(label)'s auth", place: place(key, subtable: "auth"))
            if url {
                let shape = EnvironmentExpansion.placeholderFilledURL(value)
                guard let parsed = URL(string: shape), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else {
                    throw fail(key, "\(key) of \(label)'s auth should be an http:// or https:// address, not '\(value.sanitizedForTerminal)'")
                }
            }
            return value
        }
        func words(_ key: String, example: String) throws -> [String]? {
            guard let node = auth[key] else { return nil }
            let words = node.array?.compactMap(\.string)
            guard let words, words.count == node.array?.count, let first = words.first, !first.isEmpty else {
                throw fail(key, "\(key) of \(label)'s auth should be a list of the program and its arguments, like \(example)")
            }
            for word in words { try EnvironmentExpansion.checkSyntax(word, in: "\(key) of \(label)'s auth", place: place(key, subtable: "auth")) }
            return words
        }
        switch type {
        case "command":
            guard let command = try words("command", example: "[\"pass\", \"show\", \"crm/token\"]") else {
                throw fail("type", "the command auth of \(label) needs command = [\"program\", \"argument\", …], whose first line of output is the token")
            }
            let ttl = try text("ttl").map { written in
                guard let seconds = WatchInterval.seconds(written), seconds > 0 else {
                    throw fail("ttl", "ttl of \(label)'s auth should be a time like \"50m\", \"1h\" or \"90s\", not '\(written.sanitizedForTerminal)'")
                }
                return seconds
            }
            let header = try text("header") ?? CommandAuth.defaultHeader
            guard !header.isEmpty, header.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw fail("header", "header of \(label)'s auth should be a header's name, like Authorization or X-Api-Key")
            }
            let format = try text("format") ?? CommandAuth.defaultFormat
            guard format.contains("{token}") else {
                throw fail("format", "format of \(label)'s auth should hold {token}, where the token goes, like \"Bearer {token}\"")
            }
            return .command(CommandAuth(command: command, ttl: ttl, header: header, format: format))
        case "basic":
            guard let user = try text("user") else {
                throw fail("type", "the basic auth of \(label) needs user = \"…\" and password = \"${…}\" (or password_command)")
            }
            let password = try text("password")
            let command = try words("password_command", example: "[\"pass\", \"show\", \"jira\"]")
            if password == nil, command == nil {
                throw fail("user", "the basic auth of \(label) needs password = \"${…}\" or password_command = [\"program\", …]")
            }
            if password != nil, command != nil {
                throw fail("password_command", "the basic auth of \(label) has both password and password_command — keep one")
            }
            return .basic(BasicAuth(user: user, password: password, passwordCommand: command))
        default:
            let flows = OAuth2Auth.Flow.allCases.map(\.rawValue)
            guard let written = try text("flow") else {
                throw fail("flow", "the oauth2 auth of \(label) needs flow = one of \(flows.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            guard let flow = OAuth2Auth.Flow(rawValue: written) else {
                let near = written.didYouMean(flows) ?? ""
                throw fail("flow", "unknown flow '\(written.sanitizedForTerminal)' of \(label)'s auth\(near) — the flows are \(flows.joined(separator: ", "))")
            }
            guard let clientID = try text("client_id") else {
                throw fail("client_id", "the oauth2 auth of \(label) needs client_id = \"…\", the id the authorization server gave rolo")
            }
            var scopes: [String] = []
            if let node = auth["scopes"] {
                let list = node.array?.compactMap(\.string)
                guard let list, list.count == node.array?.count, !list.contains(where: { $0.isEmpty || $0.contains(" ") }) else {
                    throw fail("scopes", "scopes of \(label)'s auth should be a list of scopes, like [\"read\", \"write\"]")
                }
                scopes = list
            }
            var oauth = OAuth2Auth(
                flow: flow, issuer: try text("issuer", url: true), deviceURL: try text("device_url", url: true),
                tokenURL: try text("token_url", url: true), authorizeURL: try text("authorize_url", url: true),
                revokeURL: try text("revoke_url", url: true), clientID: clientID, clientSecret: try text("client_secret"),
                scopes: scopes, redirectURI: try text("redirect_uri", url: true))
            if oauth.issuer == nil {
                let needed: [(String, String?)] = [("token_url", oauth.tokenURL)]
                    + (flow == .device ? [("device_url", oauth.deviceURL)] : [])
                    + (flow == .code ? [("authorize_url", oauth.authorizeURL)] : [])
                for (key, value) in needed where value == nil {
                    throw fail("flow", "the \(flow.rawValue) flow of \(label) needs \(key) = \"https://…\", or issuer = \"https://…\" to discover it")
                }
            }
            if flow == .clientCredentials, oauth.clientSecret == nil {
                throw fail("flow", "the client_credentials flow of \(label) needs client_secret = \"${…}\"")
            }
            if flow == .code, oauth.redirectURI == nil { oauth.redirectURI = OAuth2Auth.loopbackRedirect }
            return .oauth2(oauth)
        }
    }
}

extension OAuth2Auth {
    /// The code flow's redirect when none is written: a loopback one, its port chosen at run time.
    public static let loopbackRedirect = "http://127.0.0.1/callback"
}
