import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A stored list's ``SearchIndex`` kept in a file beside the database, so a relaunch reads the
/// folded text of 1,000,000 records in one read of 47 MB rather than 0.7 s of stepping through
/// SQLite's rows.
///
/// The file is only a copy: it names the store's search mark it was made under (a random
/// text the store changes whenever stored search text changes in place, ``CustomRecordStore``),
/// and counts the records it holds. It is used only when the store's mark is still the same,
/// and the rows stored after it are read from SQLite. A file that doesn't read back whole — cut
/// short, another format, starts out of order — is ignored and made anew, as is one whose mark
/// the store no longer holds (a salvaged database holds none).
///
/// Layout, little-endian: the magic `ROLOIDX1`, the record count, the bytes' count and the
/// mark's length (8 bytes each), the mark's UTF-8, then the count + 1 starts (4 bytes each) and
/// the keys' bytes.
public struct SearchIndexFile: Sendable {
    /// Where the file lives.
    public let path: String

    /// The file of `key`'s index beside the database at `databasePath`; nil for a database in
    /// memory.
    public init?(databasePath: String, key: String) {
        guard databasePath != RoloDatabase.memoryPath else { return nil }
        let directory = (databasePath as NSString).deletingLastPathComponent
        path = (directory.isEmpty ? "." : directory) + "/search-" + Self.fileName(key) + ".index"
    }

    /// What the file holds, when it reads back whole.
    public struct Contents: Sendable {
        public let index: SearchIndex
        public let mark: String
    }

    /// The index and the mark it was made under; nil when there is no file or it doesn't read
    /// back whole. Read straight into the index's arrays: no copy of 47 MB beside them.
    public func load() -> Contents? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return Self.contents(size: Int(status.st_size)) { buffer in
            guard let base = buffer.baseAddress else { return buffer.isEmpty }
            var done = 0
            while done < buffer.count {
                let got = Glibc.read(descriptor, base + done, buffer.count - done)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return false }
                done += got
            }
            return true
        }
    }

    /// Writes `index` made under `mark`, through a file renamed into place, so a reader never
    /// meets half a file. A failure only leaves the old file or none: the index is read from
    /// SQLite instead.
    public func save(_ index: SearchIndex, mark: String) {
        let temporary = path + ".\(UUID().uuidString).tmp"
        var header = Data(Self.magic.utf8)
        let markBytes = Array(mark.utf8)
        for value in [index.count, index.bytes.count, markBytes.count] { header.append(Self.littleEndian(value)) }
        header.append(contentsOf: markBytes)
        guard FileManager.default.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: temporary) else { return }
        do {
            try handle.write(contentsOf: header)
            try index.starts.withUnsafeBytes { try handle.write(contentsOf: $0) }
            try index.bytes.withUnsafeBytes { try handle.write(contentsOf: $0) }
            try handle.close()
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
        }
    }

    /// Removes the file, if any.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    private static let magic = "ROLOIDX1"

    /// The index and mark in `data` (``load()`` for bytes in memory).
    static func decode(_ data: Data) -> Contents? {
        var offset = data.startIndex
        return contents(size: data.count) { buffer in
            guard data.endIndex - offset >= buffer.count else { return false }
            data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: offset..<offset + buffer.count)
            offset += buffer.count
            return true
        }
    }

    /// The index and mark in a file of `size` bytes whose parts `read` fills in order (false:
    /// the file ended first); nil unless every part is there, the sizes add up to `size`, and
    /// the starts run in order from 0 to the bytes' count.
    private static func contents(size: Int, read: (UnsafeMutableRawBufferPointer) -> Bool) -> Contents? {
        var header = [UInt8](repeating: 0, count: magic.utf8.count + 3 * 8)
        guard size >= header.count, header.withUnsafeMutableBytes(read), header.prefix(magic.utf8.count).elementsEqual(magic.utf8)
        else { return nil }
        let counts = header.withUnsafeBytes { raw in
            (0..<3).map { Int(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: magic.utf8.count + $0 * 8, as: Int64.self))) }
        }
        let (count, byteCount, markCount) = (counts[0], counts[1], counts[2])
        guard count >= 0, byteCount >= 0, markCount >= 0, count < Int(Int32.max), byteCount <= Int(Int32.max), markCount <= 1024,
              size == header.count + markCount + (count + 1) * 4 + byteCount else { return nil }
        var markBytes = [UInt8](repeating: 0, count: markCount)
        guard markBytes.withUnsafeMutableBytes(read), let mark = String(validating: markBytes, as: UTF8.self) else { return nil }
        var complete = true
        let starts = [Int32](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            complete = read(UnsafeMutableRawBufferPointer(buffer))
            initialized = complete ? count + 1 : 0
        }
        // In order from 0 to the end, so no key reaches outside the bytes.
        guard complete, starts.first == 0, starts.last.map(Int.init) == byteCount,
              zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }) else { return nil }
        let bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            complete = read(UnsafeMutableRawBufferPointer(buffer))
            initialized = complete ? byteCount : 0
        }
        guard complete else { return nil }
        return Contents(index: SearchIndex(bytes: bytes, starts: starts), mark: mark)
    }

    private static func littleEndian(_ value: Int) -> Data {
        withUnsafeBytes(of: Int64(value).littleEndian) { Data($0) }
    }

    /// `key` with every byte but letters, digits, `.`, `-` and `_` written as `%XX`.
    private static func fileName(_ key: String) -> String {
        key.utf8.map { byte in
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x2D || byte == 0x5F
            return plain ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }
}
