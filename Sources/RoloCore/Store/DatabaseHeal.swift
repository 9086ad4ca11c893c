import Foundation
import GRDB

/// One rebuild of a damaged database: where the damaged file went and what of it was kept.
public struct DatabaseHeal: Sendable, Equatable {
    /// The damaged file, moved aside (`rolo.sqlite.damaged-<date>`, with its `-wal` and `-shm`).
    public var damagedCopy: String
    /// The stored records (persons and configured sources' records) read back into the new
    /// file; the syncs fetch the rest.
    public var recordsKept: Int
    /// Whether some of the damaged file couldn't be read (rows, or the whole file).
    public var lostSome: Bool

    /// What the banner and `rolo dump` say, once: in a user's words, with the old file's path.
    public var message: String {
        let kept = recordsKept == 0
            ? "nothing could be kept, it is fetched again"
            : "\(recordsKept) stored \(recordsKept == 1 ? "record" : "records") kept\(lostSome ? ", the rest fetched again" : "")"
        return "rolo's stored data was damaged and has been rebuilt (\(kept)); the old file is \(damagedCopy)"
    }

    /// Whether `error` is SQLite saying the file is damaged: SQLITE_CORRUPT (any extended
    /// code) or SQLITE_NOTADB, as GRDB or a ``StoreError`` carries it.
    static func isDamage(_ error: any Error) -> Bool {
        if let error = error as? StoreError { return error.damage }
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }
}

/// A file's device and inode: the same path may name a new file once a database was rebuilt.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path`; nil when there is none.
    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// Thrown by a write made for a sync that read the database before it was rebuilt: what it
/// read (a cursor, a page number) belongs to the old file, so it starts over from what the new
/// file holds (``RoloDatabase/pinned``).
struct DatabaseRebuilt: Error, CustomStringConvertible {
    /// What a sync rebuilt under it more than twice in a row says, should it ever get that far.
    var description: String { "rolo's stored data was rebuilt while it synced — r to sync again" }
}
