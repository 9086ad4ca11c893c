import Foundation

/// The XDG base directories for an environment (XDG Base Directory Specification 0.8).
struct XDGDirectories: Equatable {
    let home: String
    let configHome: String
    let dataHome: String
    let cacheHome: String
    let stateHome: String

    init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        self.home = home
        // "If an implementation encounters a relative path in any of these variables it should
        // consider the path invalid and ignore it."
        func base(_ name: String, _ fallback: String) -> String {
            guard let value = environment[name], value.hasPrefix("/") else { return home + "/" + fallback }
            return value
        }
        configHome = base("XDG_CONFIG_HOME", ".config")
        dataHome = base("XDG_DATA_HOME", ".local/share")
        cacheHome = base("XDG_CACHE_HOME", ".cache")
        stateHome = base("XDG_STATE_HOME", ".local/state")
    }

    /// `path` with a leading `~` or `~/` replaced by the home directory.
    func expandingTilde(_ path: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }
}
