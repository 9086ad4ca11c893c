/// How images are drawn: chosen from the terminal, off, or forced to a protocol or a colour depth.
public enum ImageMode: String, Sendable, CaseIterable {
    /// The best the terminal says it has: kitty graphics, iTerm2 images, sixel, else half
    /// blocks in truecolor where the terminal has it, else in the 256-colour palette.
    case auto
    /// No images; initials badges only.
    case off
    /// 24-bit colour half blocks.
    case truecolor
    /// The 256-colour palette.
    case palette256 = "256"
    /// The kitty graphics protocol, whatever the terminal says.
    case kitty
    /// iTerm2's inline images, whatever the terminal says.
    case iterm
    /// Sixel, whatever the terminal says.
    case sixel
}

/// Whether a food's country is drawn as its flag (`--flags`).
public enum FlagMode: String, Sendable, CaseIterable {
    /// Flags where the terminal is known to draw a pair of regional indicators as one.
    case auto
    /// Always flags.
    case on
    /// Always the two-letter code.
    case off
}
