/// What the user asked of image colours (`--images`, `images =` in the config file).
///
/// The raw values are the option's spellings, the same as RoloCore's `ImageMode`, so the app can
/// convert one to the other by raw value.
public enum ImageColorPreference: String, Sendable, CaseIterable {
    /// Truecolor where the terminal is known or says it has it, else the 256-colour palette.
    case auto
    /// 24-bit colour, even where nothing says the terminal has it.
    case truecolor
    /// The 256-colour palette, even where truecolor is known.
    case palette256 = "256"
    /// No images (initials badges instead); the interface keeps its colours.
    case off
}
