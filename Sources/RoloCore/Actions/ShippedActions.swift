import TOMLKit

/// The actions rolo ships for a built-in source, written as the `[[actions]]` a user would
/// write and read by the config file's own reader, so a shipped action is checked exactly as a
/// user's is.
enum ShippedActions {
    /// `text`'s `[[actions]]` for `source`, marked as shipped; none when it can't be read (a
    /// test reads each source's and fails on that).
    static func read(_ text: String, source: SourceID) -> [RecordAction] {
        let place = "rolo's built-in \(source.rawValue) actions"
        let read = try? TOMLTable.reading(text) { table in
            try table[RecordActionList.key].map { try ConfiguredSourcesReader(path: place, lines: KeyLines(text: text), builtIn: [source]).builtInActions($0) }
        }
        guard let read = read ?? nil else { return [] }
        return (read[source.rawValue] ?? []).map { action in
            var shipped = action
            shipped.isShipped = true
            return shipped
        }
    }
}
