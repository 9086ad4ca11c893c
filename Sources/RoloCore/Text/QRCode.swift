/// A QR code (ISO/IEC 18004, Model 2) of a text, so that a phone can scan a link off the
/// terminal: the sign-in's device flow draws its `verification_uri_complete` with it.
///
/// The text is encoded as UTF-8 in byte mode, in the smallest version (1–40) that holds it at
/// the chosen error-correction level, and masked with the one of the eight data masks whose
/// symbol scores the lowest penalty by the standard's rules N1–N4.
public struct QRCode: Sendable, Equatable {
    /// How much of the symbol can be damaged and still read: about 7%, 15%, 25% and 30% of the
    /// codewords. More correction makes a bigger symbol for the same text.
    public enum Correction: Sendable, CaseIterable {
        case low, medium, quartile, high
    }

    /// The version, 1–40; the symbol is 17 + 4 × version modules a side.
    public let version: Int
    public let correction: Correction
    /// The data mask pattern drawn, 0–7.
    public let mask: Int
    /// Modules per side, without the quiet zone.
    public let size: Int
    /// The modules row by row, `true` for dark.
    private let modules: [Bool]

    /// Whether the module in column `x`, row `y` is dark, counting from the top left. Outside
    /// the symbol is the quiet zone, so it reads as light.
    public subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The QR code of `text`; nil when its UTF-8 is longer than version 40 holds at
    /// `correction` (2,953 bytes at `.low`, 2,331 at `.medium`).
    public init?(_ text: String, correction: Correction = .medium) {
        self.init(text, correction: correction, mask: nil)
    }

    /// The QR code of `text` drawn with data mask `mask` (0–7) instead of the one of least
    /// penalty, so that a test can compare a symbol with another encoder's at the same mask;
    /// nil also when `mask` is not one of the eight.
    init?(_ text: String, correction: Correction, mask: Int?) {
        if let mask, !(0...7).contains(mask) { return nil }
        let bytes = Array(text.utf8)
        guard let version = (1...40).first(where: {
            Self.byteModeBits(count: bytes.count, version: $0) <= QRBlockLayout(version: $0, correction: correction).dataCodewords * 8
        }) else { return nil }
        let layout = QRBlockLayout(version: version, correction: correction)
        var matrix = QRMatrix(version: version)
        matrix.place(layout.interleaved(Self.dataCodewords(bytes, version: version, capacity: layout.dataCodewords)))
        let chosen = mask ?? Self.leastPenalty(matrix)
        matrix.applyMask(chosen)
        matrix.drawFormat(correction: correction, mask: chosen)
        matrix.drawVersion()
        self.version = version
        self.correction = correction
        self.mask = chosen
        self.size = matrix.size
        self.modules = matrix.dark
    }

    /// The mask whose symbol scores the lowest penalty, the lower mask on a tie.
    ///
    /// The symbol is scored with its format and version areas and the dark module still light:
    /// the standard masks and evaluates the encoding region before the format information
    /// (which carries the chosen mask) is written, and scoring that way chooses as segno and
    /// python-qrcode do.
    private static func leastPenalty(_ matrix: QRMatrix) -> Int {
        let penalties = (0...7).map { mask in
            var masked = matrix
            masked.applyMask(mask)
            return masked.penalty
        }
        return penalties.indices.min(by: { penalties[$0] < penalties[$1] }) ?? 0
    }

    /// Bits a byte-mode segment of `count` bytes takes in `version`: the mode indicator, the
    /// character count (8 bits up to version 9, 16 from 10) and the bytes.
    private static func byteModeBits(count: Int, version: Int) -> Int {
        4 + countBits(version: version) + 8 * count
    }

    private static func countBits(version: Int) -> Int { version < 10 ? 8 : 16 }

    /// The data codewords of `bytes`: the byte-mode segment, a terminator of up to four zero
    /// bits, zero bits to the next whole byte, then the pad bytes 0xEC and 0x11 in turn up to
    /// `capacity`.
    private static func dataCodewords(_ bytes: [UInt8], version: Int, capacity: Int) -> [UInt8] {
        var bits = QRBitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: countBits(version: version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity * 8 - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        let padding = (0..<max(0, capacity - bits.bytes.count)).map { $0 % 2 == 0 ? UInt8(0xEC) : 0x11 }
        return bits.bytes + padding
    }
}

extension QRCode {
    /// The symbol drawn as terminal text, two module rows to a line, inside a quiet zone of
    /// `quietZone` light modules on every side (the standard asks for 4; phone scanners read
    /// 2 well, and the terminal's lines are precious).
    ///
    /// Each character is one column of two modules, the upper and the lower:
    /// - `" "`: both light,
    /// - `"▀"`: upper dark, lower light,
    /// - `"▄"`: upper light, lower dark,
    /// - `"█"`: both dark.
    ///
    /// So the blocks are the dark modules and the blank is light: draw every line, spaces
    /// included, with a dark (black) foreground on a light (white) background. A scanner needs
    /// dark on light, and the terminal's own colours might be light on dark. The symbol and its
    /// quiet zone are an odd number of rows, so the last line's lower half is one more light row.
    public func halfBlockLines(quietZone: Int = 2) -> [String] {
        let margin = max(0, quietZone)
        let columns = -margin..<(size + margin)
        return stride(from: -margin, to: size + margin, by: 2).map { y in
            String(columns.map { x in Self.halfBlock(upper: self[x, y], lower: self[x, y + 1]) })
        }
    }

    /// The columns and lines ``halfBlockLines(quietZone:)`` takes.
    public func halfBlockSize(quietZone: Int = 2) -> (width: Int, height: Int) {
        let side = size + 2 * max(0, quietZone)
        return (side, (side + 1) / 2)
    }

    private static func halfBlock(upper: Bool, lower: Bool) -> Character {
        switch (upper, lower) {
        case (false, false): " "
        case (true, false): "▀"
        case (false, true): "▄"
        case (true, true): "█"
        }
    }
}

/// Bits appended most significant first and read back as bytes, the last one padded with zeros.
private struct QRBitBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    /// Appends the low `count` bits of `value`.
    mutating func append(_ value: Int, count bitCount: Int) {
        for shift in stride(from: bitCount - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(0x80 >> (count % 8)) }
            count += 1
        }
    }
}
