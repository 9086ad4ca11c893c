import TerminalUI

/// The help overlay: every key in force, grouped by where it works.
extension ScreenController {
    /// Keys while the help is open: scroll it, or close it.
    func performInHelp(_ action: Action) {
        guard let scroll = helpScroll else { return }
        let page = max(1, layout.body.height - 4)
        let end = helpLines().count
        switch action {
        case .closeHelp: mode = .browsing
        case .moveUp: mode = .help(scroll: max(0, scroll - 1))
        case .moveDown: mode = .help(scroll: min(end, scroll + 1))
        case .pageUp: mode = .help(scroll: max(0, scroll - page))
        case .pageDown: mode = .help(scroll: min(end, scroll + page))
        default: break
        }
        onNeedsRender()
    }

    /// Draws the help over the screen while it is open.
    func drawHelp(into canvas: inout Canvas, theme: Theme, glyphs: Glyphs) {
        guard let helpScroll else { return }
        Overlay(title: "rolo keys", lines: helpLines(theme: theme), scroll: helpScroll,
                footer: "\(key(for: .closeHelp, in: Scopes.help)) closes", theme: theme, glyphs: glyphs)
            .render(into: &canvas, screen: layout.body)
    }

    /// The help overlay's lines: every binding the source on screen has, grouped by scope.
    func helpLines(theme: Theme = .monochrome) -> [(text: String, style: Style)] {
        var lines: [(text: String, style: Style)] = []
        for scope in [Scopes.list, Scopes.detail, Scopes.search, Scopes.global, Scopes.card, Scopes.help, Scopes.copyMenu] {
            let bindings = keyTable.bindings.filter { $0.scope == scope && isAvailableInHelp($0.action) }
            guard !bindings.isEmpty else { continue }
            if !lines.isEmpty { lines.append(("", theme.text)) }
            lines.append((scope.name, theme.title))
            for binding in bindings {
                var description = binding.description
                if case .source(let index) = binding.action { description = "Go to \(sources[index].id.rawValue)" }
                lines.append(("  " + binding.keyLabel.padded(toWidth: 22) + description, theme.text))
            }
        }
        lines += actionHelpLines(theme: theme)
        lines.append(("", theme.text))
        lines.append(("Mouse: click selects, double-click opens, the wheel scrolls.", theme.dim))
        return lines
    }

    /// Whether the help lists `action`: the shared ones always, a capability's only where the
    /// source on screen has it.
    private func isAvailableInHelp(_ action: Action) -> Bool {
        let offered = (source as? any RowActions)?.offeredActions ?? []
        switch action {
        case .source(let index): return index < sources.count
        case .nextSource, .previousSource: return sources.count > 1
        case .toggleThumbnails: return (source as? any RowThumbnails)?.canShowThumbnails == true
        case .capability(let action) where CapabilityAction.cardActions.contains(action): return source is any ContactCards
        case .capability(let action): return offered.contains(action)
        case .activate: return source is any ContactCards || detailButtonAction != nil
        case .toggleMark, .markRange: return actionSource != nil
        case .actionMenu: return actionSource != nil
        default: return true
        }
    }
}
