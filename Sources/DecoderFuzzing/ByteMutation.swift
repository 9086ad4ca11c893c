/// Mutations that know nothing of the format: what a flaky proxy, a truncated download or a
/// confused server does to bytes.
enum ByteMutation: CaseIterable {
    case flipBit
    case setInterestingByte
    case insertBytes
    case deleteRange
    case duplicateRange
    /// The start of this input joined to the end of another seed.
    case splice
    case truncate

    /// `bytes` mutated; `other` is another seed, for `splice`.
    func apply(to bytes: [UInt8], other: [UInt8], using random: inout FuzzRandom) -> [UInt8] {
        var bytes = bytes
        switch self {
        case .flipBit:
            guard !bytes.isEmpty else { return [random.pick(Self.interesting)] }
            bytes[random.below(bytes.count)] ^= 1 << UInt8(random.below(8))
        case .setInterestingByte:
            guard !bytes.isEmpty else { return [random.pick(Self.interesting)] }
            bytes[random.below(bytes.count)] = random.pick(Self.interesting)
        case .insertBytes:
            let insert: [UInt8] = random.oneIn(2)
                ? random.pick(Self.tokens)
                : (0..<random.pick([1, 4, 64, 1_000])).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            bytes.insert(contentsOf: insert, at: random.below(bytes.count + 1))
        case .deleteRange:
            guard !bytes.isEmpty else { return bytes }
            let start = random.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(64)))
        case .duplicateRange:
            guard !bytes.isEmpty else { return bytes }
            let start = random.below(bytes.count)
            let range = start..<min(bytes.count, start + 1 + random.below(256))
            bytes.insert(contentsOf: Array(bytes[range]), at: random.below(bytes.count + 1))
        case .splice:
            bytes = Array(bytes.prefix(random.below(bytes.count + 1))) + Array(other.suffix(random.below(other.count + 1)))
        case .truncate:
            bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
        }
        return bytes
    }

    private static let interesting: [UInt8] = [0x00, 0x01, 0x1B, 0x7F, 0x80, 0xFF, 0xFE, 0xC0, 0xED, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x0A, 0x0D, 0x30, 0x39, 0x2D]

    /// Pieces of the formats the decoders read: JSON, vCard, JPEG markers and PNG chunks.
    private static let tokens: [[UInt8]] = [
        "null", "true", "{", "}", "[", "]", "\"", "\\", "\\u0000", "\\ud800", ",", ":", "-", "e99999", "1e400",
        "\u{1b}[2J", "BEGIN:VCARD\r\n", "END:VCARD\r\n", "N:;;;;\r\n", "FN;ENCODING=QUOTED-PRINTABLE:=C3=\r\n",
        " \r\n ", "IHDR", "IDAT", "IEND", "PLTE", "tRNS",
    ].map { Array($0.utf8) } + [
        [0xFF, 0xD8, 0xFF, 0xE0], [0xFF, 0xC0, 0xFF, 0xFF], [0xFF, 0xC2], [0xFF, 0xDA], [0xFF, 0xD9], [0xFF, 0xC4, 0x00, 0x02],
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0x7F, 0xFF, 0xFF, 0xFF], [0x00, 0x00, 0x00, 0x00],
    ]
}
