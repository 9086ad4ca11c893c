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
        let level = correction.tableRow
        correctionPerBlock = Self.correctionCodewordsPerBlock[level][version - 1]
        blockCount = Self.blockCounts[level][version - 1]
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

    /// Error-correction codewords per block, by level (L, M, Q, H) and version (1–40).
    private static let correctionCodewordsPerBlock: [[Int]] = [
        [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Reed–Solomon blocks, by level (L, M, Q, H) and version (1–40).
    private static let blockCounts: [[Int]] = [
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]
}

extension QRCode.Correction {
    /// The level's row in the block tables.
    var tableRow: Int {
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
