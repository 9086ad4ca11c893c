import TerminalUI

/// The mouse: a click selects, a double-click opens, the wheel scrolls what is under it; over
/// an overlay, the wheel scrolls it and a click closes it.
extension ScreenController {
    func handle(_ mouse: MouseEvent) {
        guard !layout.isTooSmall else { return }
        switch mode {
        case .copyMenu, .actionMenu:
            if mouse.kind == .click || mouse.kind == .press { mode = .browsing }
        case .actionOutput:
            scrollOverlay(with: mouse) { self.handleActionKey($0 == .moveUp ? .up : $0 == .moveDown ? .down : .escape) }
        case .actionForm, .actionConfirm, .bulkForm, .bulkConfirm:
            // A stray click doesn't throw away what was typed, nor answer the question.
            break
        case .help:
            scrollOverlay(with: mouse, performInHelp)
        case .card:
            scrollOverlay(with: mouse, performInCard)
        case .signIn:
            // A click doesn't stop a sign-in half done.
            break
        case .bulkResults:
            scrollOverlay(with: mouse, performInBulkResults)
        case .browsing, .searching:
            handleOnScreen(mouse)
        }
    }

    private func scrollOverlay(with mouse: MouseEvent, _ perform: (Action) -> Void) {
        switch mouse.kind {
        case .wheelUp: perform(.moveUp)
        case .wheelDown: perform(.moveDown)
        case .click, .press: perform(.closeHelp)
        default: break
        }
    }

    private func handleOnScreen(_ mouse: MouseEvent) {
        let layout = self.layout
        if mouse.y == layout.tabBar.y, mouse.kind == .click || mouse.kind == .press {
            if let index = tabIndex(atColumn: mouse.x) { switchSource(to: index) }
            return
        }
        let listVisible = layout.isWide || !sourceUI.showingDetail
        if listVisible, layout.list.contains(x: mouse.x, y: mouse.y) {
            switch mouse.kind {
            case .wheelUp: moveSelection(.moveUp); moveSelection(.moveUp); moveSelection(.moveUp)
            case .wheelDown: moveSelection(.moveDown); moveSelection(.moveDown); moveSelection(.moveDown)
            case .click, .press, .doubleClick:
                let content = listContent(of: layout.list)
                if let index = listView(in: content).entryIndex(atScreenRow: mouse.y, in: content) {
                    sourceUI.cursor.select(entry: index, in: source.entries)
                    sourceUI.showingDetail = mouse.kind == .doubleClick
                    clampCursor()
                }
            case .release:
                break
            }
        } else if layout.detail.contains(x: mouse.x, y: mouse.y) || sourceUI.showingDetail {
            switch mouse.kind {
            case .wheelUp: scrollDetail(.moveUp); scrollDetail(.moveUp); scrollDetail(.moveUp)
            case .wheelDown: scrollDetail(.moveDown); scrollDetail(.moveDown); scrollDetail(.moveDown)
            case .click, .press:
                switch detailBlock(atScreenRow: mouse.y) {
                case .button?, .picture?: perform(.activate)
                case .reference(let label, _)?: followReference(field: label)
                default: break
                }
            default: break
            }
        }
    }

    /// The detail block under a screen row, as the detail pane draws it now.
    private func detailBlock(atScreenRow y: Int) -> DetailBlock? {
        guard let id = sourceUI.selectedID else { return nil }
        let content = ScreenLayout.split(pane: layout.detail).content.inset(top: 1)
        return DetailView(blocks: source.detail(for: id), scroll: sourceUI.detailScroll, theme: .monochrome, glyphs: .ascii)
            .block(atScreenRow: y, in: content)
    }
}
