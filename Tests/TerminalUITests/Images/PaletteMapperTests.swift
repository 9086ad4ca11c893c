import Testing
@testable import TerminalUI

@Suite("PaletteMapper")
struct PaletteMapperTests {
    @Test("Known colours map to their palette entries")
    func knownColours() {
        #expect(PaletteMapper.nearest256(r: 255, g: 0, b: 0) == 196)
        #expect(PaletteMapper.nearest256(r: 255, g: 255, b: 255) == 231)
        #expect(PaletteMapper.nearest256(r: 0, g: 0, b: 0) == 16)
        #expect([243, 244].contains(PaletteMapper.nearest256(r: 128, g: 128, b: 128)))
        #expect(PaletteMapper.nearest256(r: 0, g: 0, b: 255) == 21)
        #expect(PaletteMapper.nearest256(r: 0, g: 255, b: 0) == 46)
    }

    @Test("Every palette entry 16–255 maps to itself or to an entry of the same colour")
    func entriesMapToThemselves() {
        for index in 16..<256 {
            let c = ColorMapping.rgb(ofPaletteIndex: index)
            let mapped = Int(PaletteMapper.nearest256(r: UInt8(c.r), g: UInt8(c.g), b: UInt8(c.b)))
            let back = ColorMapping.rgb(ofPaletteIndex: mapped)
            #expect(back == c, "palette \(index) mapped to \(mapped)")
        }
    }

    @Test("The table agrees with the exact OKLab search at its grid points and off them")
    func tableMatchesSearch() {
        for value in stride(from: 0, through: 255, by: 17) {
            let v = UInt8(value)
            let exact = PaletteMapper.nearest256Exact(red: Double(v), green: Double(255 - v), blue: Double(v / 2))
            let mapped = PaletteMapper.nearest256(r: v, g: 255 - v, b: v / 2)
            let a = ColorMapping.rgb(ofPaletteIndex: Int(exact)), b = ColorMapping.rgb(ofPaletteIndex: Int(mapped))
            // Off-grid inputs may round to a neighbouring table cell: at most one palette step away.
            #expect(abs(a.r - b.r) <= 40 && abs(a.g - b.g) <= 40 && abs(a.b - b.b) <= 40)
        }
    }

    @Test("Each table cell, worked out when first asked for, is the exact search at the cell's colour")
    func cellsAreTheExactSearch() {
        // Every third level of each channel: 9,261 cells, none asked for before in this process
        // but by the tests above.
        let levels: [(UInt8, Double)] = stride(from: 0, to: 64, by: 3).map { (level: Int) in
            let value: Int = (level * 255 + 31) / 63
            return (UInt8(value), Double(level) * 255 / 63)
        }
        for (r, red) in levels {
            for (g, green) in levels {
                for (b, blue) in levels {
                    let exact = PaletteMapper.nearest256Exact(red: red, green: green, blue: blue)
                    #expect(PaletteMapper.nearest256(r: r, g: g, b: b) == exact)
                    #expect(PaletteMapper.nearest256(r: r, g: g, b: b) == exact, "asked again, from the table")
                }
            }
        }
    }

    @Test("Threads drawing at once share the table and agree with one thread's answers")
    func sharedBetweenThreads() async {
        let colours: [(UInt8, UInt8, UInt8)] = (0..<4_096).map { (n: Int) in
            (UInt8(n % 256), UInt8(n * 7 % 256), UInt8(n * 13 % 256))
        }
        let answers = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 {
                group.addTask { colours.map { PaletteMapper.nearest256(r: $0.0, g: $0.1, b: $0.2) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        // The table's cell of a channel value: the nearest of 64 levels.
        let cell = { (value: UInt8) in Double((Int(value) * 63 + 127) / 255) * 255 / 63 }
        let alone = colours.map { PaletteMapper.nearest256Exact(red: cell($0.0), green: cell($0.1), blue: cell($0.2)) }
        #expect(answers.allSatisfy { $0 == alone })
    }

    @Test("ColorMapping uses the OKLab table for 256-colour terminals")
    func colorMapping() {
        #expect(ColorMapping.cursesColor(.rgb(255, 0, 0), colors: 256) == 196)
        #expect(ColorMapping.nearestPaletteIndex(r: 128, g: 128, b: 128, in: 16..<256)
            == Int(PaletteMapper.nearest256(r: 128, g: 128, b: 128)))
        #expect(ColorMapping.cursesColor(.rgb(250, 10, 10), colors: 8) == 1)
        #expect(ColorMapping.cursesColor(.rgb(0, 0, 0), colors: 16) == 0)
    }
}
