/// How images are drawn: chosen from the terminal, off, or forced to a colour depth.
public enum ImageMode: String, Sendable, CaseIterable {
    /// Truecolor where the terminal has it, else the 256-colour palette.
    case auto
    /// No images; initials badges only.
    case off
    /// 24-bit colour half blocks.
    case truecolor
    /// The 256-colour palette.
    case palette256 = "256"
}
