import GRDB

/// Why rolo's database couldn't be opened, read or written, in words that say what to do.
///
/// Every message names a source as the user knows it (``sourceName(_:)``), never by its key in
/// the store (`custom.pipedrive`, `custom.crew`): these lines reach the banner as they are.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One human line: what failed, the reason, and what to do.
    public let description: String
    /// Whether SQLite said the file is damaged (corrupt, or not a database): the database
    /// moves it aside and rebuilds it rather than show this.
    let damage: Bool

    /// A store error with the given line.
    init(description: String, damage: Bool = false) {
        self.description = description
        self.damage = damage
    }

    /// The database file at `path` can't be opened or migrated.
    static func cantOpen(_ path: String, reason: String, damage: Bool = false) -> StoreError {
        StoreError(
            description: "rolo's database at \(path) can't be opened: \(reason) — move it aside to start fresh",
            damage: damage)
    }

    /// A page of `source` (a store key) wasn't saved; the source keeps its last good state.
    static func cantSave(_ source: String, reason: String) -> StoreError {
        StoreError(description: "The \(sourceName(source)) persons weren't saved: \(reason)")
    }

    /// The stored persons of `source` (a store key) can't be read.
    static func cantRead(_ source: String, reason: String) -> StoreError {
        StoreError(description: "The stored \(sourceName(source)) persons can't be read: \(reason)")
    }

    /// The caller's names don't line up with its persons, so names would land on the wrong rows.
    static func namesMismatch(_ source: String, persons: Int, names: Int) -> StoreError {
        cantSave(source, reason: "\(persons) persons came with \(names) names")
    }

    /// The name a user knows the source of store key `key` by: Pipedrive's persons are
    /// Pipedrive's, a configured source is its name in the config file.
    static func sourceName(_ key: String) -> String {
        switch key {
        case PipedriveSource.id.rawValue, customPrefix + PipedriveSource.id.rawValue: return "Pipedrive"
        default: return key.hasPrefix(customPrefix) ? String(key.dropFirst(customPrefix.count)) : key
        }
    }

    /// The prefix of a configured source's store key (``RecordStore/key``).
    static let customPrefix = "custom."

    /// SQLite's own message ("file is not a database") rather than GRDB's long form with the SQL;
    /// damage in plain words, for the rare case a heal couldn't take it away.
    static func reason(_ error: any Error) -> String {
        if let error = error as? StoreError { return error.description }
        if DatabaseHeal.isDamage(error) { return "rolo's stored data is damaged" }
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
