import Foundation
import GRDB
import GRDBSQLite

/// rolo's local SQLite database: the stored persons of the paged sources, how far each got, and
/// the names of the Pipedrive organisations and users its persons refer to.
///
/// On disk it is a WAL `DatabasePool`, so the list can be read while a page is being written;
/// in tests it is an in-memory `DatabaseQueue`. The stores only see `any DatabaseWriter`.
/// The schema is migrated when the database opens.
public final class RoloDatabase: Sendable {
    /// The file name inside rolo's data directory.
    public static let fileName = "rolo.sqlite"

    /// The connection(s) every store reads and writes through.
    let writer: any DatabaseWriter

    /// Where the database lives, for messages; `:memory:` in tests.
    public let path: String

    /// Opens (creating when missing) the database file at `path` and migrates it.
    ///
    /// The directory is created with mode 0700 and a new file with 0600, as the data is
    /// personal (SQLite gives the WAL files the database file's mode). Throws ``StoreError``
    /// when the file is corrupt, unreadable or not a database.
    public init(path: String) throws {
        self.path = path
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let files = FileManager.default
        do {
            try files.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cantOpen(path, reason: "its directory can't be created (\(error.localizedDescription))")
        }
        if !files.fileExists(atPath: path) {
            // An empty file is an empty database; creating it here is what sets its mode. If it
            // fails, SQLite creates the file itself and the open reports any real problem.
            _ = files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        do {
            let pool = try DatabasePool(path: path, configuration: Self.configuration)
            try Self.migrator.migrate(pool)
            writer = pool
        } catch {
            throw StoreError.cantOpen(path, reason: StoreError.reason(error))
        }
    }

    /// The pool's connections keep the `-wal` and `-shm` files when the last one closes
    /// (SQLite's persistent WAL): deleting them at every exit had every launch create both again,
    /// which on ext4 cost the database's open more than its SQL did.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            guard !db.configuration.readonly else { return }
            var keep: CInt = 1
            let code = sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, &keep)
            guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        }
        return configuration
    }

    /// Opens `<directory>/rolo.sqlite`.
    public convenience init(dataDirectory directory: String) throws {
        try self.init(path: URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName).path)
    }

    private init(writer: any DatabaseWriter, path: String) {
        self.writer = writer
        self.path = path
    }

    /// A migrated database that lives in memory only, for tests.
    public static func inMemory() throws -> RoloDatabase {
        let queue = try DatabaseQueue()
        try migrator.migrate(queue)
        return RoloDatabase(writer: queue, path: ":memory:")
    }
}
