#if canImport(_FoundationICU)
import Foundation
import _FoundationICU

/// The ICU collator behind ``Collator``: the toolchain's own ICU, the one Foundation compares
/// with, so rolo's order is the same data and version as `String.compare`'s.
///
/// The functions carry the toolchain's `swift_` prefix: its ICU headers rename every entry point
/// with macros, which Swift doesn't import.
final class ICUCollator {
    private let collator: OpaquePointer
    private let localeID: [CChar]
    /// Reused between texts: the text in UTF-16, lowercased, and its key.
    private var source: [UInt16] = []
    private var lowered: [UInt16] = Array(repeating: 0, count: 64)
    private var loweredCount = 0
    private var key: [UInt8] = Array(repeating: 0, count: 256)

    /// A collator for the ICU locale `localeID` ("et_EE", "en_US_POSIX"); nil when ICU can't
    /// open one. An unknown locale gets the root order, as Foundation's comparison does.
    init?(localeID: String) {
        self.localeID = Array(localeID.utf8CString)
        var status = U_ZERO_ERROR
        guard let collator = swift_ucol_open(localeID, &status), status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        // CoreFoundation's comparison: base letters, then accents, then case; punctuation counts.
        // Width, ligature and kana differences (tertiary) don't: "ﬁ" and "fi" compare equal there.
        swift_ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, UCOL_ON, &status)
        swift_ucol_setAttribute(collator, UCOL_ALTERNATE_HANDLING, UCOL_NON_IGNORABLE, &status)
        swift_ucol_setAttribute(collator, UCOL_STRENGTH, UCOL_SECONDARY, &status)
        swift_ucol_setAttribute(collator, UCOL_CASE_LEVEL, UCOL_ON, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else {
            swift_ucol_close(collator)
            return nil
        }
        self.collator = collator
    }

    deinit {
        swift_ucol_close(collator)
    }

    /// Sort keys end to end in one buffer: 200,000 arrays would cost more than the keys.
    struct SortKeys {
        var bytes: [UInt8] = []
        /// Where each key ends in `bytes`.
        var ends: [Int] = []

        var count: Int { ends.count }
    }

    /// The keys of `texts`, each of its first `bound` characters, lowercased; nil when ICU fails
    /// on one of them.
    func sortKeys(of texts: [String], bound: Int) -> SortKeys? {
        var keys = SortKeys()
        keys.ends.reserveCapacity(texts.count)
        for text in texts {
            guard let key = sortKey(text, bound: bound) else { return nil }
            keys.bytes.append(contentsOf: key)
            keys.ends.append(keys.bytes.count)
        }
        return keys
    }

    /// The rank of each text by its key (no two texts the same): 0 for the first, the same
    /// rank for equal keys.
    ///
    /// Keys are ordered by their first eight bytes as one integer, and by all their bytes only
    /// where those are equal: sorting 200,000 keys by `memcmp` alone takes a quarter of a second.
    /// A key shorter than eight bytes is padded with zeros, which orders it as its end (a zero
    /// byte found nowhere else) does.
    static func ranks(by keys: SortKeys) -> [Int32] {
        keys.bytes.withUnsafeBufferPointer { bytes in
            keys.ends.withUnsafeBufferPointer { ends in
                func key(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
                    let index = Int(index)
                    let start = index == 0 ? 0 : ends[index - 1]
                    return UnsafeBufferPointer(rebasing: bytes[start..<ends[index]])
                }
                var order = (0..<Int32(keys.count)).map { index in
                    var prefix: UInt64 = 0
                    for byte in key(index).prefix(8) { prefix = prefix << 8 | UInt64(byte) }
                    prefix <<= UInt64(8 * (8 - min(8, key(index).count)))
                    return (prefix: prefix, index: index)
                }
                order.sort { a, b in a.prefix != b.prefix ? a.prefix < b.prefix : compare(key(a.index), key(b.index)) < 0 }
                var ranks = [Int32](repeating: 0, count: keys.count)
                var rank: Int32 = 0
                for place in order.indices {
                    let (prefix, index) = order[place]
                    if place > 0, prefix != order[place - 1].prefix || compare(key(order[place - 1].index), key(index)) != 0 {
                        rank += 1
                    }
                    ranks[Int(index)] = rank
                }
                return ranks
            }
        }
    }

    /// Keys end in a zero byte that appears nowhere else, so a prefix can't pass for a key.
    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        memcmp(a.baseAddress!, b.baseAddress!, min(a.count, b.count))
    }

    /// The key of `text`'s first `bound` characters, lowercased in the collator's locale (so
    /// a Turkish `I` becomes `ı`); a view of the reused buffer, valid until the next call. Case
    /// is folded here, not by the collator's strength: the POSIX order (what a C locale gives)
    /// puts every capital before every small letter at the first level, "Web" before "iOS".
    private func sortKey(_ text: String, bound: Int) -> ArraySlice<UInt8>? {
        source.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars.prefix(bound) {
            UTF16.encode(scalar) { source.append($0) }
        }
        guard lowercase() else { return nil }
        while true {
            let length = lowered.withUnsafeBufferPointer { text in
                key.withUnsafeMutableBufferPointer { key in
                    swift_ucol_getSortKey(collator, text.baseAddress, Int32(loweredCount), key.baseAddress, Int32(key.count))
                }
            }
            guard length > 0 else { return nil }
            if Int(length) <= key.count { return key[..<Int(length)] }
            key = Array(repeating: 0, count: Int(length))
        }
    }

    /// `source` lowercased into the start of `lowered`; false when ICU fails.
    private func lowercase() -> Bool {
        loweredCount = 0
        // ICU takes no text at a null address, which an empty array may have.
        guard !source.isEmpty else { return true }
        // Lowercasing can lengthen a text (`İ` is `i` and a combining dot): retry at the size asked.
        var capacity = source.count + 8
        while true {
            var status = U_ZERO_ERROR
            if lowered.count < capacity { lowered = Array(repeating: 0, count: capacity) }
            let length = source.withUnsafeBufferPointer { source in
                lowered.withUnsafeMutableBufferPointer { lowered in
                    localeID.withUnsafeBufferPointer { localeID in
                        swift_u_strToLower(lowered.baseAddress, Int32(lowered.count), source.baseAddress, Int32(source.count),
                                           localeID.baseAddress, &status)
                    }
                }
            }
            if status == U_BUFFER_OVERFLOW_ERROR {
                capacity = Int(length)
                continue
            }
            guard status.rawValue <= U_ZERO_ERROR.rawValue else { return false }
            loweredCount = Int(length)
            return true
        }
    }
}
#endif
