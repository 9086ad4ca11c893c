import Foundation

/// zlib's deflate, inflate and CRC-32, for kitty's compressed transmission and PNG.
///
/// Loaded with dlopen by the first picture that needs it, as CImage loads libpng and libjpeg:
/// Foundation on Linux doesn't link zlib, and linking it would map and relocate it at every
/// start, for the many runs that never send a picture. libz.so.1 is on every Debian and Ubuntu
/// system (zlib1g is required priority); without it, kitty sends pictures uncompressed and
/// iTerm2 gets none (`PNGEncoder` says nil).
enum Zlib {
    /// The functions rolo calls, as dlsym finds them. C function pointers, immutable once found.
    private struct Functions: @unchecked Sendable {
        let compress2: Compress2
        let compressBound: CompressBound
        let uncompress: Uncompress
        let crc32: CRC32
    }

    // zlib's signatures; uLong is C's unsigned long, 64 bits on LP64 Linux and macOS.
    private typealias Compress2 = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?,
                                                  UnsafePointer<UInt8>?, UInt, Int32) -> Int32
    private typealias CompressBound = @convention(c) (UInt) -> UInt
    private typealias Uncompress = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?,
                                                   UnsafePointer<UInt8>?, UInt) -> Int32
    private typealias CRC32 = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    #if os(macOS)
    private static let soname = "libz.1.dylib"
    #else
    private static let soname = "libz.so.1"
    #endif

    /// Loaded the first time it is read (a static let is initialised once, thread-safely).
    private static let functions: Functions? = {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func find<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let compress2 = find("compress2", as: Compress2.self),
              let compressBound = find("compressBound", as: CompressBound.self),
              let uncompress = find("uncompress", as: Uncompress.self),
              let crc32 = find("crc32", as: CRC32.self)
        else { return nil }
        return Functions(compress2: compress2, compressBound: compressBound, uncompress: uncompress, crc32: crc32)
    }()

    /// Whether zlib could be loaded.
    static var isAvailable: Bool { functions != nil }

    /// `bytes` as a zlib stream (RFC 1950), at `level` 1 (fastest) to 9 (smallest); nil without zlib.
    static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
        guard let zlib = functions else { return nil }
        var length = zlib.compressBound(UInt(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                zlib.compress2(target.baseAddress, &length, source.baseAddress, UInt(source.count), level)
            }
        }
        guard status == 0 else { return nil }
        output.removeLast(output.count - Int(length))
        return output
    }

    /// The `count` bytes a zlib stream holds; nil when it is damaged, holds another count, or zlib is missing.
    static func decompress(_ stream: [UInt8], count: Int) -> [UInt8]? {
        guard let zlib = functions else { return nil }
        // Room for one byte more than expected, so that a stream holding more is caught.
        var length = UInt(count + 1)
        var output = [UInt8](repeating: 0, count: count + 1)
        let status = output.withUnsafeMutableBufferPointer { target in
            stream.withUnsafeBufferPointer { source in
                zlib.uncompress(target.baseAddress, &length, source.baseAddress, UInt(source.count))
            }
        }
        guard status == 0, length == UInt(count) else { return nil }
        output.removeLast()
        return output
    }

    /// The CRC-32 of `bytes` (PNG's chunk checksum), carried on from `crc` (0 to start); nil without zlib.
    static func crc32(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32 = 0) -> UInt32? {
        guard let zlib = functions else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: zlib.crc32(UInt(crc), buffer.baseAddress, UInt32(buffer.count)))
        }
    }
}
