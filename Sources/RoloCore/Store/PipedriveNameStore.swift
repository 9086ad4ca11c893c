import Foundation
import GRDB

/// The names of a Pipedrive account's organisations and users, kept beside its persons so the
/// list, the detail and the search show them offline too.
///
/// One `pipedrive_name` row per organisation or user. The list reads only the names of the rows
/// it draws; the sync replaces them all at once, in the transaction that also refolds the search
/// text of the stored persons whose organisation's name changed.
public struct PipedriveNameStore: Sendable {
    /// The database the names live in.
    public let database: RoloDatabase

    /// A store over `database`.
    public init(database: RoloDatabase) {
        self.database = database
    }

    /// The stored names of the given ids, for the list as it is drawn: synchronous, two indexed
    /// reads of a few rows each.
    public func names(organizations: Set<Int>, users: Set<Int>) throws -> PipedriveNames {
        do {
            return try database.writer.read { db in
                var names = PipedriveNames()
                for (kind, ids) in [(PipedriveNameKind.organizations, organizations), (.users, users)] where !ids.isEmpty {
                    names[kind] = try Self.fetch(db, kind, ids: ids)
                }
                return names
            }
        } catch {
            throw StoreError.cantReadNames(reason: StoreError.reason(error))
        }
    }

    /// Every stored name; empty when none were ever stored.
    public func all() async throws -> PipedriveNames {
        do {
            return try await database.writer.read { db in
                var names = PipedriveNames()
                for kind in PipedriveNameKind.allCases { names[kind] = try Self.fetch(db, kind, ids: nil) }
                return names
            }
        } catch {
            throw StoreError.cantReadNames(reason: StoreError.reason(error))
        }
    }

    /// Replaces every stored name with `names`, and in the same transaction refolds the search
    /// text of the persons of `sources` whose organisation's name changed — renamed, deleted, or
    /// named for the first time (as in a database from a rolo that kept no names) — so a search
    /// finds them by the name the list shows. Returns how many persons' search text changed.
    @discardableResult
    public func replace(with names: PipedriveNames, refolding sources: [String]) async throws -> Int {
        do {
            return try await database.writer.write { db in
                let old = try Self.fetch(db, .organizations, ids: nil)
                let changed = Set(old.keys).union(names.organizations.keys).filter { old[$0] != names.organizations[$0] }
                try db.execute(sql: "DELETE FROM pipedrive_name")
                let insert = try db.cachedStatement(sql: "INSERT INTO pipedrive_name (kind, id, name) VALUES (?, ?, ?)")
                for kind in PipedriveNameKind.allCases {
                    for (id, name) in names[kind] { try insert.execute(arguments: [kind.rawValue, id, name]) }
                }
                return try Self.refold(db, sources, organizations: changed, names: names)
            }
        } catch {
            throw StoreError.cantSaveNames(reason: StoreError.reason(error))
        }
    }

    /// Sets the search text of the persons of `sources` that name one of `organizations` by id
    /// alone to what `names` makes of it. A payload that can't be read keeps its text.
    private static func refold(_ db: Database, _ sources: [String], organizations: Set<Int>, names: PipedriveNames) throws -> Int {
        guard !organizations.isEmpty, !sources.isEmpty else { return 0 }
        let decoder = PersonStore<PipedrivePerson>.decoder()
        var updates: [(rowID: Int64, search: String)] = []
        // Collected first and written after: changing rows under an open SELECT is undefined.
        let rows = try Row.fetchCursor(
            db, sql: "SELECT rowid, payload, search FROM person WHERE source IN (\(databaseQuestionMarks(count: sources.count)))",
            arguments: StatementArguments(sources))
        while let row = try rows.next() {
            guard let person = try? decoder.decode(PipedrivePerson.self, from: row["payload"] as Data),
                person.organizationName == nil, let id = person.organizationID, organizations.contains(id)
            else { continue }
            let search = names.resolving(person).searchText
            if search != row["search"] as String { updates.append((row["rowid"], search)) }
        }
        let update = try db.cachedStatement(sql: "UPDATE person SET search = ? WHERE rowid = ?")
        for (rowID, search) in updates { try update.execute(arguments: [search, rowID]) }
        return updates.count
    }

    /// The names of `kind`, only those of `ids` when given.
    private static func fetch(_ db: Database, _ kind: PipedriveNameKind, ids: Set<Int>?) throws -> [Int: String] {
        var sql = "SELECT id, name FROM pipedrive_name WHERE kind = ?"
        var arguments: [any DatabaseValueConvertible] = [kind.rawValue]
        if let ids {
            sql += " AND id IN (\(databaseQuestionMarks(count: ids.count)))"
            arguments += ids.map { $0 as any DatabaseValueConvertible }
        }
        var names: [Int: String] = [:]
        for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)) {
            names[row["id"]] = row["name"]
        }
        return names
    }
}
