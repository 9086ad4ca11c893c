import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The keys of a ``SearchIndexFile`` where the file is mapped into memory: a relaunch's index
/// at 1,000,000 records is a mapping of 45 MB, not a read of them into fresh memory (28.8 ms);
/// the pages come from the page cache as a scan first touches them. Unmapped when the last index
/// holding it goes.
///
/// The mapping stays whole: the file is only ever replaced through a rename (a new file), never
/// written or cut short in place, so the mapped one lives on as long as the mapping does.
final class MappedKeys: @unchecked Sendable {
    /// Every key's UTF-8, in record order.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where each key starts in ``bytes``, and one more: where the last ends.
    let starts: UnsafeBufferPointer<Int32>
    private let region: UnsafeMutableRawPointer
    private let length: Int

    /// The keys in `region` (a mapping of `length` bytes), `startCount` starts at
    /// `startsOffset` (a multiple of 4) and `byteCount` bytes at `bytesOffset`, all inside it.
    init(region: UnsafeMutableRawPointer, length: Int, startsOffset: Int, startCount: Int, bytesOffset: Int, byteCount: Int) {
        self.region = region
        self.length = length
        starts = UnsafeBufferPointer(start: (region + startsOffset).assumingMemoryBound(to: Int32.self), count: startCount)
        bytes = UnsafeBufferPointer(start: (region + bytesOffset).assumingMemoryBound(to: UInt8.self), count: byteCount)
    }

    deinit {
        munmap(region, length)
    }
}
