import Foundation
import GRDB

/// The names of a Pipedrive account's organisations and users, kept beside its persons so the
/// list, the detail and the search show them offline too.
///
/// They are the rows of Pipedrive's lookups `org` and `owner` (``PipedriveLookups``) in
/// `custom_lookup`, under the source key ``PipedriveSync/source``, each the other record's JSON
/// with at least its `id` and `name`: the same rows a configured source's lookups keep
/// (``LookupStore``), so ``LookupValues`` resolves `{org.name}` from them. The list reads only
/// the names of the rows it draws; the sync replaces them all at once, in the transaction that
/// also refolds the search text of the stored persons whose organisation's name changed.
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
            return try database.read { db in
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
            return try await database.read { db in
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
            return try await database.write { db in
                let old = try Self.fetch(db, .organizations, ids: nil)
                let changed = Set(old.keys).union(names.organizations.keys).filter { old[$0] != names.organizations[$0] }
                try db.execute(
                    sql: "DELETE FROM custom_lookup WHERE source = ? AND lookup IN (?, ?)",
                    arguments: [PipedriveSync.source, PipedriveNameKind.organizations.lookup, PipedriveNameKind.users.lookup])
                let insert = try db.cachedStatement(sql: "INSERT INTO custom_lookup (source, lookup, id, json) VALUES (?, ?, ?, ?)")
                for kind in PipedriveNameKind.allCases {
                    for (id, name) in names[kind] {
                        try insert.execute(arguments: [PipedriveSync.source, kind.lookup, String(id), Self.json(id: id, name: name)])
                    }
                }
                return try Self.refold(db, sources, organizations: changed, old: old, names: names)
            }
        } catch let rebuilt as DatabaseRebuilt {
            throw rebuilt
        } catch {
            throw StoreError.cantSaveNames(reason: StoreError.reason(error))
        }
    }

    /// Sets the search text of the persons of `sources` that name one of `organizations` by id
    /// alone to what `names` makes of it, where it held what `old` made of it. A payload that
    /// can't be read keeps its text.
    ///
    /// At 100,000 persons this runs once for all of them (names stored for the first time), so
    /// it folds each organisation's name once and swaps the organisation, always the last field,
    /// at the end of the stored text, rather than decoding and folding every person again.
    private static func refold(
        _ db: Database, _ sources: [String], organizations: Set<Int>, old: [Int: String], names: PipedriveNames
    ) throws -> Int {
        guard !organizations.isEmpty, !sources.isEmpty else { return 0 }
        var folded: [Int: (old: String, new: String)] = [:]
        for id in organizations {
            folded[id] = (SearchKey.fold(old[id] ?? ""), SearchKey.fold(names.organizations[id] ?? ""))
        }
        let decoder = PersonStore<PipedrivePerson>.decoder()
        var updates: [(rowID: Int64, search: String)] = []
        // Collected first and written after: changing rows under an open SELECT is undefined.
        let rows = try Row.fetchCursor(
            db, sql: "SELECT rowid, payload, search FROM person WHERE source IN (\(databaseQuestionMarks(count: sources.count)))",
            arguments: StatementArguments(sources))
        while let row = try rows.next() {
            let payload: Data = row["payload"]
            guard let reference = try? decoder.decode(OrganizationReference.self, from: payload),
                reference.organizationName == nil, let id = reference.organizationID, let names = folded[id]
            else { continue }
            let stored: String = row["search"]
            let search: String
            if let swapped = swapLastField(of: stored, from: names.old, to: names.new) {
                search = swapped
            } else if let person = try? decoder.decode(PipedrivePerson.self, from: payload) {
                search = Self.names(person, names.new).searchKey
            } else {
                continue
            }
            if search != stored { updates.append((row["rowid"], search)) }
        }
        let update = try db.cachedStatement(sql: "UPDATE person SET search = ? WHERE rowid = ?")
        for (rowID, search) in updates { try update.execute(arguments: [search, rowID]) }
        return updates.count
    }

    /// `text`, fields folded by ``SearchKey`` whose last is `old` (left out when empty), with that
    /// field made `new`; nil when `text` doesn't end as it should.
    static func swapLastField(of text: String, from old: String, to new: String) -> String? {
        var base = Substring(text)
        if !old.isEmpty {
            guard base.hasSuffix(old) else { return nil }
            base = base.dropLast(old.count)
            if base.hasSuffix("\n") {
                base = base.dropLast()
            } else if !base.isEmpty {
                return nil
            }
        }
        return [String(base), new].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// `person` at an organisation named `folded` (already folded, which folds to itself).
    private static func names(_ person: PipedrivePerson, _ folded: String) -> PipedrivePerson {
        var named = person
        named.organizationName = folded.isEmpty ? nil : folded
        return named
    }

    /// The two fields a refold needs of a stored person, read without decoding the rest.
    private struct OrganizationReference: Decodable {
        var organizationID: Int?
        var organizationName: String?
    }

    /// The lookup row's JSON of a record `id` named `name`: `{"id": 7, "name": "Acme"}`.
    static func json(id: Int, name: String) -> String {
        JSONValue.object([JSONMember("id", .number(String(id))), JSONMember("name", .string(name))]).jsonText
    }

    /// The names of `kind`, only those of `ids` when given. A row whose id isn't a whole number
    /// or whose JSON has no name names nothing.
    private static func fetch(_ db: Database, _ kind: PipedriveNameKind, ids: Set<Int>?) throws -> [Int: String] {
        var sql = "SELECT id, json FROM custom_lookup WHERE source = ? AND lookup = ?"
        var arguments: [any DatabaseValueConvertible] = [PipedriveSync.source, kind.lookup]
        if let ids {
            sql += " AND id IN (\(databaseQuestionMarks(count: ids.count)))"
            arguments += ids.map { String($0) as any DatabaseValueConvertible }
        }
        var names: [Int: String] = [:]
        for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)) {
            let text: String = row["json"]
            guard let id = Int(row["id"] as String),
                case .string(let name)? = (try? JSONValue.parse(Data(text.utf8)))?["name"]
            else { continue }
            names[id] = name
        }
        return names
    }
}
