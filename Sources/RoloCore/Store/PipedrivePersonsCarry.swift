import Foundation
import GRDB

/// Carries the Pipedrive persons a store kept in its own table (`person`, source `pipedrive`)
/// into the record engine's (`custom_record`), without a fetch: the body of the migration that
/// puts Pipedrive on the one engine.
///
/// - Each person keeps its place and its folded search text (its organisation's name included),
///   and is written as the JSON API v1 sends (``PipedrivePerson/v1JSON``), which reads back as
///   the same person; a payload that can't be read is left out, as the list showed it unreadable.
/// - The list's state keeps its pages, total and time. A list stored whole stays whole; one
///   stopped half-way goes on from its stored cursor (v2) or offset (v1) as the engine's paging
///   position; with a cursor of neither form the list keeps no state, and the engine's next pass
///   lists it from its first page.
/// - A refresh's side list (`pipedrive.refresh`) isn't carried: the next refresh lists anew.
/// - The names (`custom_lookup`, under `pipedrive`) go under `key` too, beside the persons.
enum PipedrivePersonsCarry {
    /// The key the persons were stored under.
    static let source = "pipedrive"
    /// The key of a refresh's side list.
    static let staging = "pipedrive.refresh"

    /// Moves the persons and their state into `custom_record` and `source_state` under `key`,
    /// and gives `key` a search mark, in the caller's transaction. Returns how many were carried.
    @discardableResult
    static func carry(_ db: Database, into key: String) throws -> Int {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let insert = try db.makeStatement(sql: """
            INSERT INTO custom_record (source, id, position, json, search) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (source, id) DO NOTHING
            """)
        var carried = 0
        let rows = try Row.fetchCursor(
            db, sql: "SELECT payload, search FROM person WHERE source = ? ORDER BY position", arguments: [source])
        while let row = try rows.next() {
            guard let person = try? decoder.decode(PipedrivePerson.self, from: row["payload"] as Data) else { continue }
            try insert.execute(arguments: [key, person.id, carried, person.v1JSON.jsonText, row["search"] as String])
            if db.changesCount > 0 { carried += 1 }
        }
        if let stored = try SourceStateRecord.stored(db, source) {
            var state = stored.state
            state.source = key
            state.cursor = try position(after: stored.state, carried: carried)
            // A list stopped with no position to go on from keeps no state: the engine's next
            // pass lists it from the first page (merging into what was carried).
            if stored.complete || state.cursor != nil { try SourceStateRecord(state).save(db) }
        }
        try db.execute(
            sql: "INSERT OR REPLACE INTO custom_search_mark (source, mark) VALUES (?, ?)", arguments: [key, UUID().uuidString])
        try db.execute(sql: "UPDATE OR REPLACE custom_lookup SET source = ? WHERE source = ?", arguments: [key, source])
        try db.execute(sql: "DELETE FROM person WHERE source IN (?, ?)", arguments: [source, staging])
        try db.execute(sql: "DELETE FROM source_state WHERE source IN (?, ?)", arguments: [source, staging])
        return carried
    }

    /// The engine's stored paging position after a list stopped at `state`'s cursor
    /// (`v2:<cursor>` or `v1:<offset>`), with `carried` persons stored; nil when the list is
    /// whole or its cursor is of neither form.
    static func position(after state: SourceState, carried: Int) throws -> String? {
        guard !state.complete, let cursor = state.cursor else { return nil }
        var position = PagingPosition(
            page: state.pagesStored + 1, offset: carried, cursor: nil, url: nil, received: carried, lastPage: nil)
        if cursor.hasPrefix("v2:"), cursor.count > 3 {
            position.cursor = String(cursor.dropFirst(3))
        } else if cursor.hasPrefix("v1:"), let start = Int(cursor.dropFirst(3)) {
            position.offset = start
            position.received = start
        } else {
            return nil
        }
        return String(decoding: try JSONEncoder().encode(position), as: UTF8.self)
    }
}
