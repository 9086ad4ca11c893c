import Foundation

/// The message an API put in an error answer, where the common shapes put one: `{"error":
/// "…"}`, `{"error": {"message": "…"}}`, `{"message": "…"}`, `{"detail": "…"}` (Django REST
/// framework), `{"errors": ["…"]}` or `{"errors": [{"message": "…"}]}`, `{"error_description": "…"}`,
/// else a validation error by field (`{"title": ["This field may not be blank."]}`).
enum APIErrorText {
    /// The longest message kept: a server may send a page of text.
    static let limit = 200

    /// The message in `body`, cleaned for the terminal; nil when it has none of those shapes.
    static func message(in body: Data) -> String? {
        guard let value = try? JSONValue.parse(body) else { return nil }
        guard let text = message(in: value)?.sanitizedForTerminal.trimmingWhitespace, !text.isEmpty else { return nil }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    private static func message(in value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .array(let items): return items.lazy.compactMap(message(in:)).first
        case .object:
            for key in ["message", "error_description", "detail", "error", "errors"] {
                if let found = value[key].flatMap(message(in:)) { return found }
            }
            // A validation error by field, `{"title": ["This field may not be blank."]}`.
            guard case .object(let members) = value else { return nil }
            for member in members {
                switch member.value {
                case .string(let text): return "\(member.key): \(text)"
                case .array(let items):
                    if case .string(let text)? = items.first { return "\(member.key): \(text)" }
                default: continue
                }
            }
            return nil
        default: return nil
        }
    }
}
