import Foundation

/// Text made from a record: `"{first_name} {last_name}"`, each `{dotted.path}` replaced by the
/// record's value there (nothing when it has none); `{{` and `}}` are literal braces.
public struct RecordTemplate: Sendable, Equatable, CustomStringConvertible {
    /// A piece of a template: text as written, or a path to fill in.
    public enum Part: Sendable, Equatable {
        /// Text as written.
        case literal(String)
        /// A value of the record.
        case path(JSONPath)
    }

    /// The pieces, in order.
    public let parts: [Part]
    /// The template as written.
    public let description: String

    /// The template written `text`; throws a reason ("a { that isn't closed") when it can't be
    /// read, for the config reader to place.
    public init(_ text: String) throws(TemplateSyntaxError) {
        description = text
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let first = rest.first {
            rest = rest.dropFirst()
            switch first {
            case "{" where rest.first == "{", "}" where rest.first == "}":
                literal.append(first)
                rest = rest.dropFirst()
            case "{":
                guard let close = rest.firstIndex(of: "}") else { throw TemplateSyntaxError("a { that isn't closed") }
                let path = JSONPath(String(rest[..<close]).trimmingCharacters(in: .whitespaces))
                guard !path.steps.isEmpty, path.isWellFormed, !path.description.contains("{") else {
                    throw TemplateSyntaxError("'{\(rest[..<close])}' isn't a field path like {name} or {address.city}")
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.path(path))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw TemplateSyntaxError("a } with no { before it (write }} for a brace)")
            default:
                literal.append(first)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// The template that is only the value at `path`.
    public init(path: JSONPath) {
        parts = [.path(path)]
        description = "{\(path)}"
    }

    /// The paths the template fills in, in order.
    public var paths: [JSONPath] {
        parts.compactMap { part in
            if case .path(let path) = part { return path }
            return nil
        }
    }

    /// The text for `record`, safe for one line of the terminal: values from the server are
    /// stripped of control and escape sequences; a missing value, null or object is empty.
    public func render(_ record: JSONValue) -> String {
        render { record.value(at: $0) }
    }

    /// The text with each path's value from `value` (a record's, or one through its lookups).
    public func render(_ value: (JSONPath) -> JSONValue?) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .path(let path): text += value(path)?.text ?? ""
            }
        }
        return text.sanitizedForTerminal
    }

    /// The URL for `record`: a template that is one path alone takes the value as the whole
    /// URL (`{avatar_url}`); otherwise each value is percent-encoded into its place
    /// (`…/people/{id}`), so a value can't change the URL's shape. Nil when a value is missing
    /// or the result isn't a URL.
    public func url(for record: JSONValue) -> URL? {
        if parts.count == 1, case .path(let path) = parts[0] {
            return record.value(at: path)?.text.flatMap { URL(string: $0.trimmingCharacters(in: .whitespaces)) }
        }
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .path(let path):
                guard let value = record.value(at: path)?.text, !value.isEmpty,
                      let encoded = value.addingPercentEncoding(withAllowedCharacters: Self.unreserved)
                else { return nil }
                text += encoded
            }
        }
        return URL(string: text)
    }

    /// What a value may keep unencoded in a URL: RFC 3986's unreserved characters.
    static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}

/// Why a template can't be read.
public struct TemplateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, e.g. "a { that isn't closed".
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
