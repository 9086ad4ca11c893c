/// What the user asked of pictures (`--images`): decided from the terminal, one protocol, half
/// blocks in a colour depth, or none.
public enum ImagePreference: String, Sendable, CaseIterable {
    /// The best the terminal has: kitty graphics, iTerm2's inline images, sixel, else half blocks.
    case auto
    /// The kitty graphics protocol, whatever the terminal said.
    case kitty
    /// iTerm2's inline images, whatever the terminal said.
    case iterm
    /// Sixel, whatever the terminal said.
    case sixel
    /// Half blocks in 24-bit colour.
    case truecolor
    /// Half blocks in the 256-colour palette.
    case palette256 = "256"
    /// No pictures (initials badges instead).
    case off

    /// What half blocks are coloured with, for `TerminalOptions.imageColors`: wherever a
    /// protocol falls back to half blocks, their colour is decided as with `auto`.
    public var colorPreference: ImageColorPreference {
        switch self {
        case .truecolor: return .truecolor
        case .palette256: return .palette256
        case .off: return .off
        case .auto, .kitty, .iterm, .sixel: return .auto
        }
    }
}

/// What the user asked of country flags (`--flags`).
public enum FlagPreference: String, Sendable, CaseIterable {
    /// Flags where the terminal is known to compose regional indicators, else the two-letter code.
    case auto
    /// Always flags.
    case on
    /// Always the code.
    case off
}
