import Foundation

/// A log file open for appending, shared by every ``FileLogHandler``; lines from many threads
/// are written whole, one `write` each, under a lock.
///
/// The directory is created private (0700) and the file private (0600): the log holds server
/// URLs and error bodies. If the file can't be opened, lines are dropped silently — rolo owns the
/// terminal, so there is nowhere else to say so.
public final class LogFile: @unchecked Sendable {
    /// The file's path.
    public let path: String
    private let lock = NSLock()
    private let descriptor: Int32

    /// Opens `path` for appending, creating it and its directory; a file over `rotateAtBytes` is
    /// first renamed to `<path>.1` so the log can't grow without bound.
    public init(path: String, rotateAtBytes: Int = 10 << 20) {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > rotateAtBytes {
            _ = rename(path, path + ".1")
        }
        descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        endLastLine()
    }

    /// Ends the file's last line when it doesn't end in a newline (a log cut short by a crash or
    /// a full disk, or damaged): this run's first line then starts a line of its own.
    private func endLastLine() {
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_size > 0 else { return }
        var last: UInt8 = 0
        guard pread(descriptor, &last, 1, info.st_size - 1) == 1, last != 0x0A else { return }
        var newline: UInt8 = 0x0A
        _ = write(descriptor, &newline, 1)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether the file could be opened.
    public var isOpen: Bool { descriptor >= 0 }

    /// Appends `line` and a newline; drops it if the file isn't open or the disk refuses.
    public func append(_ line: String) {
        guard descriptor >= 0 else { return }
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        lock.withLock {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }
}
