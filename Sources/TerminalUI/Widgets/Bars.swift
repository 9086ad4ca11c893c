/// The top bar: the app's name and one tab per source, the active one highlighted.
public struct TabBar {
    /// A tab: its label and whether the source can be used as configured.
    public struct Tab: Sendable, Equatable {
        public var label: String
        public var isAvailable: Bool
        public init(label: String, isAvailable: Bool = true) {
            self.label = label
            self.isAvailable = isAvailable
        }
    }

    public var title: String
    public var tabs: [Tab]
    public var active: Int
    public var theme: Theme

    public init(title: String, tabs: [Tab], active: Int, theme: Theme) {
        self.title = title
        self.tabs = tabs
        self.active = active
        self.theme = theme
    }

    /// Draws the bar on the first row of `area`.
    public func render(into canvas: inout Canvas, area: Rect) {
        let row = area.row(0)
        canvas.fill(row, style: theme.text)
        var x = canvas.write(" \(title) ", x: row.x, y: row.y, style: theme.title, clip: row)
        for (index, tab) in tabs.enumerated() {
            let label = " \(index + 1) \(tab.label) "
            let style = index == active ? theme.activeTab : (tab.isAvailable ? theme.tab : theme.dim)
            x = canvas.write(label, x: x + 1, y: row.y, style: style, clip: row)
        }
    }
}

/// The status line: segments on the left, segments on the right.
public struct StatusLine {
    public var left: [String]
    public var right: [String]
    public var theme: Theme
    public var glyphs: Glyphs

    public init(left: [String], right: [String], theme: Theme, glyphs: Glyphs) {
        self.left = left
        self.right = right
        self.theme = theme
        self.glyphs = glyphs
    }

    /// Draws the line on the first row of `area`; the right side gives way to the left.
    public func render(into canvas: inout Canvas, area: Rect) {
        let row = area.row(0)
        canvas.fill(row, style: theme.statusBar)
        let separator = " \(glyphs.separator) "
        let leftText = " " + left.filter { !$0.isEmpty }.joined(separator: separator)
        let leftEnd = canvas.write(leftText.truncated(toWidth: row.width), x: row.x, y: row.y, style: theme.statusBar, clip: row)
        // The right side sheds its first segments until it fits; the last (the help hint) stays longest.
        var segments = right.filter { !$0.isEmpty }
        while !segments.isEmpty {
            let text = segments.joined(separator: separator) + " "
            let width = text.displayWidth
            if row.maxX - width > leftEnd + 1 {
                canvas.write(text, x: row.maxX - width, y: row.y, style: theme.statusBar, clip: row)
                return
            }
            segments.removeFirst()
        }
    }
}

/// The footer: the keys that work right now, from the key table.
public struct FooterHints {
    public var hints: [(keys: String, hint: String)]
    public var theme: Theme

    public init(hints: [(keys: String, hint: String)], theme: Theme) {
        self.hints = hints
        self.theme = theme
    }

    /// Draws as many hints as fit on the first row of `area`.
    public func render(into canvas: inout Canvas, area: Rect) {
        let row = area.row(0)
        canvas.fill(row, style: theme.footer)
        var x = row.x + 1
        for hint in hints {
            let needed = hint.keys.displayWidth + 1 + hint.hint.displayWidth
            guard x + needed <= row.maxX else { break }
            x = canvas.write(hint.keys, x: x, y: row.y, style: theme.footerKey, clip: row)
            x = canvas.write(" " + hint.hint, x: x, y: row.y, style: theme.footer, clip: row) + 2
        }
    }
}

/// A one-line message over the content: an error or a notice that does not block anything.
public struct Banner {
    public var message: String
    public var isError: Bool
    public var theme: Theme

    public init(message: String, isError: Bool, theme: Theme) {
        self.message = message
        self.isError = isError
        self.theme = theme
    }

    /// Draws the banner on the first row of `area`.
    public func render(into canvas: inout Canvas, area: Rect) {
        let row = area.row(0)
        let style = isError ? theme.errorBanner : theme.infoBanner
        canvas.fill(row, style: style)
        let prefix = isError ? " ! " : " i "
        canvas.write((prefix + message).truncated(toWidth: row.width), x: row.x, y: row.y, style: style, clip: row)
    }
}
