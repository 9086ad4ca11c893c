import RoloCore
import TerminalUI

/// Drawing the actions: the `a` menu, the inputs form, the confirmation and a command's output
/// as overlays; their hints in the footer and their lines in `?`; the mark of a row whose
/// action is in flight.
extension ScreenController {
    /// The footer's hints for the selected row's actions: each key and its title, short. A
    /// shipped action's key has its own hint, from its key-table entry.
    var actionHints: [(keys: String, hint: String)] {
        guard mode == .browsing else { return [] }
        return selectedRowActions.compactMap { action in
            guard !action.isShipped, let key = try? Key(name: action.key) else { return nil }
            return (key.label, action.title.truncated(toWidth: 16))
        }
    }

    /// The help's lines for the source's actions: each key, title and write mark; the name too
    /// where two on one key share a title (foods' like and unlike).
    func actionHelpLines(theme: Theme) -> [(text: String, style: Style)] {
        guard let source = actionSource else { return [] }
        var lines: [(text: String, style: Style)] = [("", theme.text), ("Actions of \(source.listTitle)", theme.title)]
        let actions = source.allActions
        for action in actions {
            let key = (try? Key(name: action.key))?.label ?? action.key
            let twin = actions.contains { $0.name != action.name && $0.key == action.key && $0.title == action.title }
            let title = action.title.sanitizedForTerminal + (twin ? ": \(action.name)" : "")
            let mark = action.isWrite ? " " + ActionSession.writeMark : ""
            lines.append(("  " + key.padded(toWidth: 22) + title + mark, theme.text))
        }
        return lines
    }

    /// The list's entries with a mark on the rows whose action is in flight, and the gutter
    /// the marks need; the source's own when nothing is.
    func entriesWithPendingMarks(glyphs: Glyphs) -> (entries: any ListEntrySource, markerWidth: Int) {
        let width = (source as? any RowMarkers)?.markerWidth ?? 0
        guard let pending = actionSource?.actionState.pending, !pending.isEmpty else { return (source.entries, width) }
        let mark = glyphs.spinner[spinnerFrame % glyphs.spinner.count]
        return (PendingMarkedEntries(entries: source.entries, pending: pending.rowIDs, mark: mark), max(width, 2))
    }

    /// Draws whichever action overlay is open.
    func drawActionOverlay(into canvas: inout Canvas, theme: Theme, glyphs: Glyphs) {
        switch mode {
        case .actionMenu(_, let names, let selected): drawActionMenu(names, selected: selected, into: &canvas, theme: theme, glyphs: glyphs)
        case .actionForm(let form): drawForm(form, into: &canvas, theme: theme, glyphs: glyphs)
        case .actionConfirm(let request): drawConfirmation(request, into: &canvas, theme: theme, glyphs: glyphs)
        case .actionOutput(let title, let status, let lines, let scroll):
            Overlay(title: "\(title.sanitizedForTerminal) — exit \(status)", lines: lines.map { (text: $0, style: theme.text) }, scroll: scroll,
                    footer: "↑↓ scroll · Esc closes", theme: theme, glyphs: glyphs)
                .render(into: &canvas, screen: layout.body)
        case .browsing, .searching, .help, .copyMenu, .card, .bulkConfirm, .bulkResults, .bulkForm, .signIn:
            break
        }
    }

    private func drawActionMenu(_ names: [String], selected: Int, into canvas: inout Canvas, theme: Theme, glyphs: Glyphs) {
        let actions = names.compactMap { name in actionSource?.allActions.first { $0.name == name } }
        let keys = actions.map { (try? Key(name: $0.key))?.label ?? $0.key }
        let keyWidth = keys.map(\.displayWidth).max() ?? 0
        let texts = zip(actions, keys).map { action, key in
            " \(key.padded(toWidth: keyWidth))  \(action.title.sanitizedForTerminal)\(action.isWrite ? "  " + ActionSession.writeMark : "") "
        }
        let width = texts.map(\.displayWidth).max() ?? 0
        let lines = texts.enumerated().map { index, text in
            (text: text.padded(toWidth: width), style: index == selected ? theme.selection : theme.text)
        }
        Overlay(title: "Actions", lines: lines, footer: "Enter or its key runs · Esc closes", theme: theme, glyphs: glyphs)
            .render(into: &canvas, screen: layout.body)
    }

    func drawForm(_ form: ActionForm, into canvas: inout Canvas, theme: Theme, glyphs: Glyphs) {
        let labelWidth = form.action.inputs.map { $0.title.displayWidth }.max() ?? 0
        var lines: [(text: String, style: Style)] = []
        for (index, input) in form.action.inputs.enumerated() {
            let focused = index == form.field
            let value = form.values[index].sanitizedForTerminal
            let field: String
            if case .choice = input.kind {
                field = focused ? "◂ \(value) ▸" : "  \(value)  "
            } else if focused {
                let caret = min(form.carets[index], value.count)
                field = "[\(value.prefix(caret))▏\(value.dropFirst(caret))]"
            } else {
                field = "[\(value)]"
            }
            lines.append((" \(input.title.sanitizedForTerminal.padded(toWidth: labelWidth))  \(field) ", focused ? theme.selection : theme.text))
        }
        let last = form.field == form.action.inputs.count - 1
        Overlay(title: form.action.title.sanitizedForTerminal, lines: lines,
                footer: "Tab next · ←→ choose · Enter \(last ? "goes on" : "next") · Esc cancels", theme: theme, glyphs: glyphs)
            .render(into: &canvas, screen: layout.body)
    }

    private func drawConfirmation(_ request: ActionRequest, into canvas: inout Canvas, theme: Theme, glyphs: Glyphs) {
        let width = max(20, min(layout.body.width - 6, 72))
        var lines: [(text: String, style: Style)] = [(" \(request.action.title.sanitizedForTerminal) — \(request.label)?", theme.title), ("", theme.text)]
        lines += request.request.wrapped(toWidth: width).map { (text: " " + $0, style: theme.text) }
        Overlay(title: "Send it?", lines: lines, footer: "y or Enter sends · n or Esc cancels", theme: theme, glyphs: glyphs)
            .render(into: &canvas, screen: layout.body)
    }
}

/// A list's entries with a mark in the gutter of the rows whose action is in flight.
struct PendingMarkedEntries: ListEntrySource {
    let entries: any ListEntrySource
    let pending: Set<String>
    let mark: String

    var entryCount: Int { entries.entryCount }
    var rowCount: Int { entries.rowCount }

    func entry(at index: Int) -> ListEntry {
        let entry = entries.entry(at: index)
        guard case .row(var row) = entry, pending.contains(row.id) else { return entry }
        row.marker = mark
        return .row(row)
    }

    func rowNumber(atEntry index: Int) -> Int? { entries.rowNumber(atEntry: index) }
    func index(ofRowID id: String) -> Int? { entries.index(ofRowID: id) }
}
