/// The styles every view draws with, chosen once for the terminal's colours.
///
/// The colour theme uses only the eight ANSI colours plus attributes, so it reads the same on
/// `TERM=xterm` and `screen` (8 colours, 64 pairs) as on 256-colour terminals; the monochrome
/// theme (NO_COLOR, `--no-color`, no colour support) uses attributes alone.
public struct Theme: Sendable {
    public var text: Style
    public var dim: Style
    public var title: Style
    public var tab: Style
    public var activeTab: Style
    public var columnHeader: Style
    public var sectionHeader: Style
    public var selection: Style
    public var inactiveSelection: Style
    /// A row whose state just changed, for a moment.
    public var flash: Style
    public var label: Style
    public var marker: Style
    public var match: Style
    public var statusBar: Style
    public var footerKey: Style
    public var footer: Style
    public var errorBanner: Style
    public var infoBanner: Style
    public var border: Style
    public var button: Style
    public var error: Style
    /// Background colours an initials badge picks from by a hash of the name.
    public var badgeColors: [Color]
    public var badgeText: Style
    public var isMonochrome: Bool

    /// The colour theme.
    public static let color = Theme(
        text: .plain,
        dim: Style(attributes: .dim),
        title: Style(foreground: .cyan, attributes: .bold),
        tab: Style(foreground: .default),
        activeTab: Style(foreground: .black, background: .cyan, attributes: .bold),
        columnHeader: Style(attributes: [.bold, .underline]),
        sectionHeader: Style(foreground: .yellow, attributes: .bold),
        selection: Style(foreground: .black, background: .cyan),
        inactiveSelection: Style(attributes: .reverse),
        flash: Style(foreground: .black, background: .yellow, attributes: .bold),
        label: Style(foreground: .cyan),
        marker: Style(foreground: .green, attributes: .bold),
        match: Style(foreground: .yellow, attributes: [.bold, .underline]),
        statusBar: Style(foreground: .black, background: .white),
        footerKey: Style(foreground: .cyan, attributes: .bold),
        footer: Style(attributes: .dim),
        errorBanner: Style(foreground: .white, background: .red, attributes: .bold),
        infoBanner: Style(foreground: .black, background: .yellow),
        border: Style(foreground: .cyan),
        button: Style(foreground: .black, background: .green),
        error: Style(foreground: .red, attributes: .bold),
        badgeColors: [.blue, .magenta, .green, .red, .cyan, .yellow],
        badgeText: Style(foreground: .white, attributes: .bold),
        isMonochrome: false
    )

    /// Attributes only: for NO_COLOR, `--no-color` and terminals without colour.
    public static let monochrome = Theme(
        text: .plain,
        dim: Style(attributes: .dim),
        title: Style(attributes: .bold),
        tab: .plain,
        activeTab: Style(attributes: [.reverse, .bold]),
        columnHeader: Style(attributes: [.bold, .underline]),
        sectionHeader: Style(attributes: [.bold, .underline]),
        selection: Style(attributes: .reverse),
        inactiveSelection: Style(attributes: [.reverse, .dim]),
        flash: Style(attributes: [.reverse, .bold, .underline]),
        label: Style(attributes: .bold),
        marker: Style(attributes: .bold),
        match: Style(attributes: [.bold, .underline]),
        statusBar: Style(attributes: .reverse),
        footerKey: Style(attributes: .bold),
        footer: .plain,
        errorBanner: Style(attributes: [.reverse, .bold]),
        infoBanner: Style(attributes: .reverse),
        border: .plain,
        button: Style(attributes: .reverse),
        error: Style(attributes: .bold),
        badgeColors: [.default],
        badgeText: Style(attributes: [.reverse, .bold]),
        isMonochrome: true
    )
}

/// The symbols views draw with: Unicode where the terminal can show it, ASCII otherwise.
public struct Glyphs: Sendable {
    public var spinner: [String]
    public var ellipsis: String
    public var horizontal: String
    public var vertical: String
    public var topLeft: String
    public var topRight: String
    public var bottomLeft: String
    public var bottomRight: String
    public var bullet: String
    public var separator: String
    public var scrollThumb: String
    public var scrollTrack: String

    /// Full Unicode: braille spinner, box drawing.
    public static let unicode = Glyphs(
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], ellipsis: "…",
        horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        bullet: "•", separator: "│", scrollThumb: "┃", scrollTrack: "│")

    /// The Linux console's fonts have box drawing but no braille or rounded corners.
    public static let linuxConsole = Glyphs(
        spinner: ["|", "/", "-", "\\"], ellipsis: "…",
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        bullet: "*", separator: "│", scrollThumb: "█", scrollTrack: "│")

    /// Plain ASCII for a locale that is not UTF-8.
    public static let ascii = Glyphs(
        spinner: ["|", "/", "-", "\\"], ellipsis: "~",
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        bullet: "*", separator: "|", scrollThumb: "#", scrollTrack: "|")
}
