import Foundation

extension URL {
    /// The host, with the port when the URL names one (`127.0.0.1:5000`, `randomuser.me`), for
    /// messages: never a path, query or credentials, which may carry tokens.
    public var endpoint: String {
        guard let components = URLComponents(url: self, resolvingAgainstBaseURL: true),
            let host = components.host, !host.isEmpty
        else { return "the server" }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        guard let port = components.port else { return shownHost }
        return "\(shownHost):\(port)"
    }

    /// This URL without credentials, query or fragment, safe to write to the log file.
    public var redactedForLog: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true) else {
            return endpoint
        }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? endpoint
    }
}
