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
        switch color {
        case .default:
            return -1
        case .ansi(let n):
            return Int32(colors >= 16 ? Int(n) : Int(n) % 8)
        case .indexed(let n):
            if colors >= 256 || Int(n) < min(colors, 16) { return Int32(n) }
            let c = rgb(ofPaletteIndex: Int(n))
            return Int32(nearestPaletteIndex(r: c.r, g: c.g, b: c.b, in: 0..<min(colors, 16)))
        case .rgb(let r, let g, let b):
            if colors >= 1 << 24 { return Int32(Int(r) << 16 | Int(g) << 8 | Int(b)) }
            // The first 16 entries are themed by the user's terminal, so only 16–255 are trusted.
            let range = colors >= 256 ? 16..<256 : 0..<min(max(colors, 8), 16)
            return Int32(nearestPaletteIndex(r: Int(r), g: Int(g), b: Int(b), in: range))
        }
    }
}
