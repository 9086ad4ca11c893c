import Foundation

/// Damaged database files moved aside, `rolo.sqlite.damaged-<date>` beside the database with
/// their `-wal` and `-shm`: kept for a look (or a recovery by hand), the last ``kept`` only, so a
/// disk that keeps damaging the file doesn't fill up with copies.
enum DamagedCopies {
    /// How many damaged copies are kept.
    static let kept = 2

    /// The files that go with a database file.
    static let companions = ["", "-wal", "-shm"]

    /// Moves the database at `path`, with its `-wal` and `-shm`, to `<path>.damaged-<date>`
    /// (a number added when that is taken) and removes all but the last ``kept`` copies.
    /// Returns the copy's path.
    static func moveAside(_ path: String, at date: Date = Date()) throws -> String {
        let files = FileManager.default
        let base = path + ".damaged-" + stamp(date)
        var copy = base
        var number = 2
        while companions.contains(where: { files.fileExists(atPath: copy + $0) }) {
            copy = base + "-\(number)"
            number += 1
        }
        // The database first: once it is gone, no new connection finds a -wal to recover.
        for suffix in companions where files.fileExists(atPath: path + suffix) {
            guard rename(path + suffix, copy + suffix) == 0 else {
                throw StoreError.cantOpen(
                    path, reason: "it is damaged and can't be moved aside (\(String(cString: strerror(errno))))")
            }
        }
        prune(beside: path)
        return copy
    }

    /// The damaged copies of the database at `path`, oldest first.
    static func copies(of path: String) -> [String] {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".damaged-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names
            .filter { $0.hasPrefix(prefix) && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            .sorted { order($0) < order($1) }
            .map { directory + "/" + $0 }
    }

    /// Removes every damaged copy but the last ``kept``.
    private static func prune(beside path: String) {
        for copy in copies(of: path).dropLast(kept) {
            for suffix in companions { unlink(copy + suffix) }
        }
    }

    /// A copy's place in time: its stamp, then its number (`-2` after none, `-10` after `-9`).
    private static func order(_ name: String) -> (String, Int) {
        let tail = name.split(separator: ".damaged-").last.map(String.init) ?? name
        let parts = tail.split(separator: "-")
        guard parts.count == 3, let number = Int(parts[2]) else { return (tail, 1) }
        return (parts[0] + "-" + parts[1], number)
    }

    /// "20261127-125613": UTC, sorts as it reads, no character a shell or a file system minds.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "-"
            + two(parts.hour) + two(parts.minute) + two(parts.second)
    }
}
