import GRDB

/// Why rolo's database couldn't be opened, read or written, in words that say what to do.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One human line: what failed, the reason, and what to do.
    public let description: String

    /// The database file at `path` can't be opened or migrated.
    static func cantOpen(_ path: String, reason: String) -> StoreError {
        StoreError(
            description: "rolo's database at \(path) can't be opened: \(reason) — move it aside to start fresh")
    }

    /// A page of `source` wasn't saved; the source keeps its last good state.
    static func cantSave(_ source: String, reason: String) -> StoreError {
        StoreError(description: "The \(source) persons weren't saved: \(reason)")
    }

    /// The stored persons of `source` can't be read.
    static func cantRead(_ source: String, reason: String) -> StoreError {
        StoreError(description: "The stored \(source) persons can't be read: \(reason)")
    }

    /// The caller's names don't line up with its persons, so names would land on the wrong rows.
    static func namesMismatch(_ source: String, persons: Int, names: Int) -> StoreError {
        cantSave(source, reason: "\(persons) persons came with \(names) names")
    }

    /// SQLite's own message ("file is not a database") rather than GRDB's long form with the SQL.
    static func reason(_ error: any Error) -> String {
        if let error = error as? StoreError { return error.description }
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
