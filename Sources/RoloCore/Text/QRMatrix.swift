/// The modules of a QR code while it is drawn: the function patterns, the message placed in the
/// encoding region, the data mask, and the format and version information (ISO/IEC 18004 6.3,
/// 7.7–7.10).
struct QRMatrix {
    let version: Int
    let size: Int
    /// Row by row, `true` for dark.
    private(set) var dark: [Bool]
    /// Row by row, `true` for the modules outside the encoding region: the function patterns,
    /// the format and the version areas and the dark module, which are neither filled with the
    /// message nor masked.
    private var reserved: [Bool]

    /// The matrix of `version` with its finder patterns and separators, timing patterns and
    /// alignment patterns drawn, and the format and version areas and the dark module reserved
    /// and light.
    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        dark = Array(repeating: false, count: size * size)
        reserved = Array(repeating: false, count: size * size)
        for index in 0..<size {
            setFunction(x: 6, y: index, dark: index % 2 == 0)
            setFunction(x: index, y: 6, dark: index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            drawSquare(centreX: x, centreY: y, radius: 4) { ring in ring != 2 && ring != 4 }
        }
        let centres = Self.alignmentCentres(version: version)
        let last = centres.count - 1
        for (i, x) in centres.enumerated() {
            for (j, y) in centres.enumerated() where !Self.overlapsFinder(i, j, last: last) {
                drawSquare(centreX: x, centreY: y, radius: 2) { ring in ring != 1 }
            }
        }
        for (x, y) in formatPositions.flatMap({ $0 }) + versionPositions.flatMap({ [$0.0, $0.1] }) {
            setFunction(x: x, y: y, dark: false)
        }
        setFunction(x: 8, y: size - 8, dark: false)
    }

    /// Fills the encoding region with `codewords`, most significant bit first, in the standard's
    /// zigzag: two columns at a time from the right, up then down, stepping over the vertical
    /// timing pattern. Modules left over (the remainder bits) stay light.
    mutating func place(_ codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var bit = 0
        for right in stride(from: size - 1, through: 1, by: -2).map({ $0 <= 6 ? $0 - 1 : $0 }) {
            let upward = ((right + 1) & 2) == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !reserved[y * size + x] && bit < bitCount {
                    dark[y * size + x] = (codewords[bit >> 3] >> (7 - UInt8(bit & 7))) & 1 == 1
                    bit += 1
                }
            }
        }
    }

    /// Inverts the encoding region's modules where data mask `mask` (0–7) is dark.
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] && Self.maskIsDark(mask, x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }

    /// Draws both copies of the format information, the level and the mask in a BCH (15, 5)
    /// code masked with 0x5412, and the dark module beside the lower left finder.
    mutating func drawFormat(correction: QRCode.Correction, mask: Int) {
        let data = correction.formatBits << 3 | mask
        let bits = (data << 10 | Self.bchRemainder(of: data, generator: 0x537)) ^ 0x5412
        for copy in formatPositions {
            for (index, (x, y)) in copy.enumerated() { setFunction(x: x, y: y, dark: (bits >> index) & 1 == 1) }
        }
        setFunction(x: 8, y: size - 8, dark: true)
    }

    /// Draws both copies of the version information, the version in a BCH (18, 6) code, from
    /// version 7 on.
    mutating func drawVersion() {
        guard version >= 7 else { return }
        let bits = version << 12 | Self.bchRemainder(of: version, generator: 0x1F25)
        for (index, (first, second)) in versionPositions.enumerated() {
            let isDark = (bits >> index) & 1 == 1
            setFunction(x: first.x, y: first.y, dark: isDark)
            setFunction(x: second.x, y: second.y, dark: isDark)
        }
    }

    /// The format information's modules, its bit 0 first: one copy around the upper left finder,
    /// the other split between the lower left and the upper right.
    private var formatPositions: [[(x: Int, y: Int)]] {
        let first = (0...5).map { (x: 8, y: $0) } + [(x: 8, y: 7), (x: 8, y: 8), (x: 7, y: 8)]
            + (9..<15).map { (x: 14 - $0, y: 8) }
        let second = (0..<8).map { (x: size - 1 - $0, y: 8) } + (8..<15).map { (x: 8, y: size - 15 + $0) }
        return [first, second]
    }

    /// The version information's modules, its bit 0 first, in pairs: one beside the upper right
    /// finder, the other, mirrored, beside the lower left. None before version 7.
    private var versionPositions: [((x: Int, y: Int), (x: Int, y: Int))] {
        guard version >= 7 else { return [] }
        return (0..<18).map { index in
            let across = size - 11 + index % 3, along = index / 3
            return ((x: across, y: along), (x: along, y: across))
        }
    }

    private mutating func setFunction(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        reserved[y * size + x] = true
    }

    /// Draws the modules within `radius` of a centre that lie in the matrix, dark where
    /// `isDark` says of their ring (the distance from the centre, 0 for the centre itself).
    private mutating func drawSquare(centreX: Int, centreY: Int, radius: Int, isDark: (Int) -> Bool) {
        for dy in -radius...radius {
            for dx in -radius...radius {
                let x = centreX + dx, y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                setFunction(x: x, y: y, dark: isDark(max(abs(dx), abs(dy))))
            }
        }
    }

    /// The rows and columns of the alignment patterns' centres (Annex E): 6, then evenly spaced
    /// up to 7 from the far edge, none in version 1.
    static func alignmentCentres(version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        let last = 17 + 4 * version - 7
        return [6] + (0..<(count - 1)).reversed().map { last - $0 * step }
    }

    /// Whether the alignment pattern at centres `i`, `j` would sit on a finder pattern, so is
    /// left out: the three corners but the lower right.
    private static func overlapsFinder(_ i: Int, _ j: Int, last: Int) -> Bool {
        (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)
    }

    private static func maskIsDark(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// The error-correction bits of a BCH code: the remainder of `data` · x^(degree of
    /// `generator`) divided by `generator`.
    private static func bchRemainder(of data: Int, generator: Int) -> Int {
        let degree = Int.bitWidth - generator.leadingZeroBitCount - 1
        var remainder = data
        for _ in 0..<degree { remainder = (remainder << 1) ^ ((remainder >> (degree - 1)) & 1) * generator }
        return remainder
    }
}

extension QRMatrix {
    /// The mask evaluation's penalty (ISO/IEC 18004 7.8.3.1): N1, 3 + (n − 5) for each run of
    /// n ≥ 5 modules of one colour in a row or column; N2, 3 for each 2 × 2 block of one colour;
    /// N3, 40 for each 1:1:3:1:1 dark–light–dark–light–dark pattern in a row or column with
    /// 4 light modules on either side (outside the symbol counting as light); N4, 10 for each
    /// full 5% the dark modules are away from half.
    var penalty: Int {
        var total = 0
        for line in 0..<size {
            total += Self.linePenalty((0..<size).map { dark[line * size + $0] })
            total += Self.linePenalty((0..<size).map { dark[$0 * size + line] })
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = dark[y * size + x]
                if dark[y * size + x + 1] == colour, dark[(y + 1) * size + x] == colour, dark[(y + 1) * size + x + 1] == colour {
                    total += 3
                }
            }
        }
        let darkCount = dark.count(where: { $0 })
        return total + 10 * (abs(20 * darkCount - 10 * dark.count) / dark.count)
    }

    private static let finderLike = [true, false, true, true, true, false, true]

    /// N1 and N3 of one row or column.
    private static func linePenalty(_ line: [Bool]) -> Int {
        var total = 0
        var runStart = 0
        for index in 1...line.count where index == line.count || line[index] != line[runStart] {
            if index - runStart >= 5 { total += index - runStart - 2 }
            runStart = index
        }
        for start in 0...(line.count - finderLike.count) where line[start..<(start + finderLike.count)].elementsEqual(finderLike) {
            let end = start + finderLike.count
            let lightBefore = line[max(0, start - 4)..<start].allSatisfy { !$0 }
            let lightAfter = line[end..<min(line.count, end + 4)].allSatisfy { !$0 }
            if lightBefore || lightAfter { total += 40 }
        }
        return total
    }
}
