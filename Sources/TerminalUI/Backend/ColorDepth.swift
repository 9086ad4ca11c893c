/// How many colours rolo draws with on a terminal, from none to 24-bit.
public enum ColorDepth: Int, Sendable, Comparable, CaseIterable {
    /// No colour: attributes only (NO_COLOR, `--no-color`, a terminal without colour).
    case none
    /// The eight ANSI colours (`TERM=xterm`, `screen`, the Linux console).
    case ansi8
    /// The sixteen ANSI colours.
    case ansi16
    /// The 256-colour palette; pictures are mapped to its entries 16–255.
    case palette256
    /// 24-bit colour, sent as `38;2;r;g;b` through a direct-colour terminfo entry.
    case truecolor

    /// Fewer colours sort first.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The palette entries this depth can name: 0 without colour, else 8, 16 or 256.
    var paletteSize: Int {
        switch self {
        case .none: 0
        case .ansi8: 8
        case .ansi16: 16
        case .palette256, .truecolor: 256
        }
    }

    /// The case's name, for the log. Interpolating the enum itself would describe it through
    /// reflection: a millisecond of the launch's main actor, before the first frame.
    public var name: String {
        switch self {
        case .none: "none"
        case .ansi8: "ansi8"
        case .ansi16: "ansi16"
        case .palette256: "palette256"
        case .truecolor: "truecolor"
        }
    }
}
