import TerminalUI

/// The list's search field: typed text narrows the list as it changes.
extension ScreenController {
    /// A key the search scope doesn't bind: typed into the field, or, for a move, the end of
    /// typing and the move itself.
    func editSearch(with key: Key) {
        guard var text = searchText else { return }
        switch key {
        case .backspace, .delete:
            if text.isEmpty {
                perform(.clearSearch)
                return
            }
            text.removeLast()
        case .character(let character):
            text.append(character)
        case .up, .down, .pageUp, .pageDown:
            mode = .browsing
            handle(key)
            return
        default:
            return
        }
        mode = .searching(text)
        source.setSearch(text)
        sourceUI.cursor = ListCursor()
        afterEntriesChanged()
    }
}
