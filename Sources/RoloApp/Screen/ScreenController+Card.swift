import TerminalUI

/// The contact card over the screen: rolo's native contact view of an address-book card.
extension ScreenController {
    /// Keys while the contact card is open: scroll it, page to the person's other cards, or
    /// close it (the help scope's keys).
    func performInCard(_ action: Action) {
        guard var shown = card else { return }
        let page = max(1, layout.body.height - 4)
        let cards = source as? any ContactCards
        let lineCount = cards?.contactCard(for: shown.rowID, at: shown.index)?.lines.count ?? 0
        switch action {
        case .closeHelp:
            mode = .browsing
            onNeedsRender()
            return
        case .moveUp: shown.scroll = max(0, shown.scroll - 1)
        case .moveDown: shown.scroll = min(lineCount, shown.scroll + 1)
        case .pageUp: shown.scroll = max(0, shown.scroll - page)
        case .pageDown: shown.scroll = min(lineCount, shown.scroll + page)
        case .previousCard, .nextCard:
            guard isAvailable(action) else { break }
            shown.index += action == .nextCard ? 1 : -1
            shown.scroll = 0
            cards?.contactCardShown(for: shown.rowID, at: shown.index)
        default: break
        }
        mode = .card(rowID: shown.rowID, index: shown.index, scroll: shown.scroll)
        onNeedsRender()
    }

    /// Draws the open card over the screen, with its photo beside its fields.
    func drawCard(into canvas: inout Canvas, theme: Theme, glyphs: Glyphs) {
        guard let card, let content = (source as? any ContactCards)?.contactCard(for: card.rowID, at: card.index) else { return }
        let lines = content.lines.map { (text: $0.text, style: $0.role.style(in: theme)) }
        let count = contactCardCount(for: card.rowID)
        let close = "\(key(for: .closeHelp, in: Scopes.help)) closes"
        let paging = "\(key(for: .previousCard, in: Scopes.card)) \(key(for: .nextCard, in: Scopes.card)) pages"
        let footer = count > 1 ? "\(card.index + 1) of \(count) · \(paging) · \(close)" : close
        Overlay(title: content.title, lines: lines, scroll: card.scroll, footer: footer, picture: content.picture,
                theme: theme, glyphs: glyphs)
            .render(into: &canvas, screen: layout.body)
    }
}
