/// Checks a source's templates and paths against the records it fetched, so a typo is named
/// ("label: no record has 'first_nme' — records have first_name, last_name, email, …") instead
/// of showing as empty rows.
public enum TemplateCheck {
    /// For each path of `paths` that no record of `records` has (or has only as null), a
    /// message naming `setting`, the path, a near miss when there is one, and the fields the
    /// records do have; a path records hold, but only as null, is said to be null ("'body' is
    /// null in every record"), not missing. Empty when every path is found, or when there
    /// are no records to judge.
    public static func problems(_ setting: String, paths: [JSONPath], records: [JSONValue]) -> [String] {
        guard !records.isEmpty else { return [] }
        let missing = paths.filter { path in
            !records.contains { record in
                guard let value = record.value(at: path) else { return false }
                return value != .null
            }
        }
        guard !missing.isEmpty else { return [] }
        let fields = knownFields(records)
        return missing.map { path in
            // A field that is there, only null, is no typo: no near miss is offered for it.
            let held = records.count { $0.value(at: path) != nil }
            if held == records.count { return "\(setting): '\(path)' is null in every record" }
            if held > 0 { return "\(setting): '\(path)' is null or missing in every record" }
            let near = path.description.didYouMean(fields) ?? ""
            let have = fields.isEmpty ? "records have no fields" : "records have " + JSONValue.shortList(fields)
            return "\(setting): no record has '\(path)'\(near) — \(have)"
        }
    }

    /// Every field path of the first records, in the order first seen, indexes of lists after
    /// the first item left out (`emails.0.value`, not `emails.1.value` too).
    private static func knownFields(_ records: [JSONValue]) -> [String] {
        var fields: [String] = []
        var seen: Set<String> = []
        for record in records.prefix(50) {
            for path in record.fieldPaths where !path.steps.contains(where: { Int($0).map { $0 > 0 } ?? false }) {
                let name = path.description.sanitizedForTerminal
                if seen.insert(name).inserted { fields.append(name) }
            }
        }
        return fields
    }
}
