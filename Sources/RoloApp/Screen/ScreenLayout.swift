import TerminalUI

/// Where everything goes on a screen of a given size.
///
/// Row 0 is the tab bar, the last row the key hints, the row above it the status line; the body
/// between holds the list and detail panes, side by side from `wideWidth` columns, one at a time
/// below that (Enter pushes the detail, Esc comes back).
struct ScreenLayout: Equatable {
    /// The smallest screen rolo draws on; below it a "terminal too small" message is shown.
    static let minimum = Size(width: 40, height: 10)
    /// From this width the list and the detail are shown side by side.
    static let wideWidth = 100

    let size: Size
    let isTooSmall: Bool
    let isWide: Bool
    let tabBar: Rect
    let body: Rect
    let status: Rect
    let footer: Rect
    /// The list pane (in narrow mode, the whole body).
    let list: Rect
    /// The detail pane (in narrow mode, the whole body).
    let detail: Rect
    /// The column between the panes in wide mode.
    let divider: Rect?

    init(size: Size) {
        self.size = size
        isTooSmall = size.width < Self.minimum.width || size.height < Self.minimum.height
        isWide = size.width >= Self.wideWidth
        let screen = Rect(size)
        tabBar = screen.row(0)
        footer = screen.row(size.height - 1)
        status = screen.row(size.height - 2)
        body = Rect(x: 0, y: 1, width: size.width, height: size.height - 3)
        if isWide {
            let listWidth = min(72, max(44, size.width / 2))
            let (left, rest) = body.splitColumns(at: listWidth)
            let (line, right) = rest.splitColumns(at: 1)
            list = left
            divider = line
            detail = right.inset(left: 1)
        } else {
            list = body
            detail = body.inset(left: 1)
            divider = nil
        }
    }

    /// A pane's title row and the rows below it.
    static func split(pane: Rect) -> (title: Rect, content: Rect) {
        let (title, content) = pane.splitRows(at: 1)
        return (title, content)
    }
}
