import Foundation

/// The message an API put in an error answer: the most specific text its body has.
///
/// First the places real APIs put their words, in this order: Elasticsearch's
/// `error.root_cause[0].reason`, then `error.reason`; `message` (Kubernetes' Status);
/// `error_description` (OAuth); `error.message` (Stripe, Airtable); `errors[0].message`
/// (Intercom, GraphQL); `detail` (Sentry, Django REST framework); `title`; `error.type`
/// (Airtable's bare iterator error); `[0].message` of an array body (Salesforce); `error` as text.
/// Else the common shapes at any depth: `{"errors": ["…"]}`, `{"errors": [{"detail": "…"}]}`,
/// and a validation error by field (`{"title": ["This field may not be blank."]}`).
enum APIErrorText {
    /// The longest message kept: a server may send a page of text.
    static let limit = 200

    /// Where the most specific text is, most specific first.
    static let places: [JSONPath] = [
        "error.root_cause.0.reason", "error.reason", "message", "error_description", "error.message", "errors.0.message",
        "detail", "title", "error.type", "0.message", "error",
    ].map(JSONPath.init)

    /// The message in `body`, cleaned for the terminal; nil when it has none of those shapes.
    static func message(in body: Data) -> String? {
        guard let value = try? JSONValue.parse(body) else { return nil }
        return message(in: value)
    }

    /// The message in an answer already parsed, as ``message(in:)-(Data)`` reads it.
    static func message(in value: JSONValue) -> String? {
        let said = places.lazy.compactMap { path -> String? in
            guard case .string(let text)? = value.value(at: path), !text.trimmingWhitespace.isEmpty else { return nil }
            return text
        }.first
        guard let text = (said ?? anywhere(in: value))?.sanitizedForTerminal.trimmingWhitespace, !text.isEmpty else { return nil }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// The first message in `value` at any depth: each item and member read once (a lazy
    /// `compactMap(…).first` reads each twice, 2^40 reads for lists nested 40 deep).
    private static func anywhere(in value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .array(let items):
            for item in items {
                if let found = anywhere(in: item) { return found }
            }
            return nil
        case .object:
            for key in ["message", "error_description", "detail", "error", "errors"] {
                if let found = value[key].flatMap(anywhere(in:)) { return found }
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
