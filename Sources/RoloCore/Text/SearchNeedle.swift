#if canImport(Glibc)
    import Glibc
#endif

/// A folded term's bytes, ready to be looked for in folded keys many times over.
///
/// The scan jumps with `memchr` from one place its ``pivot`` byte occurs to the next and
/// compares the whole needle there. The pivot is the byte least common in names, emails and
/// organisations: for "lovelace" the "v", which a list of 100,000 persons holds about a tenth as
/// often as the "l", so a tenth as many stops and compares.
struct SearchNeedle: Sendable {
    let bytes: [UInt8]
    /// Where in ``bytes`` the byte `memchr` looks for is.
    let pivot: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        pivot = bytes.indices.min { Self.commonness[Int(bytes[$0])] < Self.commonness[Int(bytes[$1])] } ?? 0
    }

    var count: Int { bytes.count }

    /// Where `needle` starts in `hay[from..<end]`, or nil.
    func offset(in hay: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
        bytes.withUnsafeBufferPointer { pin in
            guard let needle = pin.baseAddress else { return from <= end ? from : nil }
            return Self.offset(of: needle, count, pivot: pivot, in: hay, from: from, to: end)
        }
    }

    /// Where the `length` bytes at `needle` start in `hay[from..<end]`, or nil: `memchr` to each
    /// place the byte at `pivot` occurs far enough in, `memcmp` of the whole needle there.
    /// (glibc's `memmem` isn't visible to Swift without `_GNU_SOURCE`.)
    static func offset(
        of needle: UnsafePointer<UInt8>, _ length: Int, pivot: Int, in hay: UnsafePointer<UInt8>, from: Int, to end: Int
    ) -> Int? {
        let byte = Int32(needle[pivot])
        var start = from
        while end - start >= length {
            guard let hit = memchr(hay + start + pivot, byte, end - start - length + 1) else { return nil }
            let found = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - hay - pivot
            if memcmp(hay + found, needle, length) == 0 { return found }
            start = found + 1
        }
        return nil
    }

    /// How common each byte is in folded names, emails and organisation names, from 0 (never
    /// seen) up: English letter frequencies for the letters, and the lead bytes of non-Latin
    /// scripts as common as vowels, since a Cyrillic name is made of little else. Only the
    /// order matters.
    static let commonness: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for (rank, letter) in "zqjxkvbpygfwmucdlhrsnioate".utf8.enumerated() { table[Int(letter)] = UInt8(10 + rank) }
        for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(digit)] = 12 }
        for common in " .@-".utf8 { table[Int(common)] = 20 }
        for continuation in 0x80...0xBF { table[continuation] = 15 }
        for lead in 0xC0...0xFF { table[lead] = 40 }
        return table
    }()
}
