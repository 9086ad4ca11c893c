/// A colour pair as ncurses numbers its colours: foreground and background, -1 the default.
struct ColorPairKey: Hashable, Sendable {
    var foreground: Int32
    var background: Int32

    /// The terminal's own colours: pair 0, which is never defined.
    static let terminalDefault = ColorPairKey(foreground: -1, background: -1)
}
