#if canImport(Glibc)
    import Glibc
#endif

/// A folded term's bytes, ready to be looked for in folded keys many times over.
///
/// A one-byte needle is found with `memchr`. A longer one by its ``pivot`` pair, the two
/// adjacent bytes least common in names, emails and organisations ("ov" in "lovelace"), eight
/// places at a time in a 64-bit word, the whole needle compared only where the pair occurs:
/// `memchr` to each place its first byte occurs stops at every "l" of "example" in 100,000
/// emails, three times slower over a list.
struct SearchNeedle: Sendable {
    let bytes: [UInt8]
    /// Where in ``bytes`` the byte (one-byte needles) or the pair of bytes looked for starts.
    let pivot: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let rarity = { (at: Int) in Int(Self.commonness[Int(bytes[at])]) + Int(Self.commonness[Int(bytes[at + 1])]) }
        pivot = bytes.count < 2 ? 0 : (0..<bytes.count - 1).min { rarity($0) < rarity($1) } ?? 0
    }

    var count: Int { bytes.count }

    /// Where the needle starts in `hay[from..<end]`, or nil.
    func offset(in hay: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
        bytes.withUnsafeBufferPointer { pin in
            guard let needle = pin.baseAddress else { return from <= end ? from : nil }
            return Self.offset(of: needle, count, pivot: pivot, in: hay, from: from, to: end)
        }
    }

    /// Where the `length` bytes at `needle` start in `hay[from..<end]`, or nil, found by the
    /// byte or pair at `pivot` (see ``SearchNeedle``).
    static func offset(
        of needle: UnsafePointer<UInt8>, _ length: Int, pivot: Int, in hay: UnsafePointer<UInt8>, from: Int, to end: Int
    ) -> Int? {
        guard end - from >= length else { return nil }
        guard length > 1 else {
            guard let hit = memchr(hay + from, Int32(needle.pointee), end - from) else { return nil }
            return UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - hay
        }
        let first = needle[pivot], second = needle[pivot + 1]
        // The pair may start at `place` for every `place` up to `last`.
        var place = from + pivot
        let last = end - length + pivot
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let firsts = ones &* UInt64(first), seconds = ones &* UInt64(second)
        // Eight places at a time: a byte of `differs` is zero where both bytes of the pair are
        // there; the lowest byte the zero-byte test flags is always a real one.
        while place + 7 <= last {
            let here = UInt64(littleEndian: UnsafeRawPointer(hay + place).loadUnaligned(as: UInt64.self))
            let next = UInt64(littleEndian: UnsafeRawPointer(hay + place + 1).loadUnaligned(as: UInt64.self))
            let differs = (here ^ firsts) | (next ^ seconds)
            let zeros = (differs &- ones) & ~differs & highs
            if zeros == 0 {
                place += 8
                continue
            }
            let found = place + zeros.trailingZeroBitCount / 8
            if memcmp(hay + found - pivot, needle, length) == 0 { return found - pivot }
            place = found + 1
        }
        while place <= last {
            if hay[place] == first, hay[place + 1] == second, memcmp(hay + place - pivot, needle, length) == 0 {
                return place - pivot
            }
            place += 1
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
