import Foundation

/// What a decoder did with one fuzz input.
public enum FuzzOutcome: Sendable, Equatable {
    /// It gave a value, with no unsafe text in it.
    case value
    /// It refused the input with a message a user can read.
    case error
    /// It broke a promise: an unexplained error, an empty or unsafe message, unsafe text in a
    /// value. (A crash ends the process instead.)
    case problem(String)

    /// An error whose `message` is shown to the user: it must say something, on one line, with
    /// nothing a terminal would act on.
    public static func judge(message: String) -> FuzzOutcome {
        if message.trimmingCharacters(in: .whitespaces).isEmpty { return .problem("an error with an empty message") }
        if let found = UnsafeText.find(in: message) {
            return .problem("an error message holds text a terminal would act on: \(found.text.debugDescription.prefix(80))")
        }
        return .error
    }
}

/// Looks for text a terminal would act on instead of drawing (ESC, C0 and C1 controls but the
/// line break, bidi overrides): what servers' text must be cleaned of before it is shown.
enum UnsafeText {
    /// The first string found in `value` (walked through its stored properties) that holds such
    /// text, with where it was; nil when there is none. Bytes (images) are not text and are
    /// skipped, and so are text kept as the server sent it on purpose and never drawn: `raw…`
    /// properties (kept for parsing) and Pipedrive's `nextCursor` (an opaque token sent back).
    static func find(in value: Any, at path: String = "") -> (text: String, path: String)? {
        switch value {
        case let text as String:
            return text.unicodeScalars.contains(where: isUnsafe) ? (text, path) : nil
        case is Data, is [UInt8], is URL, is Date, is any Numeric, is Bool:
            return nil
        default:
            for (index, child) in Mirror(reflecting: value).children.enumerated() {
                if let label = child.label, label.hasPrefix("raw") || label == "nextCursor" { continue }
                if let found = find(in: child.value, at: path + (child.label.map { ".\($0)" } ?? "[\(index)]")) { return found }
            }
            return nil
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
