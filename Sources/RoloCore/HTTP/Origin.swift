import Foundation

/// Where a URL's requests go, as RFC 6454 has it: the scheme and host lower-cased and the port,
/// the scheme's default when the URL names none, so `https://API.example.com` and
/// `https://api.example.com:443/x` are one origin and `http://api.example.com` another.
///
/// Credentials follow this one rule: a configured source's headers go to a URL exactly when
/// ``includes(_:)`` says it is on the configured URL's origin, and a redirect keeps them only
/// while it stays on the origin it left (``Redirect``). Comparing hosts alone sends a token
/// over plain http or to another port (curl's CVE-2022-27776).
public struct Origin: Hashable, Sendable {
    /// The scheme, lower-cased: `https`.
    public let scheme: String
    /// The host, lower-cased: `api.example.com`.
    public let host: String
    /// The port named, or the scheme's default (80 for http, 443 for https); nil for another
    /// scheme that names none.
    public let port: Int?

    /// The origin of `url`; nil when it has no scheme or no host, which is no origin at all.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), !scheme.isEmpty,
              let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? Self.defaultPorts[scheme]
    }

    /// The origin of the URL `text`, which may still hold a template's `{page}`: when the whole
    /// text isn't a URL, the part before its path is read alone.
    public init?(_ text: String) {
        if let url = URL(string: text), let origin = Origin(url) {
            self = origin
            return
        }
        guard let start = text.range(of: "://") else { return nil }
        let end = text[start.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        guard let url = URL(string: String(text[..<end])), let origin = Origin(url) else { return nil }
        self = origin
    }

    /// Whether a request to `url` stays on this origin, and so may carry what is meant for it:
    /// the one test every configured source's request and every redirect goes through.
    public func includes(_ url: URL) -> Bool {
        Origin(url) == self
    }

    private static let defaultPorts = ["http": 80, "https": 443]
}
