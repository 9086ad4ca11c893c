import GRDB

extension RoloDatabase {
    /// Every schema change, in order; a migration, once shipped, is never edited — add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: person and source_state") { db in
            try db.create(table: "person") { t in
                t.column("source", .text).notNull()
                t.column("position", .integer).notNull()
                t.column("id", .text).notNull()
                t.column("payload", .blob).notNull()
                t.column("name", .text).notNull()
                t.column("updated_at", .datetime).notNull()
                t.primaryKey(["source", "id"])
            }
            // Unique: two rows at one place would make a range read ambiguous.
            try db.create(
                index: "person_on_source_position", on: "person", columns: ["source", "position"],
                options: .unique)
            try db.create(table: "source_state") { t in
                t.primaryKey("source", .text)
                t.column("seed", .text)
                t.column("pages_stored", .integer).notNull()
                t.column("total", .integer)
                t.column("complete", .boolean).notNull()
                t.column("cursor", .text)
                t.column("fetched_at", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: person.search") { db in
            // The folded text a search looks in (name, and what else the source adds), so a
            // filter over 100,000 rows is one scan in SQLite, not 100,000 decodes in Swift.
            try db.alter(table: "person") { t in
                t.add(column: "search", .text).notNull().defaults(to: "")
            }
            for row in try Row.fetchAll(db, sql: "SELECT rowid, name FROM person") {
                let name: String = row["name"]
                try db.execute(
                    sql: "UPDATE person SET search = ? WHERE rowid = ?",
                    arguments: [SearchKey.fold(name), row["rowid"] as Int64])
            }
        }
        migrator.registerMigration("v3: pipedrive_name") { db in
            // API v2 names a person's organisation and owner by id only. Nothing to back-fill
            // here: the names come from the account, and the sync that first stores them refolds
            // the stored persons' search text in the same transaction. (v11 carries these names
            // into custom_lookup, where the record engine keeps every source's lookups.)
            try db.create(table: "pipedrive_name") { t in
                t.column("kind", .text).notNull()
                t.column("id", .integer).notNull()
                t.column("name", .text).notNull()
                t.primaryKey(["kind", "id"])
            }
        }
        migrator.registerMigration("v4: custom_record") { db in
            // The records of the sources configured in [[sources]], as the server sent them.
            // `number` is an explicit rowid: the search index below refers to rows by rowid,
            // which VACUUM may renumber in a table without one.
            try db.create(table: "custom_record") { t in
                t.column("number", .integer).primaryKey()
                t.column("source", .text).notNull()
                t.column("id", .text).notNull()
                t.column("position", .integer).notNull()
                t.column("json", .text).notNull()
                t.column("search", .text).notNull()
            }
            try db.create(index: "custom_record_on_source_id", on: "custom_record", columns: ["source", "id"], options: .unique)
            try db.create(
                index: "custom_record_on_source_position", on: "custom_record", columns: ["source", "position"],
                options: .unique)
            // Trigram FTS5 finds a substring of three or more characters through its index, not
            // a scan of every record; kept in step with the table by triggers. Larger pages and
            // merging two segments at a time: storing 100,000 records took 2.6 times as long
            // with FTS5's defaults.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE custom_record_search USING fts5(
                    search, content='custom_record', content_rowid='number', tokenize='trigram');
                INSERT INTO custom_record_search(custom_record_search, rank) VALUES ('pgsz', 4000);
                INSERT INTO custom_record_search(custom_record_search, rank) VALUES ('automerge', 2);
                CREATE TRIGGER custom_record_search_insert AFTER INSERT ON custom_record BEGIN
                    INSERT INTO custom_record_search(rowid, search) VALUES (new.number, new.search);
                END;
                CREATE TRIGGER custom_record_search_delete AFTER DELETE ON custom_record BEGIN
                    INSERT INTO custom_record_search(custom_record_search, rowid, search) VALUES ('delete', old.number, old.search);
                END;
                CREATE TRIGGER custom_record_search_update AFTER UPDATE ON custom_record BEGIN
                    INSERT INTO custom_record_search(custom_record_search, rowid, search) VALUES ('delete', old.number, old.search);
                    INSERT INTO custom_record_search(rowid, search) VALUES (new.number, new.search);
                END;
                """)
        }
        migrator.registerMigration("v5: custom_detail") { db in
            // Each configured source's records' detail answers (detail_url), merged over the
            // listed record when it is read. Kept apart from custom_record so that a refresh,
            // which replaces the list, keeps the details of records it lists unchanged; `listed`
            // is the listed record's JSON the detail was fetched for.
            try db.create(table: "custom_detail") { t in
                t.column("source", .text).notNull()
                t.column("id", .text).notNull()
                t.column("listed", .text).notNull()
                t.column("json", .text).notNull()
                t.column("fetched_at", .datetime).notNull()
                t.primaryKey(["source", "id"])
            }
        }
        migrator.registerMigration("v6: custom_record without fts") { db in
            // The list and `rolo dump --search` both search the folded text in memory
            // (StoredSearchIndex), so the trigram index served nothing but cost every insert its
            // three triggers (7,000 records a second where the table alone takes 60,000+).
            // The rows stay; `number` stays as the table's rowid.
            try db.execute(sql: """
                DROP TRIGGER IF EXISTS custom_record_search_insert;
                DROP TRIGGER IF EXISTS custom_record_search_delete;
                DROP TRIGGER IF EXISTS custom_record_search_update;
                DROP TABLE IF EXISTS custom_record_search;
                """)
        }
        migrator.registerMigration("v7: custom_record refresh generation") { db in
            // A refresh merges its pages into the stored list rather than replace it: each row
            // keeps the number of the last pass that listed it (`refresh`) and its place in that
            // listing (`refresh_order`), so the pass's end removes the rows it didn't list and
            // puts the rest in its order. Every row stays; 0 is "before any refresh".
            try db.alter(table: "custom_record") { t in
                t.add(column: "refresh", .integer).notNull().defaults(to: 0)
                t.add(column: "refresh_order", .integer).notNull().defaults(to: 0)
            }
            // What a source's last whole listing leaves the next refresh: the last pass's number,
            // the time a `since` parameter sends, and the first page's ETag with its URL.
            try db.create(table: "custom_sync") { t in
                t.primaryKey("source", .text)
                t.column("generation", .integer).notNull()
                t.column("synced_at", .datetime)
                t.column("etag", .text)
                t.column("etag_url", .text)
            }
        }
        migrator.registerMigration("v8: custom_lookup") { db in
            // The other lists a configured source's [[sources.lookups]] name records of, by
            // source (its store key), lookup name and id: replaced whole when a fetch of one
            // completes, so a refresh cut short keeps the last whole list.
            try db.create(table: "custom_lookup") { t in
                t.column("source", .text).notNull()
                t.column("lookup", .text).notNull()
                t.column("id", .text).notNull()
                t.column("json", .text).notNull()
                t.primaryKey(["source", "lookup", "id"])
            }
        }
        migrator.registerMigration("v9: pipedrive_name into custom_lookup") { db in
            // Pipedrive's organisation and owner names are its lookups `org` and `owner`, kept
            // as a configured source's are: each name becomes the other record's JSON, with its
            // id and name, so a store from before shows them offline without a fetch.
            let lookups = ["organizations": "org", "users": "owner"]
            let insert = try db.makeStatement(
                sql: "INSERT OR REPLACE INTO custom_lookup (source, lookup, id, json) VALUES ('pipedrive', ?, ?, ?)")
            for row in try Row.fetchAll(db, sql: "SELECT kind, id, name FROM pipedrive_name") {
                guard let lookup = lookups[row["kind"] as String] else { continue }
                let id: Int = row["id"]
                let json = JSONValue.object([JSONMember("id", .number(String(id))), JSONMember("name", .string(row["name"]))])
                try insert.execute(arguments: [lookup, String(id), json.jsonText])
            }
            try db.drop(table: "pipedrive_name")
        }
        migrator.registerMigration("v10: custom_search_mark") { db in
            // A random text a source's stored search text is known by: written anew whenever
            // stored rows change in place (a merge, a detail, a removal), kept while rows are
            // only appended. The search index kept in a file beside the database names the mark
            // it was made under, and is used only while the store holds the same
            // (``SearchIndexFile``). Not salvaged: a healed file's lists are read anew.
            try db.create(table: "custom_search_mark") { t in
                t.primaryKey("source", .text)
                t.column("mark", .text).notNull()
            }
        }
        migrator.registerMigration("v11: pipedrive persons into custom_record") { db in
            // Pipedrive's persons are a configured source's records now (``PipedriveAccount``):
            // each is carried with its place, search text and paging position, without a fetch.
            try PipedrivePersonsCarry.carry(db, into: "custom." + PipedriveSource.id.rawValue)
        }
        migrator.registerMigration("v12: record_change and record_look") { db in
            // What each refresh changed, record by record, kept 30 days (``RecordChange``), and
            // when the user last looked at a list's changes (`rolo changes`).
            try db.create(table: "record_change") { t in
                t.autoIncrementedPrimaryKey("number")
                t.column("source", .text).notNull()
                t.column("id", .text).notNull()
                t.column("change", .text).notNull()
                t.column("label", .text).notNull()
                t.column("fields", .text)
                t.column("at", .datetime).notNull()
            }
            try db.create(index: "record_change_on_source_at", on: "record_change", columns: ["source", "at"])
            try db.create(table: "record_look") { t in
                t.primaryKey("source", .text)
                t.column("looked_at", .datetime).notNull()
            }
        }
        return migrator
    }
}
