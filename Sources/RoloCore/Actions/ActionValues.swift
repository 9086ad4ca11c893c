import Foundation

/// What an action's templates are filled from: the record, and the inputs the user gave, which
/// `{input.NAME}` names.
public struct ActionValues: Sendable, Equatable {
    /// The record acted on.
    public var record: JSONValue
    /// The inputs' values, by name.
    public var inputs: [String: String]

    /// Values from `record` and `inputs`.
    public init(record: JSONValue, inputs: [String: String] = [:]) {
        self.record = record
        self.inputs = inputs
    }

    /// The first step of a path that names an input.
    static let inputStep = "input"

    /// The value at `path`: an input's text for `input.NAME`, else the record's value.
    public func value(at path: JSONPath) -> JSONValue? {
        if path.steps.count == 2, path.steps[0] == Self.inputStep { return inputs[path.steps[1]].map(JSONValue.string) }
        return record.value(at: path)
    }

    /// The template's text, values as sent (not cleaned for the terminal: this goes to a server
    /// or a program), a missing value or an object empty.
    public func text(_ template: RecordTemplate) -> String {
        var text = ""
        for part in template.parts {
            switch part {
            case .literal(let literal): text += literal
            case .path(let path): text += value(at: path)?.text ?? ""
            }
        }
        return text
    }

    /// The template's text, or the first path with no value (missing, null, or an object).
    public func requiredText(_ template: RecordTemplate) -> Result<String, ActionFailure> {
        if let missing = template.paths.first(where: { value(at: $0)?.text == nil }) {
            return .failure(ActionFailure.missing(missing))
        }
        return .success(text(template))
    }

    /// The URL `template` makes: a template that is one path alone takes the value as the whole
    /// URL; otherwise each value is percent-encoded into its place, so it can't change the URL's
    /// shape. A URL without a scheme (`/tickets/{id}`) is on `base`'s server.
    public func url(_ template: RecordTemplate, relativeTo base: URL?) -> Result<URL, ActionFailure> {
        var text = ""
        for part in template.parts {
            switch part {
            case .literal(let literal): text += literal
            case .path(let path):
                guard let value = value(at: path)?.text, !value.isEmpty else { return .failure(.missing(path)) }
                if template.parts.count == 1 {
                    text = value.trimmingWhitespace
                } else {
                    text += value.addingPercentEncoding(withAllowedCharacters: RecordTemplate.unreserved) ?? value
                }
            }
        }
        guard let url = URL(string: text, relativeTo: base)?.absoluteURL,
              ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false
        else { return .failure(ActionFailure(.usage, "'\(text.sanitizedForTerminal)' isn't an http(s) address")) }
        return .success(url)
    }
}
