import Foundation

/// The process's environment variables.
public enum ProcessEnvironment {
    /// Every variable, read straight from `environ`: what `ProcessInfo.processInfo.environment`
    /// gives, whose first use costs the launch half a millisecond before its first frame. A name
    /// set twice keeps its first value, the one `getenv` returns; an entry without `=` is skipped.
    public static func variables() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil {
                    variables[name] = String(text[text.utf8.index(after: equals)...])
                }
            }
            entry += 1
        }
        return variables
    }
}
