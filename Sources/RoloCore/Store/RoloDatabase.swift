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

    /// The connection(s) every store reads and writes through, once open.
    let connection: Connection

    /// Where the database lives, for messages; `:memory:` in tests.
    public let path: String

    /// Opens (creating when missing) the database file at `path` and migrates it.
    ///
    /// The directory is created with mode 0700 and a new file with 0600, as the data is
    /// personal (SQLite gives the WAL files the database file's mode). Throws ``StoreError``
    /// when the file is corrupt, unreadable or not a database.
    public init(path: String) throws {
        self.path = path
        let (pool, heal) = try Self.open(path)
        connection = Connection(opened: pool, path: path, heal: heal)
    }

    /// Opens `<directory>/rolo.sqlite` on a thread of its own and returns at once, for the
    /// launch: its first frame needn't wait for the pool's set-up and the migrations' check (its
    /// page is read apart, ``PersonStore/launchSnapshot(_:picking:)``), nor share the cores with
    /// them. The open begins at ``openNow()`` (once the first frame is out), at a store's first
    /// use, which waits for it, or after `delay` at the latest.
    ///
    /// If the file can't be opened the stores keep their persons in memory for the run, as with
    /// no database; ``openFailure()`` says why.
    public init(openingIn directory: String, delay: Duration = .milliseconds(100)) {
        path = Self.path(in: directory)
        let path = path
        // A thread, not a task: a store's first use waits for the open, possibly on every thread
        // of the concurrency pool, and the open must not need one of them. Made when the open
        // begins, not here: a thread starting beside the first frame takes the main thread's core
        // (and its malloc arena's set-up the address space's lock) for a third of a millisecond.
        let connection = Connection(path: path, opening: { connection in
            Thread.detachNewThread {
                connection.finish(Result { try Self.open(path) }.mapError { $0 as? StoreError ?? .cantOpen(path, reason: "\($0)") })
            }
        })
        self.connection = connection
        // The timer is libdispatch's manager thread's, which is already up; at the default
        // priority, which the opener thread it makes inherits (nice 0, as the main thread's).
        let (seconds, attoseconds) = delay.components
        let nanoseconds = seconds >= Int64.max / 1_000_000_000 ? Int.max : Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global(qos: .default).asyncAfter(deadline: .now() + .nanoseconds(max(0, nanoseconds))) {
            connection.want()
        }
    }

    /// Lets a database made with ``init(openingIn:delay:)`` begin its open now, if it hasn't.
    public func openNow() {
        connection.want()
    }

    /// Opens the file at `path`; one SQLite finds damaged is moved aside and rebuilt from what
    /// still reads (``rebuild(_:)``), and the heal comes back with the pool.
    static func open(_ path: String) throws -> (DatabasePool, DatabaseHeal?) {
        do {
            return (try openFile(path), nil)
        } catch let error as StoreError where error.damage {
            return try rebuild(path)
        }
    }

    /// Opens (creating when missing) and migrates the file at `path`; throws ``StoreError``,
    /// marked ``StoreError/damage`` when SQLite says the file is damaged.
    static func openFile(_ path: String) throws -> DatabasePool {
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
            return pool
        } catch {
            throw StoreError.cantOpen(path, reason: StoreError.reason(error), damage: DatabaseHeal.isDamage(error))
        }
    }

    /// The connection(s) to read and write through: the file's pool, waited for while it opens;
    /// after a failed open, a database in memory for the run. Throws only if even that can't be
    /// made.
    func writer() throws -> any DatabaseWriter {
        try current().writer
    }

    /// The writer with the ``generation`` it belongs to, waited for while the file opens or heals.
    func current() throws -> (writer: any DatabaseWriter, generation: Int) {
        connection.want()
        let (state, generation) = connection.wait()
        switch state {
        case .opened(let writer), .inMemory(let writer, _): return (writer, generation)
        case .failed(let error): throw error
        }
    }

    /// Why the file couldn't be opened (the stores then keep their persons in memory), once the
    /// open is over; nil when it opened.
    public func openFailure() async -> StoreError? {
        await connection.finished()
        return connection.failure
    }

    /// Whether the open is over and failed, without waiting.
    public var hasFailed: Bool { connection.failure != nil }

    /// Whether the open is over, failed or not, without waiting.
    public var isOpenOver: Bool { connection.isOver }

    /// At exit: moves the WAL's pages into the database file and empties the WAL, so that the
    /// next launch's first connection has nothing to recover. The persistent WAL is never
    /// checkpointed otherwise until it reaches 1,000 pages, and the first connection of every
    /// launch would read all of it back, frame by frame, to rebuild its index.
    ///
    /// On a connection of its own with no busy handler, so it never waits: a write in progress
    /// (this rolo's own, or another's) or a reader in another rolo skips it, and the WAL is left
    /// for a later exit. Nothing when the database isn't an open file.
    public func checkpointAtExit() {
        guard path != Self.memoryPath, connection.isOpen else { return }
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
              let db = handle
        else { return }
        // A first read finds the database in WAL mode; until then the checkpoint does nothing.
        guard sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK else { return }
        _ = Self.keepWAL(db)
        _ = sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    }

    /// The pool's connections keep the `-wal` and `-shm` files when the last one closes
    /// (SQLite's persistent WAL): deleting them at every exit would have every launch create both
    /// again, which on ext4 costs the database's open more than its SQL does.
    ///
    /// A busy database is waited for, up to 5 s, rather than an error at once: at launch the
    /// first page is read beside the pool's open (``LaunchRead``), and whichever connection comes
    /// first recovers the WAL while the other waits; so does a second rolo's write.
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            guard !db.configuration.readonly else { return }
            let code = Self.keepWAL(db.sqliteConnection)
            guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        }
        return configuration
    }

    /// Asks SQLite to keep the `-wal` and `-shm` files when `connection` closes last.
    private static func keepWAL(_ connection: OpaquePointer?) -> CInt {
        var keep: CInt = 1
        return sqlite3_file_control(connection, nil, SQLITE_FCNTL_PERSIST_WAL, &keep)
    }

    /// Opens `<directory>/rolo.sqlite`.
    public convenience init(dataDirectory directory: String) throws {
        try self.init(path: Self.path(in: directory))
    }

    /// `<directory>/rolo.sqlite`, joined as text: the launch makes it on the main actor, where
    /// `URL`'s first `appendingPathComponent` costs half a millisecond.
    private static func path(in directory: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + fileName
    }

    private init(writer: any DatabaseWriter, path: String) {
        connection = Connection(opened: writer, path: path, heal: nil)
        self.path = path
    }

    /// The ``path`` of a database in memory.
    static let memoryPath = ":memory:"

    /// A migrated database that lives in memory only, for tests.
    public static func inMemory() throws -> RoloDatabase {
        RoloDatabase(writer: try memoryQueue(), path: memoryPath)
    }

    private static func memoryQueue() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try migrator.migrate(queue)
        return queue
    }

    /// The database's connection as it opens and heals: waited for by the stores' threads,
    /// synchronously, and by ``openFailure()``, asynchronously.
    final class Connection: @unchecked Sendable {
        enum State {
            case opened(any DatabaseWriter)
            /// The file couldn't be opened (the error); the stores work in memory.
            case inMemory(any DatabaseWriter, StoreError)
            /// Neither the file nor a database in memory could be opened.
            case failed(StoreError)
        }

        /// The file's path, `:memory:` for a database in memory.
        let path: String
        private let condition = NSCondition()
        /// Nil while the file opens or heals.
        private var state: State?
        /// Whether the open has begun (``RoloDatabase/openNow()``, a store's first use, the delay).
        private var wanted = false
        /// What begins the open, run by the first ``want()``.
        private var opening: ((Connection) -> Void)?
        private var waiters: [CheckedContinuation<Void, Never>] = []
        /// Counts the heals: what was read or written under one generation belongs to a file
        /// that a later one moved aside.
        private var generationCount = 0
        /// The file the pool has open (device and inode), to tell whether another rolo already
        /// moved it aside and rebuilt it.
        private var file: FileIdentity?
        /// The heals of this run, in order, and how many of them the handler was given.
        private var heals: [DatabaseHeal] = []
        private var delivered = 0
        private var onHeal: (@Sendable (DatabaseHeal) -> Void)?

        init(path: String, opening: @escaping (Connection) -> Void) {
            self.path = path
            self.opening = opening
        }

        init(opened writer: any DatabaseWriter, path: String, heal: DatabaseHeal?) {
            self.path = path
            state = .opened(writer)
            file = FileIdentity(path)
            heals = heal.map { [$0] } ?? []
        }

        func finish(_ result: Result<(DatabasePool, DatabaseHeal?), StoreError>) {
            let state: State
            var heal: DatabaseHeal?
            switch result {
            case .success(let (pool, healed)):
                state = .opened(pool)
                heal = healed
            case .failure(let error):
                if let memory = try? RoloDatabase.memoryQueue() {
                    state = .inMemory(memory, error)
                } else {
                    state = .failed(error)
                }
            }
            let identity = FileIdentity(path)
            condition.lock()
            self.state = state
            file = identity
            if let heal { heals.append(heal) }
            let waiting = waiters
            waiters = []
            condition.broadcast()
            condition.unlock()
            for waiter in waiting { waiter.resume() }
            deliverHeals()
        }

        /// Begins the open, if nothing has yet.
        func want() {
            condition.lock()
            let begin = wanted ? nil : opening
            wanted = true
            opening = nil
            condition.unlock()
            begin?(self)
        }

        /// The state once open (or healed), and its generation.
        func wait() -> (State, Int) {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let state { return (state, generationCount) }
                condition.wait()
            }
        }

        /// The current generation, without waiting.
        var generation: Int {
            condition.lock()
            defer { condition.unlock() }
            return generationCount
        }

        /// Takes on the heal of `writer`'s file: true when this caller must heal it, false when
        /// it was healed (or is being healed) already, which ``wait()`` then waits for. New
        /// callers wait from here until ``finish(_:)``.
        func beginHeal(of writer: any DatabaseWriter) -> (heal: Bool, file: FileIdentity?) {
            condition.lock()
            defer { condition.unlock() }
            guard case .opened(let current) = state, current === writer else { return (false, nil) }
            state = nil
            generationCount += 1
            return (true, file)
        }

        /// Whether the file at the path is no longer the one the pool opened (another rolo
        /// rebuilt it): a `stat`, no wait.
        func fileReplaced() -> Bool {
            condition.lock()
            let opened = file
            let isFile: Bool
            if case .opened = state { isFile = path != RoloDatabase.memoryPath } else { isFile = false }
            condition.unlock()
            guard isFile, let opened else { return false }
            return FileIdentity(path) != opened
        }

        func finished() async {
            await withCheckedContinuation { continuation in
                condition.lock()
                if state == nil {
                    waiters.append(continuation)
                    condition.unlock()
                } else {
                    condition.unlock()
                    continuation.resume()
                }
            }
        }

        /// Gives `handler` every heal of this run, those before it first, each once.
        func whenHealed(_ handler: @escaping @Sendable (DatabaseHeal) -> Void) {
            condition.lock()
            onHeal = handler
            condition.unlock()
            deliverHeals()
        }

        /// The heals of this run so far.
        var healed: [DatabaseHeal] {
            condition.lock()
            defer { condition.unlock() }
            return heals
        }

        private func deliverHeals() {
            condition.lock()
            let handler = onHeal
            let fresh = handler == nil ? [] : Array(heals[delivered...])
            if handler != nil { delivered = heals.count }
            condition.unlock()
            for heal in fresh { handler?(heal) }
        }

        /// Whether the file's pool is open, without waiting.
        var isOpen: Bool {
            condition.lock()
            defer { condition.unlock() }
            if case .opened = state { return true }
            return false
        }

        /// Whether the open is over: the file, a database in memory instead, or neither.
        var isOver: Bool {
            condition.lock()
            defer { condition.unlock() }
            return state != nil
        }

        var failure: StoreError? {
            condition.lock()
            defer { condition.unlock() }
            switch state {
            case .inMemory(_, let error), .failed(let error): return error
            case .opened, nil: return nil
            }
        }
    }
}
