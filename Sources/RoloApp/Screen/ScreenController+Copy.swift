import Foundation
import TerminalUI

extension ScreenController {
    /// How long the status line says what was copied.
    static let noticeDuration: TimeInterval = 5

    /// The selected row's values and, last, the whole card as text.
    private var copyableValues: [CopyValue] {
        guard let id = sourceUI.selectedID else { return [] }
        let detail = source.detail(for: id)
        let values = (source as? any CopyableValues)?.copyValues(for: id) ?? CopyValue.title(in: detail)
        return values + [CopyValue.card(from: detail)].compactMap { $0 }
    }

    /// `y`: the email, else the phone, else the name.
    func copyPreferred() {
        guard let value = CopyValue.preferred(in: copyableValues) else { return }
        copy(value)
    }

    /// `Y`: the menu of the selected row's values.
    func openCopyMenu() {
        let values = copyableValues
        guard !values.isEmpty else { return }
        mode = .copyMenu(values: values, selected: 0)
    }

    /// Keys while the copy menu is open: move the highlight, copy it, or close.
    func performInCopyMenu(_ action: Action) {
        guard let menu = copyMenu else { return }
        switch action {
        case .moveUp: mode = .copyMenu(values: menu.values, selected: max(0, menu.selected - 1))
        case .moveDown: mode = .copyMenu(values: menu.values, selected: min(menu.values.count - 1, menu.selected + 1))
        case .open: copy(menuItem: menu.selected)
        case .closeHelp: mode = .browsing
        default: break
        }
        onNeedsRender()
    }

    /// Copies the menu's value at `index` (a digit pressed, or Enter) and closes the menu.
    func copy(menuItem index: Int) {
        guard let menu = copyMenu, menu.values.indices.contains(index) else { return }
        mode = .browsing
        copy(menu.values[index])
        onNeedsRender()
    }

    /// Sends a value to the clipboard and says in the status line what became of it.
    private func copy(_ value: CopyValue) {
        let what = value.label == "Card" ? "the card (\(value.text.split(separator: "\n", omittingEmptySubsequences: false).count) lines)" : "\(value.label): \(value.text)"
        let text: String
        switch onCopy(value.text) {
        case .copied(confirmed: true): text = "copied \(what)"
        case .copied(confirmed: false): text = "sent \(what) to the clipboard (OSC 52)"
        case .off: text = "copying is off (--no-clipboard or clipboard = false)"
        case .unsupported(let reason): text = "can't copy: \(reason)"
        case .tooLong: text = "too long to copy: terminals take at most \(OSC52.maximumEncodedLength / 4 * 3 / 1000) KB through OSC 52"
        case .failed: text = "can't copy: the terminal didn't take the bytes"
        }
        notice = (text.split(whereSeparator: \.isNewline).joined(separator: " "), now().addingTimeInterval(Self.noticeDuration))
        onNeedsRender()
    }

    /// The copy menu as an overlay: one numbered line a value, the highlighted one selected.
    func drawCopyMenu(into canvas: inout Canvas, theme: Theme, glyphs: Glyphs) {
        guard let menu = copyMenu else { return }
        let labelWidth = menu.values.map { $0.label.displayWidth }.max() ?? 0
        let texts = menu.values.enumerated().map { index, value in
            let number = index < 9 ? "\(index + 1)" : " "
            let shown = value.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let preview = value.label == "Card" ? "every field, as text" : shown.truncated(toWidth: 48)
            return " \(number)  \(value.label.padded(toWidth: labelWidth))  \(preview) "
        }
        let width = texts.map(\.displayWidth).max() ?? 0
        let lines = texts.enumerated().map { index, text in
            (text: text.padded(toWidth: width), style: index == menu.selected ? theme.selection : theme.text)
        }
        Overlay(title: "Copy", lines: lines, footer: "\(key(for: .open, in: Scopes.copyMenu)) copies · \(key(for: .closeHelp, in: Scopes.copyMenu)) closes", theme: theme, glyphs: glyphs)
            .render(into: &canvas, screen: layout.body)
    }
}
