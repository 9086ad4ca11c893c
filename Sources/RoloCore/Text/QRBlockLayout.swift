/// How a QR code version at an error-correction level splits its codewords into Reed–Solomon
/// blocks, and the interleaved message that the matrix is filled with (ISO/IEC 18004 7.5, 7.6).
///
/// The standard's table lists, for each of the 160 version and level pairs, one or two groups
/// of blocks. Two numbers per pair settle it all: the error-correction codewords in each block
/// and the count of blocks. The rest follows from the version's total codewords, which the
/// blocks share as evenly as they can, the shorter blocks first, each block a data codeword
/// longer than those before it when the total doesn't divide evenly.
struct QRBlockLayout {
    /// Error-correction codewords in every block.
    let correctionPerBlock: Int
    let blockCount: Int
    /// All codewords of the version, data and error correction.
    let totalCodewords: Int

    init(version: Int, correction: QRCode.Correction) {
        let blocks = Self.table[version - 1][correction.tableColumn]
        correctionPerBlock = blocks.correctionPerBlock
        blockCount = blocks.blocks
        totalCodewords = Self.rawModules(version: version) / 8
    }

    /// Data codewords the version holds at this level.
    var dataCodewords: Int { totalCodewords - correctionPerBlock * blockCount }

    /// The data codewords each block takes, the shorter blocks first.
    var dataLengths: [Int] {
        let shortBlocks = blockCount - totalCodewords % blockCount
        let shortLength = totalCodewords / blockCount - correctionPerBlock
        return (0..<blockCount).map { $0 < shortBlocks ? shortLength : shortLength + 1 }
    }

    /// The final message of `data` (``dataCodewords`` long): each block's error correction
    /// worked out, then the data codewords taken a column at a time across the blocks, then
    /// the error-correction codewords the same way.
    func interleaved(_ data: [UInt8]) -> [UInt8] {
        let generator = ReedSolomon.generator(degree: correctionPerBlock)
        var blocks: [ArraySlice<UInt8>] = []
        var start = data.startIndex
        for length in dataLengths {
            let end = min(start + length, data.endIndex)
            blocks.append(data[start..<end])
            start = end
        }
        let corrections = blocks.map { ReedSolomon.remainder(of: $0, dividedBy: generator) }
        return Self.columns(of: blocks.map(Array.init)) + Self.columns(of: corrections)
    }

    /// The rows' elements a column at a time, skipping the rows too short for a column.
    private static func columns(of rows: [[UInt8]]) -> [UInt8] {
        let width = rows.map(\.count).max() ?? 0
        return (0..<width).flatMap { column in rows.compactMap { column < $0.count ? $0[column] : nil } }
    }

    /// Modules of the version left for data and error correction once the function patterns,
    /// the format and the version information are drawn; a multiple of 8 plus the remainder
    /// bits (0, 3, 4 or 7).
    static func rawModules(version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignmentsPerSide = version / 7 + 2
            modules -= (25 * alignmentsPerSide - 10) * alignmentsPerSide - 55
            if version >= 7 { modules -= 36 }
        }
        return modules
    }

    /// Each version's blocks (ISO/IEC 18004 table 9), a row a version from 1: the
    /// error-correction codewords in every block and the count of blocks, at L, M, Q and H.
    private static let table: [[(correctionPerBlock: Int, blocks: Int)]] = [
        [(7, 1), (10, 1), (13, 1), (17, 1)],
        [(10, 1), (16, 1), (22, 1), (28, 1)],
        [(15, 1), (26, 1), (18, 2), (22, 2)],
        [(20, 1), (18, 2), (26, 2), (16, 4)],
        [(26, 1), (24, 2), (18, 4), (22, 4)],
        [(18, 2), (16, 4), (24, 4), (28, 4)],
        [(20, 2), (18, 4), (18, 6), (26, 5)],
        [(24, 2), (22, 4), (22, 6), (26, 6)],
        [(30, 2), (22, 5), (20, 8), (24, 8)],
        [(18, 4), (26, 5), (24, 8), (28, 8)],
        [(20, 4), (30, 5), (28, 8), (24, 11)],
        [(24, 4), (22, 8), (26, 10), (28, 11)],
        [(26, 4), (22, 9), (24, 12), (22, 16)],
        [(30, 4), (24, 9), (20, 16), (24, 16)],
        [(22, 6), (24, 10), (30, 12), (24, 18)],
        [(24, 6), (28, 10), (24, 17), (30, 16)],
        [(28, 6), (28, 11), (28, 16), (28, 19)],
        [(30, 6), (26, 13), (28, 18), (28, 21)],
        [(28, 7), (26, 14), (26, 21), (26, 25)],
        [(28, 8), (26, 16), (30, 20), (28, 25)],
        [(28, 8), (26, 17), (28, 23), (30, 25)],
        [(28, 9), (28, 17), (30, 23), (24, 34)],
        [(30, 9), (28, 18), (30, 25), (30, 30)],
        [(30, 10), (28, 20), (30, 27), (30, 32)],
        [(26, 12), (28, 21), (30, 29), (30, 35)],
        [(28, 12), (28, 23), (28, 34), (30, 37)],
        [(30, 12), (28, 25), (30, 34), (30, 40)],
        [(30, 13), (28, 26), (30, 35), (30, 42)],
        [(30, 14), (28, 28), (30, 38), (30, 45)],
        [(30, 15), (28, 29), (30, 40), (30, 48)],
        [(30, 16), (28, 31), (30, 43), (30, 51)],
        [(30, 17), (28, 33), (30, 45), (30, 54)],
        [(30, 18), (28, 35), (30, 48), (30, 57)],
        [(30, 19), (28, 37), (30, 51), (30, 60)],
        [(30, 19), (28, 38), (30, 53), (30, 63)],
        [(30, 20), (28, 40), (30, 56), (30, 66)],
        [(30, 21), (28, 43), (30, 59), (30, 70)],
        [(30, 22), (28, 45), (30, 62), (30, 74)],
        [(30, 24), (28, 47), (30, 65), (30, 77)],
        [(30, 25), (28, 49), (30, 68), (30, 81)],
    ]
}

extension QRCode.Correction {
    /// The level's column in the block table.
    var tableColumn: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// The two bits the format information gives the level: L 01, M 00, Q 11, H 10.
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }
}

/// Reed–Solomon error correction over GF(256) with the QR code's field polynomial
/// x⁸ + x⁴ + x³ + x² + 1 and generator roots α⁰ … αⁿ⁻¹, α = 2.
enum ReedSolomon {
    /// The coefficients of the monic generator polynomial ∏ (x − αⁱ), i < `degree`, highest
    /// power first, without the leading 1.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients = [UInt8](repeating: 0, count: degree)
        guard degree > 0 else { return coefficients }
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = multiply(root, 2)
        }
        return coefficients
    }

    /// The error-correction codewords of `data`: the remainder of data(x) · xⁿ divided by the
    /// generator, highest power first.
    static func remainder(of data: ArraySlice<UInt8>, dividedBy generator: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        guard !generator.isEmpty else { return remainder }
        for byte in data {
            let factor = byte ^ remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices { remainder[index] ^= multiply(generator[index], factor) }
        }
        return remainder
    }

    /// The product in GF(256), modulo the field polynomial 0x11D.
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var product = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= Int((y >> UInt8(bit)) & 1) * Int(x)
        }
        return UInt8(product)
    }
}
