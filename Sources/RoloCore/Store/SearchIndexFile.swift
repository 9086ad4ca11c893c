import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A stored list's ``SearchIndex`` kept in a file beside the database, so a relaunch maps the
/// folded text of 1,000,000 records (45 MB) and searches it where it lies, rather than spending
/// 0.7 s stepping through SQLite's rows or 29 ms reading the file into memory.
///
/// The file is only a copy: it names the store's search mark it was made under (a random
/// text the store changes whenever stored search text changes in place, ``RecordStore``),
/// and counts the records it holds. It is used only when the store's mark is still the same,
/// and the rows stored after it are read from SQLite. A file that doesn't read back whole — cut
/// short, another format, starts out of order — is ignored and made anew, as is one whose mark
/// the store no longer holds (a salvaged database holds none). It is replaced only through a
/// rename, never written in place, so a mapping of the old one stays whole (``MappedKeys``).
///
/// Layout, little-endian: the magic `ROLOIDX2`, the record count, the bytes' count and the
/// mark's length (8 bytes each), the mark's UTF-8 and zeros up to a multiple of 4 bytes, then
/// the count + 1 starts (4 bytes each) and the keys' bytes.
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

    /// The index, mapped from the file, and the mark it was made under; nil when there is no
    /// file or it doesn't read back whole. The keys stay where the page cache holds them: only
    /// the header and the starts are read here, to check them.
    public func load() -> Contents? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        // Populated: the pages the first scan would fault in one by one are mapped here, at the
        // load, which runs after the first frame with data.
        guard let region = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0),
              region != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        guard let layout = Self.layout(UnsafeRawBufferPointer(start: region, count: size)) else {
            munmap(region, size)
            return nil
        }
        let keys = MappedKeys(region: region, length: size, startsOffset: layout.startsOffset, startCount: layout.count + 1,
                              bytesOffset: layout.bytesOffset, byteCount: layout.byteCount)
        return Contents(index: SearchIndex(mapped: keys), mark: layout.mark)
    }

    /// Writes `index` made under `mark`, through a file renamed into place, so a reader never
    /// meets half a file. A failure only leaves the old file or none: the index is read from
    /// SQLite instead.
    public func save(_ index: SearchIndex, mark: String) {
        let temporary = path + ".\(UUID().uuidString).tmp"
        var header = Data(Self.magic.utf8)
        let markBytes = Array(mark.utf8)
        index.withKeys { bytes, _ in
            for value in [index.count, bytes.count, markBytes.count] { header.append(Self.littleEndian(value)) }
        }
        header.append(contentsOf: markBytes)
        header.append(contentsOf: [UInt8](repeating: 0, count: Self.padded(markBytes.count) - markBytes.count))
        guard FileManager.default.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: temporary) else { return }
        do {
            try handle.write(contentsOf: header)
            try index.withKeys { bytes, starts in
                try handle.write(contentsOf: UnsafeRawBufferPointer(starts))
                try handle.write(contentsOf: UnsafeRawBufferPointer(bytes))
            }
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

    private static let magic = "ROLOIDX2"

    /// The index and mark in `data` (``load()`` for bytes in memory), copied out of it.
    static func decode(_ data: Data) -> Contents? {
        data.withUnsafeBytes { raw in
            guard let layout = layout(raw), let base = raw.baseAddress else { return nil }
            let starts = [Int32](unsafeUninitializedCapacity: layout.count + 1) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(start: base + layout.startsOffset, count: (layout.count + 1) * 4))
                initialized = layout.count + 1
            }
            let bytes = Array(UnsafeRawBufferPointer(start: base + layout.bytesOffset, count: layout.byteCount))
            return Contents(index: SearchIndex(bytes: bytes, starts: starts), mark: layout.mark)
        }
    }

    /// Where the parts of a file lie.
    private struct Layout {
        let mark: String
        let count: Int
        let startsOffset: Int
        let bytesOffset: Int
        let byteCount: Int
    }

    /// The parts of the file in `raw`; nil unless the magic is this format's, the sizes add up
    /// to the file's, the starts lie on a multiple of 4 bytes from a 4-byte boundary (a page,
    /// mapped) and run in order from 0 to the bytes' count, so no key reaches outside the bytes.
    private static func layout(_ raw: UnsafeRawBufferPointer) -> Layout? {
        let headerSize = magic.utf8.count + 3 * 8
        guard raw.count >= headerSize, raw.prefix(magic.utf8.count).elementsEqual(magic.utf8) else { return nil }
        let counts = (0..<3).map { Int(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: magic.utf8.count + $0 * 8, as: Int64.self))) }
        let (count, byteCount, markCount) = (counts[0], counts[1], counts[2])
        guard count >= 0, byteCount >= 0, markCount >= 0, count < Int(Int32.max), byteCount <= Int(Int32.max), markCount <= 1024
        else { return nil }
        let startsOffset = headerSize + padded(markCount)
        let bytesOffset = startsOffset + (count + 1) * 4
        guard raw.count == bytesOffset + byteCount,
              let mark = String(validating: raw[headerSize..<headerSize + markCount], as: UTF8.self) else { return nil }
        let starts = UnsafeRawBufferPointer(rebasing: raw[startsOffset..<bytesOffset])
        var previous: Int32 = 0
        for position in 0...count {
            let start = Int32(littleEndian: starts.loadUnaligned(fromByteOffset: position * 4, as: Int32.self))
            guard position == 0 ? start == 0 : start >= previous else { return nil }
            previous = start
        }
        guard Int(previous) == byteCount else { return nil }
        return Layout(mark: mark, count: count, startsOffset: startsOffset, bytesOffset: bytesOffset, byteCount: byteCount)
    }

    /// `count` rounded up to a multiple of 4: the starts after the mark lie on one.
    private static func padded(_ count: Int) -> Int {
        (count + 3) / 4 * 4
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
