import Testing

@testable import RoloCore

@Suite("QRCode encodes as the standard does")
struct QRCodeTests {
    /// A symbol from an independent encoder (segno 1.6.6, cross-checked with python-qrcode 8)
    /// at a forced mask, and the mask segno chooses itself, for comparing module for module.
    struct Fixture: CustomTestStringConvertible, Sendable {
        let text: String
        let correction: QRCode.Correction
        let mask: Int
        let version: Int
        /// The mask segno chooses by the penalty rules.
        let chosenMask: Int
        /// The rows top to bottom in hexadecimal, the leftmost module the top bit, each row
        /// padded with light modules to whole digits.
        let rows: String

        var testDescription: String { "\(text.utf8.count) bytes at \(correction)" }

        /// The rows as text, "1" for a dark module and "0" for a light one, so that a failure
        /// shows where the rows differ.
        var moduleRows: [String] {
            let side = 17 + 4 * version
            return rows.split(whereSeparator: \.isWhitespace).map { row in
                String(row.flatMap { digit in
                    let value = digit.hexDigitValue ?? 0
                    return (0..<4).map { value >> (3 - $0) & 1 == 1 ? Character("1") : "0" }
                }.prefix(side))
            }
        }
    }

    static let fixtures = [
        Fixture(text: "HELLO", correction: .high, mask: 3, version: 1, chosenMask: 4, rows: """
        fe0bf8 827a08 ba0ae8 ba4ae8 baf2e8 824a08 feabf8 008800
        33e680 c80060 f78a18 21efd0 823728 00fc28 fedb00 824ff0
        ba0dd8 baf8f0 baed20 827588 fe7300
        """),
        Fixture(text: "https://oauth2.example.com/device?user_code=WDJB-MJHT&lang=e", correction: .quartile, mask: 5,
                version: 5, chosenMask: 4, rows: """
        fec2666bf8 8293baaa08 ba0d653ae8 ba4e35cae8 ba520922e8 8231de2a08 feaaaaabf8 005ecb1800
        4395f3cc18 f55203e3e0 47d7667358 b59f0023c0 260c280a68 4580d15c20 f2fa127d58 2d5b683fe0
        720768f6b0 9997e71d40 ba910738a8 c0c3008c48 57db98a7b0 9828191d88 72c00e7418 dd50999750
        af72e98b48 c1e8914a30 9ea84672f8 85f4111cf8 8ea8696fd8 0097a718c0 fee9ad2af8 827832b8c0
        ba7f82ffa8 ba0aef7a10 ba516ee548 828c8a2bc8 fe4ad48fc8
        """),
        Fixture(
            text: "https://accounts.example.com/o/oauth2/device/approve?user_code=WDJB-MJHT&client_id=rolo-terminal&scope=contacts.readonly",
            correction: .medium, mask: 2, version: 7, chosenMask: 3, rows: """
        fe081446cbf8 825efabdd208 bad0e1edd2e8 ba96efa51ae8 badccfcebae8 82bf48e9c208
        feaaaaaaabf8 00919898c800 be41cfc70be0 e4f93a5618d8 e3eec5b9e750 d11ec0de82e0
        1e0f77b20008 6d438a4f19c8 c6094bb12e70 8921d15ef970 0647e7034268 115f130f19d8
        ae9fafed1380 cc1d119a91f0 8fdeffa71f90 18e118dfd8e8 4a8b3ab5bab0 d8aaf8eec8f8
        0fb5afc73fd8 44ab7fc79628 478908607d70 381c79ca8260 d3d638c762c8 68155b178268
        1bf762607950 8ce8ebe39370 67c79dc541b8 640d7ed3d328 0b400a61f970 78698fcabae0
        9b89ffc30f90 00f078d798e8 fe4b8ab47aa0 82fed89cd8f8 ba972f813fd8 ba8aa85e8778
        baa9a6ad7c70 825acd6af560 feca93e50850
        """),
        Fixture(text: sharedCard, correction: .low, mask: 7, version: 11, chosenMask: 2, rows: """
        fe669b1a62a31bf8 82ccf18752fdda08 babcb073516f3ae8 ba6d888fe4042ae8 ba9d4e5fd97432e8 8297edf8af226208
        feaaaaaaaaaaabf8 00a76368f359f800 d34d172fc5d0f3b0 55625233f0300690 66a12d60cc2addd0 f961b84c4fd3d608
        6a4c6664d8b9c180 50a0f434ad569410 aa47aa630349b520 393608e08ddd95d0 5b3821a45f286ba8 4046b01053f3a648
        97c037a58f2ad248 35f22749396ffcd8 a6a1afd42fb12520 618026b1870282c8 1aee202eaa98c260 8c475ea0cf8095f8
        d7b22e68cddb9748 8ce29c30fcff0810 b7922fcf0201b508 8d74c90179dcc290 4f8bb06f9b29efb0 d8c7ef58dfd398c8
        4acd3d6a88fbbaa8 68b5d518f94f08a8 cfb7a5cfaf8c3ff0 04430ce7106eac18 4f23306324797a58 889d71dacf942b98
        f27e66ef7ddd2210 b59bf42620040ab0 233e87cc92c52de0 4924f5145f8da510 4aeac8639f08eb38 49a81a6b0fc17ee8
        a6339aa2299f1968 49c6a60d79478220 baeaff4b2814e958 9446f8679097ee78 dbe2e0eb6c1d77a0 c1af9825cd98eb98
        fbdacbf6ffd7cb08 d9ce53276fd3ad18 3e7202c298c97388 e9cab3445cf9c808 f226f46fff3befa8 009d3a188b09a890
        fedc295ada90eaf8 822411b8b9af98f0 ba23626f91b49f98 baf98e4509599950 ba0fb565a803b668 82cf04294f34bc00
        fec6ec3bcf6df958
        """),
    ]

    /// 300 bytes of UTF-8 with letters of two bytes, enough for version 11 with its version
    /// information and four blocks.
    static let sharedCard = String(
        decoding: String(repeating: "Jõe Tõnisson, Zoë Ångström and Siân Ó Fiaich share a contact card; ", count: 5).utf8.prefix(300),
        as: UTF8.self)

    static func moduleRows(of code: QRCode) -> [String] {
        (0..<code.size).map { y in String((0..<code.size).map { x in code[x, y] ? Character("1") : "0" }) }
    }

    @Test("At a forced mask, every module is as the independent encoder draws it", arguments: fixtures)
    func forcedMask(_ fixture: Fixture) throws {
        let code = try #require(QRCode(fixture.text, correction: fixture.correction, mask: fixture.mask))
        #expect(code.version == fixture.version)
        #expect(code.mask == fixture.mask)
        #expect(code.size == 17 + 4 * fixture.version)
        #expect(Self.moduleRows(of: code) == fixture.moduleRows)
    }

    @Test("The mask of least penalty is the one the independent encoder chooses", arguments: fixtures)
    func chosenMask(_ fixture: Fixture) throws {
        let code = try #require(QRCode(fixture.text, correction: fixture.correction))
        #expect(code.mask == fixture.chosenMask)
        #expect(code == QRCode(fixture.text, correction: fixture.correction, mask: fixture.chosenMask))
    }

    @Test("A finder-like pattern sharing its last module with another counts too")
    func overlappingFinderPatterns() throws {
        // Under mask 4, column 3 of this symbol runs 1011101 0000 1011101 011101 to the lower
        // left finder: both patterns have four light modules beside them, so both count. segno
        // resumes its search after a counted pattern's seventh module, misses the second, and
        // so chooses mask 4 (1232 points by its count, 1272 by the standard's) over mask 6 (1256).
        let code = try #require(QRCode("mwgn:_1/m5g-ys", correction: .high))
        #expect(code.mask == 6)
    }

    /// Data codewords of each version at L, M, Q and H (ISO/IEC 18004 table 7).
    static let dataCodewords: [[Int]] = [
        [19, 34, 55, 80, 108, 136, 156, 194, 232, 274, 324, 370, 428, 461, 523, 589, 647, 721, 795, 861,
         932, 1006, 1094, 1174, 1276, 1370, 1468, 1531, 1631, 1735, 1843, 1955, 2071, 2191, 2306, 2434, 2566, 2702, 2812, 2956],
        [16, 28, 44, 64, 86, 108, 124, 154, 182, 216, 254, 290, 334, 365, 415, 453, 507, 563, 627, 669,
         714, 782, 860, 914, 1000, 1062, 1128, 1193, 1267, 1373, 1455, 1541, 1631, 1725, 1812, 1914, 1992, 2102, 2216, 2334],
        [13, 22, 34, 48, 62, 76, 88, 110, 132, 154, 180, 206, 244, 261, 295, 325, 367, 397, 445, 485,
         512, 568, 614, 664, 718, 754, 808, 871, 911, 985, 1033, 1115, 1171, 1231, 1286, 1354, 1426, 1502, 1582, 1666],
        [9, 16, 26, 36, 46, 60, 66, 86, 100, 122, 140, 158, 180, 197, 223, 253, 283, 313, 341, 385,
         406, 442, 464, 514, 538, 596, 628, 661, 701, 745, 793, 845, 901, 961, 986, 1054, 1096, 1142, 1222, 1276],
    ]

    @Test("The block layout leaves each version and level the standard's data codewords")
    func blockLayout() {
        for (correction, row) in zip(QRCode.Correction.allCases, Self.dataCodewords) {
            for version in 1...40 {
                let layout = QRBlockLayout(version: version, correction: correction)
                #expect(layout.dataCodewords == row[version - 1], "version \(version) \(correction)")
                #expect(layout.dataLengths.reduce(0, +) == layout.dataCodewords, "version \(version) \(correction)")
                #expect(Set(layout.dataLengths).count <= 2, "version \(version) \(correction)")
            }
        }
    }

    @Test("The smallest version that holds the text, and nil past version 40", arguments: [
        (QRCode.Correction.low, 2953), (.medium, 2331), (.quartile, 1663), (.high, 1273),
    ])
    func capacity(_ correction: QRCode.Correction, _ bytes: Int) throws {
        let code = try #require(QRCode(String(repeating: "a", count: bytes), correction: correction, mask: 0))
        #expect(code.version == 40)
        #expect(QRCode(String(repeating: "a", count: bytes + 1), correction: correction) == nil)
        #expect(QRCode("", correction: correction)?.version == 1)
    }

    @Test("A mask outside 0–7 draws nothing")
    func badMask() {
        #expect(QRCode("HELLO", correction: .medium, mask: 8) == nil)
        #expect(QRCode("HELLO", correction: .medium, mask: -1) == nil)
    }

    @Test("Half blocks: upper and lower module of each column, dark as the block, inside the quiet zone")
    func halfBlocks() throws {
        let code = try #require(QRCode("HELLO", correction: .high, mask: 3))
        let bare = code.halfBlockLines(quietZone: 0)
        #expect(bare.count == 11)
        #expect(bare[0] == "█▀▀▀▀▀█  ▄▄▄█ █▀▀▀▀▀█")
        #expect(bare[10] == "▀▀▀▀▀▀▀  ▀▀▀  ▀▀     ")
        let lines = code.halfBlockLines(quietZone: 2)
        #expect(code.halfBlockSize(quietZone: 2).width == 25)
        #expect(code.halfBlockSize(quietZone: 2).height == 13)
        #expect(lines.count == 13 && lines.allSatisfy { $0.count == 25 })
        #expect(lines[0] == String(repeating: " ", count: 25))
        for (row, line) in lines.enumerated() {
            for (column, character) in line.enumerated() {
                let x = column - 2, upper = 2 * row - 2
                let expected: Character = switch (code[x, upper], code[x, upper + 1]) {
                case (false, false): " "
                case (true, false): "▀"
                case (false, true): "▄"
                case (true, true): "█"
                }
                #expect(character == expected, "line \(row) column \(column)")
            }
        }
    }
}
