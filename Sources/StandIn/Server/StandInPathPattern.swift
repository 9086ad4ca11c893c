/// A route's path in Flask's notation, `/employees/<int:id>`: literal segments, and parameters
/// that match one segment each (`<name>` any text, `<int:name>` ASCII digits only, as
/// Werkzeug's converters do).
struct StandInPathPattern: Sendable, CustomStringConvertible {
    private enum Segment: Sendable {
        case literal(String)
        case text(String)
        case integer(String)
    }

    private let segments: [Segment]

    /// The pattern as written.
    let description: String

    /// Parses `pattern`; a malformed parameter is a programming error in a route table.
    init(_ pattern: String) {
        description = pattern
        segments = Self.split(pattern).map { part in
            guard part.hasPrefix("<"), part.hasSuffix(">") else { return .literal(part) }
            let inner = part.dropFirst().dropLast()
            if inner.hasPrefix("int:") {
                return .integer(String(inner.dropFirst(4)))
            }
            precondition(!inner.contains(":"), "unsupported converter in \(pattern)")
            return .text(String(inner))
        }
    }

    /// The parameters captured from `path`, or nil when the path does not match.
    func match(_ path: String) -> [String: String]? {
        let parts = Self.split(path)
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal):
                guard part == literal else { return nil }
            case .text(let name):
                guard !part.isEmpty else { return nil }
                parameters[name] = part
            case .integer(let name):
                guard !part.isEmpty, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                    return nil
                }
                parameters[name] = part
            }
        }
        return parameters
    }

    // Keeps empty segments, so `/employees/` (two segments, the last empty) does not match
    // `/employees`: Werkzeug answers 404 there too.
    private static func split(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }
}
