import Foundation

/// How often a watched list refreshes itself: `watch = "2m"` in a `[[sources]]` table, or a
/// source's entry in the config file's `[watch]` table.
public enum WatchInterval {
    /// The shortest interval: no API is asked more often than this.
    public static let shortest: TimeInterval = 10
    /// The interval a tab without one gets when its watching is turned on by key.
    public static let byKey: TimeInterval = 120

    /// The seconds `text` names: a whole number with a unit, `s`, `m`, `h` or `d` (`"90s"`,
    /// `"2m"`, `"1h"`), or several (`"1m30s"`); nil for anything else.
    public static func seconds(_ text: String) -> TimeInterval? {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var total: TimeInterval = 0, digits = "", any = false
        for character in text.trimmingWhitespace {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = units[character], let number = Double(digits), digits.count <= 9 {
                total += number * unit
                digits = ""
                any = true
            } else {
                return nil
            }
        }
        return any && digits.isEmpty ? total : nil
    }

    /// `seconds` as `watch` writes it back: `2m`, `90s`, `1h`.
    public static func text(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        if whole % 3600 == 0 { return "\(whole / 3600)h" }
        if whole % 60 == 0 { return "\(whole / 60)m" }
        return whole >= 60 ? "\(whole / 60)m\(whole % 60)s" : "\(whole)s"
    }

    /// The interval `text` names for `label`, else why not: what `watch` should be, a
    /// sentence the config reader places.
    public static func checked(_ text: String, _ label: String) -> Result<TimeInterval, ConfigError> {
        guard let seconds = seconds(text) else {
            return .failure(ConfigError("watch of \(label) is '\(text.sanitizedForTerminal)', which isn't a time like \"2m\", \"90s\" or \"1h\""))
        }
        guard seconds >= shortest else {
            return .failure(ConfigError("watch of \(label) is \(self.text(seconds)): the shortest is 10s, so that the API isn't asked more often"))
        }
        return .success(seconds)
    }
}
