/// Finds the list of records in an answer, at a source's `records` path, and says what the
/// answer is instead when it isn't there: "no list at 'items': the answer is an object with
/// keys foods, totalCount". Null where the list should be is an empty page.
public enum RecordsLocator {
    /// The records at `path` of `answer` (the answer itself when `path` is nil).
    public static func records(in answer: JSONValue, at path: JSONPath?) throws(RecordsPathError) -> [JSONValue] {
        guard let path, !path.steps.isEmpty else {
            if case .array(let items) = answer { return items }
            throw RecordsPathError(
                "the answer is \(answer.kindDescription), not a list\(hint(answer)) — set records = \"…\" to the list's path")
        }
        var reached = answer
        for (count, step) in path.steps.enumerated() {
            guard let next = reached.value(at: JSONPath(steps: [step])) else {
                let place = count == 0 ? "the answer" : "'\(JSONPath(steps: Array(path.steps[..<count])))'"
                throw RecordsPathError("no list at '\(path)': \(place) is \(reached.kindDescription)\(hint(reached))")
            }
            reached = next
        }
        // Pipedrive v1 sends `"data": null` for the page after the last: no records, not a
        // mistake in the path.
        if reached == .null { return [] }
        guard case .array(let items) = reached else {
            throw RecordsPathError("no list at '\(path)': it is \(reached.kindDescription)\(hint(reached))")
        }
        return items
    }

    /// " (the list is at 'data.items')" when `value` holds a list of objects at a path of
    /// up to three steps, the first found.
    private static func hint(_ value: JSONValue) -> String {
        func search(_ value: JSONValue, _ steps: [String]) -> [String]? {
            guard steps.count < 3, case .object(let members) = value else { return nil }
            for member in members {
                if case .array(let items) = member.value, items.contains(where: { if case .object = $0 { true } else { false } }) {
                    return steps + [member.key]
                }
            }
            for member in members {
                if let found = search(member.value, steps + [member.key]) { return found }
            }
            return nil
        }
        return search(value, []).map { " (a list of records is at '\(JSONPath(steps: $0).description.sanitizedForTerminal)')" } ?? ""
    }
}

/// Why a source's records weren't found in its answer.
public struct RecordsPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line saying what the answer is instead.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
