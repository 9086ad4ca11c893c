import Foundation
import GRDB

/// A damaged file heals in the run that finds it: every read and write goes through here, and
/// when SQLite says the file is damaged (on open, a read or a write) it is moved aside
/// (``DamagedCopies``), what still reads is copied into a new file (``StoreSalvage``), and the
/// stores go on with that. No check runs at a normal start: damage is found by the error codes
/// SQLite gives as it meets it.
///
/// The swap is safe beside other threads: a heal begins by taking the pool out of
/// ``Connection`` (callers wait for the new one, as for an open) and counting a new
/// ``generation``. A read that met damage, or ran while the file was swapped, is read again
/// from the new file. A write is tried again too, unless the task is ``pinned`` to a
/// generation: a sync's write carries what it read before (a cursor, a page number), so it
/// throws ``DatabaseRebuilt`` and the sync starts over from the new file's state, which the
/// salvage set so the source fetches what was lost.
///
/// Another rolo on the same file: the first to meet the damage rebuilds it; the other, at its
/// next write (one `stat` per write), finds a new file at the path and opens it, moving nothing.
extension RoloDatabase {
    /// The generation a sync read the database under, for the writes it makes from that read.
    @TaskLocal static var pinned: Int?

    /// Counts the heals of this run; see ``pinned``.
    public var generation: Int { connection.generation }

    /// Runs `body` with `pinned` set to the current generation, again from the start (up to
    /// twice) when the database is rebuilt under it: a sync that must not mix the old file's
    /// cursor with the new file's rows.
    public func pinning<T>(_ body: () async throws -> T) async throws -> T {
        var attempts = 0
        while true {
            do {
                return try await Self.$pinned.withValue(generation) { try await body() }
            } catch is DatabaseRebuilt where attempts < 2 {
                attempts += 1
            }
        }
    }

    /// Gives `handler` each heal of this run once, those before this call first: the banner.
    public func whenHealed(_ handler: @escaping @Sendable (DatabaseHeal) -> Void) {
        connection.whenHealed(handler)
    }

    /// The heals of this run so far (`rolo dump` says them).
    public var heals: [DatabaseHeal] { connection.healed }

    /// Reads with `body`, on the calling thread; read again from the rebuilt file when the
    /// file turned out damaged.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let (writer, generation) = try current()
        do {
            let value = try writer.read(body)
            guard self.generation == generation else { return try self.writer().read(body) }
            return value
        } catch where DatabaseHeal.isDamage(error) {
            heal(writer)
            return try self.writer().read(body)
        }
    }

    /// Reads with `body`; read again from the rebuilt file when the file turned out damaged.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let (writer, generation) = try current()
        do {
            let value = try await writer.read(body)
            guard self.generation == generation else { return try await self.writer().read(body) }
            return value
        } catch where DatabaseHeal.isDamage(error) {
            await healApart(writer)
            return try await self.writer().read(body)
        }
    }

    /// Writes with `body` in one transaction; when the file turned out damaged, or was swapped
    /// while this wrote, written again in the rebuilt file, or ``DatabaseRebuilt`` for a task
    /// ``pinned`` to an older generation.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let pinned = Self.pinned
        let (writer, generation) = try current()
        if let pinned, pinned != generation { throw DatabaseRebuilt() }
        let connection = self.connection
        if connection.fileReplaced() {
            // Another rolo rebuilt the file: this pool's writer still has the old one open,
            // where a write would be lost (its new readers open the new file by its path).
            await healApart(writer)
            return try await writeAgain(pinned, body)
        }
        do {
            let value = try await writer.write { db in
                let value = try body(db)
                // A heal began meanwhile: this transaction is the old file's; roll it back.
                guard connection.generation == generation else { throw DatabaseRebuilt() }
                return value
            }
            guard self.generation == generation else { return try await writeAgain(pinned, body) }
            return value
        } catch is DatabaseRebuilt {
            return try await writeAgain(pinned, body)
        } catch where DatabaseHeal.isDamage(error) {
            await healApart(writer)
            return try await writeAgain(pinned, body)
        }
    }

    /// The write once more, in the rebuilt file, unless the task is pinned to the old one.
    private func writeAgain<T: Sendable>(_ pinned: Int?, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let (writer, generation) = try current()
        if pinned != nil, pinned != generation { throw DatabaseRebuilt() }
        return try await writer.write(body)
    }

    /// ``heal(_:)`` on a thread of its own: the salvage reads and writes the whole file, which
    /// is no work for a thread of the concurrency pool to block on.
    private func healApart(_ writer: any DatabaseWriter) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                self.heal(writer)
                continuation.resume()
            }
        }
    }

    /// Rebuilds the file `writer` has open, unless another thread already does (then waits for
    /// it), or another rolo already did (then opens the file it made).
    func heal(_ writer: any DatabaseWriter) {
        guard path != Self.memoryPath else { return }
        let (mine, file) = connection.beginHeal(of: writer)
        guard mine else {
            _ = connection.wait()
            return
        }
        let path = self.path
        let result: Result<(DatabasePool, DatabaseHeal?), StoreError>
        if let file, FileIdentity(path) != file {
            // Another rolo moved the damaged file aside and rebuilt it; its heal is its banner.
            result = Result { (try Self.openFile(path), nil) }.mapError { $0 as? StoreError ?? .cantOpen(path, reason: "\($0)") }
        } else {
            result = Result { try Self.rebuild(path) }.mapError { $0 as? StoreError ?? .cantOpen(path, reason: "\($0)") }
        }
        connection.finish(result)
    }

    /// Moves the damaged file at `path` aside, opens a new one there and copies into it what
    /// still reads of the old.
    static func rebuild(_ path: String) throws -> (DatabasePool, DatabaseHeal) {
        let copy = try DamagedCopies.moveAside(path)
        let pool = try openFile(path)
        let salvage = StoreSalvage.copy(from: copy, into: pool)
        return (pool, DatabaseHeal(damagedCopy: copy, recordsKept: salvage.records, lostSome: salvage.lostSome))
    }
}
