import Foundation
import TerminalUI

extension ScreenController {
    /// Draws the whole screen into a new canvas. Pure: reads state, does no I/O.
    public func render(theme: Theme, glyphs: Glyphs) -> Canvas {
        var canvas = Canvas(size: size)
        let layout = self.layout
        if layout.isTooSmall {
            drawTooSmall(into: &canvas, theme: theme)
            return canvas
        }
        TabBar(title: "rolo", tabs: sources.map { TabBar.Tab(label: $0.id.rawValue, isAvailable: $0.isConfigured) },
               active: active, theme: theme)
            .render(into: &canvas, area: layout.tabBar)
        if let badge, !badge.isEmpty {
            let text = " \(badge) "
            _ = canvas.write(text, x: max(0, layout.tabBar.maxX - text.displayWidth), y: layout.tabBar.y, style: theme.flash, clip: layout.tabBar)
        }
        let ui = sourceUI
        if layout.isWide {
            drawList(into: &canvas, pane: layout.list, focused: !ui.showingDetail, theme: theme, glyphs: glyphs)
            if let divider = layout.divider {
                for y in divider.y..<divider.maxY { canvas.write(glyphs.vertical, x: divider.x, y: y, style: theme.dim) }
            }
            drawDetail(into: &canvas, pane: layout.detail, focused: ui.showingDetail, theme: theme, glyphs: glyphs)
        } else if ui.showingDetail {
            drawDetail(into: &canvas, pane: layout.detail, focused: true, theme: theme, glyphs: glyphs)
        } else {
            drawList(into: &canvas, pane: layout.list, focused: true, theme: theme, glyphs: glyphs)
        }
        if let banner {
            Banner(message: banner.message, isError: banner.isError, theme: theme)
                .render(into: &canvas, area: layout.body.row(layout.body.height - 1))
        }
        StatusLine(left: statusLeft(glyphs: glyphs), right: statusRight(), theme: theme, glyphs: glyphs)
            .render(into: &canvas, area: layout.status)
        FooterHints(hints: actionHints + keyTable.hints(in: activeScopes, where: isHinted), theme: theme)
            .render(into: &canvas, area: layout.footer)
        // One mode at a time: at most one of these draws.
        drawCard(into: &canvas, theme: theme, glyphs: glyphs)
        drawCopyMenu(into: &canvas, theme: theme, glyphs: glyphs)
        drawHelp(into: &canvas, theme: theme, glyphs: glyphs)
        drawBulk(into: &canvas, theme: theme, glyphs: glyphs)
        drawActionOverlay(into: &canvas, theme: theme, glyphs: glyphs)
        drawSignIn(into: &canvas, theme: theme, glyphs: glyphs)
        return canvas
    }

    private func drawTooSmall(into canvas: inout Canvas, theme: Theme) {
        let minimum = ScreenLayout.minimum
        let message = "Terminal too small: \(size.width)×\(size.height). rolo needs at least \(minimum.width)×\(minimum.height) — enlarge the window, or press \(key(for: .quit, in: Scopes.global)) to quit."
        let lines = message.wrapped(toWidth: max(1, size.width - 2))
        let top = max(0, (size.height - lines.count) / 2)
        for (n, line) in lines.enumerated() {
            canvas.write(line, x: max(0, (size.width - line.displayWidth) / 2), y: top + n, style: theme.error)
        }
    }

    func listView(in content: Rect, theme: Theme = .monochrome, glyphs: Glyphs = .ascii, focused: Bool = true) -> ListView {
        let marked = entriesWithPendingMarks(glyphs: glyphs)
        return ListView(entries: marked.entries, columns: source.columns, cursor: sourceUI.cursor, isFocused: focused,
                 highlight: (source as? any ExplainsSearch).map(\.searchHighlight) ?? source.searchTerm, markerWidth: marked.markerWidth, rowHeight: rowHeight,
                 thumbnailWidth: Self.thumbnailWidth, flashingRowID: (source as? any FlashesRows)?.flashingRowID, rowMark: rowMark(glyphs: glyphs), theme: theme,
                 glyphs: glyphs)
    }

    /// What of the search typed or applied couldn't be, said on the line under the search line.
    var searchProblem: String? {
        guard searchText != nil || source.searchTerm != nil, let problems = (source as? any ExplainsSearch)?.searchProblems,
              let first = problems.first else { return nil }
        return problems.count > 1 ? "\(first) (and \(problems.count - 1) more)" : first
    }

    /// Where the list's rows are drawn in `pane`: under its title, and under a search problem.
    func listContent(of pane: Rect) -> Rect {
        let content = ScreenLayout.split(pane: pane).content
        return searchProblem == nil ? content : content.inset(top: 1)
    }

    private func drawList(into canvas: inout Canvas, pane: Rect, focused: Bool, theme: Theme, glyphs: Glyphs) {
        let title = ScreenLayout.split(pane: pane).title
        let content = listContent(of: pane)
        if let problem = searchProblem {
            let line = ScreenLayout.split(pane: pane).content.row(0)
            canvas.write(problem, x: line.x + 1, y: line.y, style: theme.error, clip: line)
        }
        if let searchText {
            let end = canvas.write("/ ", x: title.x + 1, y: title.y, style: theme.footerKey, clip: title)
            let cursorX = canvas.write(searchText, x: end, y: title.y, style: theme.text.adding(.underline), clip: title)
            canvas.write("▏", x: cursorX, y: title.y, style: theme.footerKey, clip: title)
        } else {
            let end = canvas.write(" \(source.listTitle) ", x: title.x, y: title.y, style: focused ? theme.title : theme.dim, clip: title)
            if let term = source.searchTerm {
                canvas.write("filter “\(term)” · Esc clears", x: end + 1, y: title.y, style: theme.dim, clip: title)
            }
        }
        if let placeholder = source.status.placeholder {
            drawPlaceholder(placeholder, into: &canvas, area: content, theme: theme)
            return
        }
        listView(in: content, theme: theme, glyphs: glyphs, focused: focused).render(into: &canvas, area: content)
    }

    private func drawPlaceholder(_ placeholder: ListPlaceholder, into canvas: inout Canvas, area: Rect, theme: Theme) {
        let text: String
        let style: Style
        switch placeholder {
        case .loading(let message): (text, style) = (message, theme.dim)
        case .empty(let message): (text, style) = (message, theme.dim)
        case .failed(let message): (text, style) = (message, theme.error)
        case .unconfigured(let message): (text, style) = (message, theme.text)
        }
        let lines = text.wrapped(toWidth: max(1, area.width - 4))
        for (n, line) in lines.enumerated() {
            canvas.write(line, x: area.x + 2, y: area.y + 1 + n, style: style, clip: area)
        }
    }

    private func drawDetail(into canvas: inout Canvas, pane: Rect, focused: Bool, theme: Theme, glyphs: Glyphs) {
        let (title, content) = ScreenLayout.split(pane: pane)
        if layout.isWide {
            canvas.write("Detail", x: title.x, y: title.y, style: focused ? theme.title : theme.dim, clip: title)
        } else {
            canvas.write("← \(source.listTitle)", x: title.x, y: title.y, style: theme.title, clip: title)
            let hint = "\(key(for: .back, in: Scopes.detail)) back"
            canvas.write(hint, x: title.maxX - hint.displayWidth - 1, y: title.y, style: theme.dim, clip: title)
        }
        guard let id = sourceUI.selectedID else {
            let message = source.entries.entryCount == 0 ? "" : "Select a row to see its detail here."
            canvas.write(message, x: content.x, y: content.y + 1, style: theme.dim, clip: content)
            return
        }
        DetailView(blocks: source.detail(for: id), scroll: sourceUI.detailScroll, theme: theme, glyphs: glyphs)
            .render(into: &canvas, area: content.inset(top: 1))
    }

    private func statusLeft(glyphs: Glyphs) -> [String] {
        let entries = source.entries
        let rows = entries.rowCount
        let position = sourceUI.cursor.selected.flatMap(entries.rowNumber(atEntry:)) ?? 0
        let noun = rows == 1 ? source.noun.singular : source.noun.plural
        // "256+ matching" while a search's first matches are shown and the rest counted.
        let more = source.searchTerm != nil && source.isCountingMatches ? "+" : ""
        var items = [source.id.rawValue, source.searchTerm == nil ? "\(rows) \(noun)" : "\(rows)\(more) matching"]
        if position > 0 { items.append("\(position)/\(rows)\(more)") }
        if source.status.isLoading || busy.count > 0 {
            items.append("\(glyphs.spinner[spinnerFrame % glyphs.spinner.count]) loading")
        }
        items += bulkStatusItems
        if let notice { items.append(notice.text) }
        return items
    }

    private func statusRight() -> [String] {
        var items = source.status.items + watchStatusItems
        if let updated = source.status.lastUpdated { items.append("updated \(ClockTime.string(updated, in: timeZone))") }
        items.append("\(key(for: .help, in: Scopes.global)) help")
        return items
    }

    /// How the first key bound to `action` in `scope` is written, for hints drawn outside the
    /// footer, so they follow a `[keys]` remap too.
    func key(for action: Action, in scope: KeyScope) -> String {
        keyTable.bindings.first { $0.action == action && $0.scope == scope }?.keys.first?.label ?? "?"
    }

    /// The tab under a column of the tab bar.
    func tabIndex(atColumn x: Int) -> Int? {
        var start = " rolo ".displayWidth
        for (index, source) in sources.enumerated() {
            let width = " \(index + 1) \(source.id.rawValue) ".displayWidth
            if x >= start + 1 && x < start + 1 + width { return index }
            start += 1 + width
        }
        return nil
    }
}
