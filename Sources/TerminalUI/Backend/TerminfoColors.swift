/// What a terminfo entry says about colour.
public struct TerminfoColors: Sendable, Equatable {
    /// `colors`: how many colour numbers the entry takes (2^24 for a direct-colour entry); 0 when
    /// the terminal has no colour.
    public var colors: Int
    /// The `RGB` flag: colour numbers are packed 0xRRGGBB rather than palette indices.
    public var hasRGB: Bool
    /// `CO`: on a direct-colour entry, how many low colour numbers `setaf` still sends as palette
    /// entries; nil when absent, in which case every such entry in ncurses 6.4 reserves 8.
    public var paletteColors: Int?

    /// The capabilities as read.
    public init(colors: Int, hasRGB: Bool = false, paletteColors: Int? = nil) {
        self.colors = colors
        self.hasRGB = hasRGB
        self.paletteColors = paletteColors
    }

    /// Whether colour numbers are 24-bit RGB values (xterm-direct, tmux-direct, ...).
    public var isDirect: Bool { hasRGB && colors >= 1 << 24 }
}
