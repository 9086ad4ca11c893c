/// Why a record couldn't be decoded, in words a user can act on ("'id' is missing").
///
/// Thrown from tolerant `init(from:)`s so the API client can say which field of which record
/// was wrong instead of printing a `DecodingError` coding path.
public struct DecodingProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, e.g. "employee at index 2: 'id' is missing".
    public var reason: String

    /// The reason as a short phrase for a notice, e.g. "an id that isn't a number".
    public var summary: String

    /// Creates a problem with `reason`, and `summary` for notices (the reason when nil).
    public init(_ reason: String, summary: String? = nil) {
        self.reason = reason
        self.summary = summary ?? reason
    }

    /// "'key' is missing".
    public static func missing(_ key: String) -> DecodingProblem {
        DecodingProblem("'\(key)' is missing", summary: "a missing \(key)")
    }

    /// "'key' should be …", said in a notice as "a key that isn't …".
    public static func wrongType(_ key: String, should expected: String, isnt: String) -> DecodingProblem {
        DecodingProblem("'\(key)' should be \(expected)", summary: "\(article(key)) \(key) that isn't \(isnt)")
    }

    /// "a" or "an" before a field name, by its first letter.
    static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeio".contains(first) ? "an" : "a"
    }

    /// The reason.
    public var description: String { reason }

    /// The same problem, said of the record at `index` of a list of `things`.
    public func inRecord(_ index: Int, of things: String) -> DecodingProblem {
        DecodingProblem("\(things) at index \(index): \(reason)", summary: summary)
    }

    /// A problem in human words for any error a `JSONDecoder` throws.
    public static func from(_ error: any Error) -> DecodingProblem {
        if let problem = error as? DecodingProblem { return problem }
        guard let decodingError = error as? DecodingError else {
            return DecodingProblem("\(error)", summary: "a value rolo can't read")
        }
        switch decodingError {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return DecodingProblem("not valid JSON", summary: "a value that isn't valid JSON")
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return DecodingProblem("unexpected value at \(path(context.codingPath))", summary: "a value rolo can't read")
        case .keyNotFound(let key, let context):
            return DecodingProblem(
                "'\(key.stringValue)' is missing at \(path(context.codingPath))", summary: "a missing \(key.stringValue)")
        @unknown default:
            return DecodingProblem("\(decodingError)", summary: "a value rolo can't read")
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        return codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
