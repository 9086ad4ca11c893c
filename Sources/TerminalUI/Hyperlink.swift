/// A web address a canvas cell links to, made safe to put in an OSC 8 sequence.
public enum Hyperlink {
    /// The longest address kept, in bytes once encoded: VTE drops longer ones, and kitty and
    /// WezTerm take this much.
    public static let maximumLength = 2048

    /// Whether `text` is an http(s) address on its own: a scheme, `://`, a host, no spaces.
    public static func isWebAddress(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace
        guard let colon = trimmed.firstIndex(of: ":") else { return false }
        let scheme = trimmed[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return false }
        let rest = trimmed[colon...]
        guard rest.hasPrefix("://") else { return false }
        let host = rest.dropFirst(3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !trimmed.contains { $0.isWhitespace }
    }

    /// `address` as the terminal may be given it: an http(s) address with every byte outside
    /// printable ASCII percent-encoded (OSC 8 takes bytes 32–126 only); nil when it holds a
    /// control character or whitespace, isn't http(s), or is longer than ``maximumLength``.
    public static func sanitized(_ address: String) -> String? {
        let trimmed = address.trimmingWhitespace
        guard isWebAddress(trimmed) else { return nil }
        var result = ""
        for scalar in trimmed.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) { return nil }
            if value < 0x7F {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += "%" + hex(byte) }
            }
            if result.utf8.count > maximumLength { return nil }
        }
        return result
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}

private extension String {
    /// The text without spaces, tabs and newlines at either end.
    var trimmingWhitespace: String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return String(self[start..<max(start, end)])
    }
}
