import Foundation

/// The first 100 bytes of an SQLite file, checked and, when damaged, written anew from what the
/// rest of the file says: SQLite refuses a file whose header is wrong ("file is not a
/// database") though every page after it may be whole.
///
/// Only what SQLite needs to read the file is made up: the page size (from the WAL's header, or
/// the size whose second page starts as a b-tree page does), the page count (from the file's
/// size), UTF-8, schema format 4. The free-page list is forgotten: the salvage only reads.
enum DatabaseHeader {
    static let size = 100
    private static let magic = Array("SQLite format 3\u{0}".utf8)

    /// Whether `header` (the file's first bytes) holds what SQLite checks before reading.
    static func isSound(_ header: [UInt8]) -> Bool {
        guard header.count >= size, Array(header[0..<16]) == magic, pageSize(header) != nil else { return false }
        return [1, 2].contains(header[18]) && [1, 2].contains(header[19])
            && header[21] == 64 && header[22] == 32 && header[23] == 32
            && (1...4).contains(integer(header, 44)) && (1...3).contains(integer(header, 56))
    }

    /// Writes a new header into the database file at `path` when its own isn't sound; the WAL
    /// beside it (`-wal`), when whole, names the page size. Returns whether it wrote one.
    @discardableResult
    static func repair(_ path: String) throws -> Bool {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let length = Int(try handle.seekToEnd())
        try handle.seek(toOffset: 0)
        let header = [UInt8](try handle.read(upToCount: size) ?? Data())
        guard !isSound(header), length >= 2 * 512 else { return false }
        let walPage = walPageSize(path + "-wal")
        guard let page = walPage ?? guessPageSize(handle, length: length) else { return false }
        var fresh = [UInt8](repeating: 0, count: size)
        fresh.replaceSubrange(0..<16, with: magic)
        fresh[16] = UInt8((page == 65_536 ? 1 : page) >> 8)
        fresh[17] = UInt8((page == 65_536 ? 1 : page) & 0xFF)
        let journal: UInt8 = walPage == nil ? 1 : 2
        fresh[18] = journal
        fresh[19] = journal
        fresh[21] = 64
        fresh[22] = 32
        fresh[23] = 32
        put(&fresh, 24, 1)  // change counter
        put(&fresh, 28, UInt32(length / page))  // pages
        put(&fresh, 40, 1)  // schema cookie
        put(&fresh, 44, 4)  // schema format
        put(&fresh, 56, 1)  // UTF-8
        put(&fresh, 92, 1)  // the page count is valid for change 1
        put(&fresh, 96, 3_040_001)
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: Data(fresh))
        return true
    }

    /// The page size the header names; nil when it names none SQLite allows.
    private static func pageSize(_ header: [UInt8]) -> Int? {
        let raw = Int(header[16]) << 8 | Int(header[17])
        let page = raw == 1 ? 65_536 : raw
        return page >= 512 && page & (page - 1) == 0 ? page : nil
    }

    /// The page size in a WAL's header, when it has a WAL's magic number.
    private static func walPageSize(_ path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let bytes = [UInt8]((try? handle.read(upToCount: 32)) ?? Data())
        guard bytes.count == 32, [0x37, 0x7F, 0x06].elementsEqual(bytes[0..<3]), bytes[3] & 0xFE == 0x82 else { return nil }
        let page = integer(bytes, 8)
        return page >= 512 && page <= 65_536 && page & (page - 1) == 0 ? page : nil
    }

    /// The smallest page size the file is a whole number of, whose second and third pages start
    /// with a b-tree page's type (interior or leaf, index or table).
    private static func guessPageSize(_ handle: FileHandle, length: Int) -> Int? {
        let kinds: Set<UInt8> = [2, 5, 10, 13]
        return [4096, 1024, 2048, 8192, 16_384, 32_768, 65_536, 512].first { page in
            guard length % page == 0, length >= 3 * page else { return false }
            return [page, 2 * page].allSatisfy { offset in
                (try? handle.seek(toOffset: UInt64(offset))) != nil
                    && (try? handle.read(upToCount: 1)).flatMap(\.first).map(kinds.contains) == true
            }
        }
    }

    private static func integer(_ bytes: [UInt8], _ offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func put(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
    }
}
