/// Why a record couldn't be decoded, in words a user can act on ("'id' is missing").
///
/// Thrown from tolerant `init(from:)`s so the API client can say which field of which record
/// was wrong instead of printing a `DecodingError` coding path.
public struct DecodingProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, e.g. "employee at index 2: 'id' is missing".
    public var reason: String

    /// Creates a problem with `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }

    /// The same problem, said of the record at `index` of a list of `things`.
    public func inRecord(_ index: Int, of things: String) -> DecodingProblem {
        DecodingProblem("\(things) at index \(index): \(reason)")
    }

    /// A problem in human words for any error a `JSONDecoder` throws.
    public static func from(_ error: any Error) -> DecodingProblem {
        if let problem = error as? DecodingProblem { return problem }
        guard let decodingError = error as? DecodingError else { return DecodingProblem("\(error)") }
        switch decodingError {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return DecodingProblem("not valid JSON")
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return DecodingProblem("unexpected value at \(path(context.codingPath))")
        case .keyNotFound(let key, let context):
            return DecodingProblem("'\(key.stringValue)' is missing at \(path(context.codingPath))")
        @unknown default:
            return DecodingProblem("\(decodingError)")
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        return codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
