/// Maps the colours views ask for onto what a terminal can show.
public enum ColorMapping {
    /// The RGB value of a 256-palette entry, as xterm defines it.
    public static func rgb(ofPaletteIndex index: Int) -> (r: Int, g: Int, b: Int) {
        switch index {
        case 0..<16:
            let base: [(Int, Int, Int)] = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            return base[index]
        case 16..<232:
            let n = index - 16
            let level = { (v: Int) in v == 0 ? 0 : 55 + v * 40 }
            return (level(n / 36), level((n / 6) % 6), level(n % 6))
        default:
            let grey = 8 + (index - 232) * 10
            return (grey, grey, grey)
        }
    }

    /// The nearest entry among palette indices `range` to an RGB colour, measured in OKLab, where
    /// distance follows perceived difference (see `PaletteMapper`).
    public static func nearestPaletteIndex(r: Int, g: Int, b: Int, in range: Range<Int>) -> Int {
        PaletteMapper.nearest(r: UInt8(clamping: r), g: UInt8(clamping: g), b: UInt8(clamping: b), in: range)
    }

    /// The ncurses colour number for a colour on a terminal with `colors` colours; -1 is the
    /// terminal's default.
    public static func cursesColor(_ color: Color, colors: Int) -> Int32 {
        cursesColor(color, in: ColorSpace(colors: colors))
    }

    /// The ncurses colour number for a colour in a colour space; -1 is the terminal's default
    /// (and every colour where the space has none).
    public static func cursesColor(_ color: Color, in space: ColorSpace) -> Int32 {
        let size = space.depth.paletteSize
        guard size > 0 else { return -1 }
        switch color {
        case .default:
            return -1
        case .ansi(let n):
            // Eight-colour terminals fold the bright colours onto the normal ones.
            return paletteNumber(size >= 16 ? Int(n) : Int(n) % 8, in: space)
        case .indexed(let n):
            if Int(n) < size { return paletteNumber(Int(n), in: space) }
            let c = rgb(ofPaletteIndex: Int(n))
            return paletteNumber(nearestPaletteIndex(r: c.r, g: c.g, b: c.b, in: 0..<size), in: space)
        case .rgb(let r, let g, let b):
            if space.depth == .truecolor, case .direct(let reserved) = space.numbering {
                return directNumber(r: r, g: g, b: b, reserved: reserved)
            }
            // The first 16 entries are themed by the user's terminal, so only 16–255 are trusted.
            let range = size >= 256 ? 16..<256 : 0..<size
            return paletteNumber(nearestPaletteIndex(r: Int(r), g: Int(g), b: Int(b), in: range), in: space)
        }
    }

    /// The colour number of palette entry `index`: the index itself, except on a direct-colour
    /// entry that can't name it, where it is the entry's xterm RGB value.
    static func paletteNumber(_ index: Int, in space: ColorSpace) -> Int32 {
        guard case .direct(let reserved) = space.numbering, index >= reserved else { return Int32(index) }
        let c = rgb(ofPaletteIndex: index)
        return directNumber(r: UInt8(c.r), g: UInt8(c.g), b: UInt8(c.b), reserved: reserved)
    }

    /// The direct-colour number of an RGB colour: 0xRRGGBB, moved off the numbers below
    /// `reserved` (at most 256) that `setaf` would send as palette entries.
    ///
    /// Such a colour is blue-black (red and green are 0); one step of green takes it out of the
    /// range, and a step of 1/255 in a colour that dark can't be seen.
    static func directNumber(r: UInt8, g: UInt8, b: UInt8, reserved: Int) -> Int32 {
        let packed = Int32(r) << 16 | Int32(g) << 8 | Int32(b)
        return packed < Int32(min(reserved, 256)) ? packed | 0x100 : packed
    }
}
