import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file's contents all at once: a kill or a power cut at any moment leaves either the
/// old file or the new one, never a mix or a stub.
///
/// The data goes to a new temporary file in the same directory (a rename is only atomic within
/// one file system), is flushed to disk with `fsync`, and is renamed over the target; the
/// directory is then synced so the rename itself survives a crash. Foundation's `.atomic`
/// write does the rename but not the syncs.
enum AtomicFile {
    /// Why a write failed, with the system's reason.
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// Temporary files older than this are left over from a killed write and are removed;
    /// younger ones may belong to another rolo writing right now.
    static let leftoverAge: TimeInterval = 60

    /// Replaces `path` with `data`, creating its directory with mode 0700 (the data is personal)
    /// when it doesn't exist; the file gets `mode`, 0600 unless told. `check` reads the new file
    /// (at the temporary path it is given) before it takes the old one's place; when it throws,
    /// the file is left as it was.
    static func replace(_ path: String, with data: Data, mode: mode_t = 0o600, check: ((String) throws -> Void)? = nil) throws {
        try replace(path, mode: mode, check: check) { write in try data.withUnsafeBytes(write) }
    }

    /// Replaces `path` with what `produce` hands its `write` function, piece by piece, so a large
    /// file never has to be held whole in memory; otherwise as ``replace(_:with:mode:check:)``.
    /// When `produce` throws, the file is left as it was.
    static func replace(
        _ path: String, mode: mode_t = 0o600, check: ((String) throws -> Void)? = nil,
        writing produce: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw WriteError(description: "can't create \(directory): \(error.localizedDescription)")
        }
        removeLeftovers(of: url)
        let temporary = directory + "/" + temporaryPrefix(of: url) + UUID().uuidString + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw systemError("can't create \(temporary)") }
        // open applies the umask; the mode asked for is the mode meant.
        fchmod(fd, mode)
        do {
            try produce { bytes in try writeAll(bytes, to: fd, path: temporary) }
            guard fsync(fd) == 0 else { throw systemError("can't flush \(temporary)") }
            guard close(fd) == 0 else {
                unlink(temporary)
                throw systemError("can't close \(temporary)")
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        do {
            try check?(temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = systemError("can't replace \(path)")
            unlink(temporary)
            throw error
        }
        syncDirectory(directory)
    }

    /// `.<name>.`, the start of every temporary file for `url`: hidden, and never the target's
    /// own name, so a reader can't open one by mistake.
    static func temporaryPrefix(of url: URL) -> String {
        "." + url.lastPathComponent + "."
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32, path: String) throws {
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw systemError("can't write \(path)") }
            offset += written
        }
    }

    // Best effort: some file systems refuse to sync a directory, and the data is safe anyway.
    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private static func removeLeftovers(of url: URL) {
        let directory = url.deletingLastPathComponent().path
        let prefix = temporaryPrefix(of: url)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let cutoff = Date().addingTimeInterval(-leftoverAge)
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let path = directory + "/" + name
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, modified < cutoff {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    private static func systemError(_ what: String) -> WriteError {
        WriteError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
