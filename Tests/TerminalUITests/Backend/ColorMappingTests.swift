import Testing
@testable import TerminalUI

@Suite("ColorMapping")
struct ColorMappingTests {
    private let xtermDirect = ColorSpace(depth: .truecolor, numbering: .direct(reserved: 8))

    @Test("Truecolor on a direct entry packs 0xRRGGBB")
    func packs() {
        #expect(ColorMapping.cursesColor(.rgb(255, 128, 0), in: xtermDirect) == 0xFF8000)
        #expect(ColorMapping.cursesColor(.rgb(1, 2, 3), in: xtermDirect) == 0x010203)
        #expect(ColorMapping.cursesColor(.rgb(0, 0, 8), in: xtermDirect) == 8)
    }

    @Test("An RGB colour never lands on a number setaf sends as a palette entry", arguments: [8, 16, 256])
    func nudgesOffReserved(reserved: Int) {
        for blue in 0...255 {
            let number = ColorMapping.directNumber(r: 0, g: 0, b: UInt8(blue), reserved: reserved)
            #expect(number >= reserved)
            if blue < reserved {
                #expect(number == 0x000100 | Int32(blue), "one step of green, blue kept")
            } else {
                #expect(number == Int32(blue))
            }
        }
        #expect(ColorMapping.directNumber(r: 0, g: 0, b: 5, reserved: 8) == 0x000105)
        #expect(ColorMapping.cursesColor(.rgb(0, 0, 0), in: xtermDirect) == 0x000100)
    }

    @Test("ANSI colours keep their numbers on a direct entry, so they stay the user's theme")
    func ansiOnDirect() {
        for n in UInt8(0)..<8 {
            #expect(ColorMapping.cursesColor(.ansi(n), in: xtermDirect) == Int32(n))
        }
        #expect(ColorMapping.cursesColor(.default, in: xtermDirect) == -1)
    }

    @Test("Palette entries a direct entry can't name are sent as their xterm RGB")
    func paletteOnDirect() {
        #expect(ColorMapping.cursesColor(.ansi(9), in: xtermDirect) == 0xFF0000)
        #expect(ColorMapping.cursesColor(.indexed(196), in: xtermDirect) == 0xFF0000)
        #expect(ColorMapping.cursesColor(.indexed(16), in: xtermDirect) == 0x000100)
        let direct16 = ColorSpace(depth: .truecolor, numbering: .direct(reserved: 16))
        #expect(ColorMapping.cursesColor(.ansi(9), in: direct16) == 9)
        let direct256 = ColorSpace(depth: .truecolor, numbering: .direct(reserved: 256))
        #expect(ColorMapping.cursesColor(.indexed(196), in: direct256) == 196)
    }

    @Test("256 forced on a direct entry sends pictures as palette colours")
    func paletteDepthOnDirect() {
        let space = ColorSpace(depth: .palette256, numbering: .direct(reserved: 8))
        #expect(ColorMapping.cursesColor(.rgb(250, 10, 10), in: space) == 0xFF0000)
        let direct256 = ColorSpace(depth: .palette256, numbering: .direct(reserved: 256))
        #expect(ColorMapping.cursesColor(.rgb(250, 10, 10), in: direct256) == 196)
    }

    @Test("Palette entries map to palette numbers")
    func palette() {
        let palette = ColorSpace(depth: .palette256)
        #expect(ColorMapping.cursesColor(.rgb(255, 0, 0), in: palette) == 196)
        #expect(ColorMapping.cursesColor(.ansi(3), in: palette) == 3)
        #expect(ColorMapping.cursesColor(.indexed(200), in: palette) == 200)
        let ansi8 = ColorSpace(depth: .ansi8)
        #expect(ColorMapping.cursesColor(.ansi(9), in: ansi8) == 1)
        #expect(ColorMapping.cursesColor(.indexed(196), in: ansi8) == 1)
        #expect(ColorMapping.cursesColor(.rgb(0, 0, 0), in: ColorSpace(depth: .ansi16)) == 0)
    }

    @Test("Without colour everything is the terminal's default")
    func none() {
        let space = ColorSpace(depth: .none)
        for color in [Color.default, .ansi(1), .indexed(200), .rgb(1, 2, 3)] {
            #expect(ColorMapping.cursesColor(color, in: space) == -1)
        }
    }

    @Test("A colour count gives its space", arguments: [
        (1 << 24, ColorSpace(depth: .truecolor, numbering: .direct(reserved: 8))),
        (256, ColorSpace(depth: .palette256)), (88, ColorSpace(depth: .ansi16)),
        (8, ColorSpace(depth: .ansi8)), (0, ColorSpace(depth: .none)),
    ])
    func spaceFromColors(colors: Int, space: ColorSpace) {
        #expect(ColorSpace(colors: colors) == space)
    }
}
