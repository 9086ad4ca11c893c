/// Maps RGB colours to the 256-colour palette for terminals without truecolor.
///
/// Only entries 16–255 are used: the 6×6×6 cube and the grey ramp are the same on every
/// terminal, while 0–15 are restyled by the user's theme. "Nearest" is measured in OKLab, where
/// distance follows perceived difference, which distance in RGB does not.
public enum PaletteMapper {
    /// Channel levels in the lookup table; 64 keeps a cell within about 2 of any 0–255 value,
    /// well under the palette's spacing, so mid grey (128) still lands on the grey ramp.
    private static let levels = 64

    /// The nearest palette index (16–255) to a colour, through a table of quantised colours.
    public static func nearest256(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        let (red, green, blue) = (level(r), level(g), level(b))
        return table.value(at: (red * levels + green) * levels + blue) {
            search.nearest(to: OKLab(linearRed: linear[red], green: linear[green], blue: linear[blue]))
        }
    }

    /// The nearest palette index to a colour, computed without the table (the table's source).
    static func nearest256Exact(red: Double, green: Double, blue: Double) -> UInt8 {
        search.nearest(to: OKLab(red: red, green: green, blue: blue))
    }

    /// The nearest index among palette entries `range` (such as the 8 or 16 ANSI colours of a
    /// small terminal); 16..<256 goes through the table.
    static func nearest(r: UInt8, g: UInt8, b: UInt8, in range: Range<Int>) -> Int {
        if range == 16..<256 { return Int(nearest256(r: r, g: g, b: b)) }
        let colour = OKLab(red: Double(r), green: Double(g), blue: Double(b))
        switch range {
        case 0..<8: return Int(ansi8.nearest(to: colour))
        case 0..<16: return Int(ansi16.nearest(to: colour))
        default: return Int(PaletteSearch(indices: range).nearest(to: colour))
        }
    }

    /// The table level of a channel value, rounded to the nearest level.
    private static func level(_ value: UInt8) -> Int {
        (Int(value) * (levels - 1) + 127) / 255
    }

    /// The palette entries 16–255, ordered for quick search; built once.
    private static let search = PaletteSearch(indices: 16..<256)
    /// The 8 and 16 ANSI colours of small terminals, as xterm defines them.
    private static let ansi8 = PaletteSearch(indices: 0..<8)
    private static let ansi16 = PaletteSearch(indices: 0..<16)

    /// `levels³` nearest indices, one per quantised colour, each worked out when first needed.
    private static let table = PaletteTable(count: levels * levels * levels)
    /// Each level's channel value in linear light.
    private static let linear = (0..<levels).map { OKLab.linear(Double($0) * 255 / Double(levels - 1)) }
}
