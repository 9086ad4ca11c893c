/// How the terminal should be set up.
public struct TerminalOptions: Sendable, Equatable {
    /// Draw without colour (NO_COLOR, `--no-color`).
    public var noColor: Bool
    /// Report clicks and the wheel.
    public var mouse: Bool
    /// How images are coloured (`--images`).
    public var imageColors: ImageColorPreference
    /// Draw with ASCII symbols only (`--ascii`), for terminals or fonts without them.
    public var ascii: Bool
    /// Whether `y` may set the clipboard with OSC 52 (`--no-clipboard`, `clipboard = false`).
    public var clipboard: Bool

    /// Options with colour, the mouse and images chosen from the terminal unless said otherwise.
    public init(noColor: Bool = false, mouse: Bool = true, imageColors: ImageColorPreference = .auto, ascii: Bool = false,
                clipboard: Bool = true) {
        self.noColor = noColor
        self.mouse = mouse
        self.imageColors = imageColors
        self.ascii = ascii
        self.clipboard = clipboard
    }
}
