import Foundation
import TerminalUI

/// A value of a record that `y` or the `Y` menu can put on the clipboard.
public struct CopyValue: Sendable, Equatable {
    /// What the value is, which decides what `y` copies.
    public enum Kind: Sendable, Equatable { case email, phone, name, other }

    public var kind: Kind
    /// How the menu and the status line name it: "Email", "Phone (work)", "Description".
    public var label: String
    public var text: String

    public init(_ kind: Kind, _ label: String, _ text: String) {
        self.kind = kind
        self.label = label
        self.text = text
    }

    /// What `y` copies: the first email, else the first phone, else the name — the value one
    /// most often pastes elsewhere (a mail, a chat, a dialler) — else whatever comes first.
    public static func preferred(in values: [CopyValue]) -> CopyValue? {
        for kind in [Kind.email, .phone, .name] {
            if let value = values.first(where: { $0.kind == kind }) { return value }
        }
        return values.first
    }

    /// `values` without empty texts or "—" placeholders, which are nothing to paste.
    static func present(_ values: [CopyValue]) -> [CopyValue] {
        values.filter { value in
            let trimmed = value.text.trimmingCharacters(in: .whitespacesAndNewlines)
            return !trimmed.isEmpty && trimmed != "—"
        }
    }

    /// The whole card as plain text, from the detail pane's blocks: the title, "Label: value"
    /// lines, paragraphs and lists; pictures, buttons and hints are left out.
    public static func card(from blocks: [DetailBlock]) -> CopyValue? {
        var lines: [String] = []
        for block in blocks {
            switch block {
            case .title(let text), .subtitle(let text), .paragraph(let text): lines.append(text)
            case .field(let label, let value), .reference(let label, let value), .link(let label, let value):
                lines.append("\(label): \(value)")
            case .list(let label, let items): lines.append("\(label):"); lines += items.map { "- \($0)" }
            case .gap: if lines.last?.isEmpty == false { lines.append("") }
            case .picture, .button, .notice: break
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.isEmpty ? nil : CopyValue(.other, "Card", lines.joined(separator: "\n"))
    }

    /// The name from the detail's title: what a source without its own values offers.
    static func title(in blocks: [DetailBlock]) -> [CopyValue] {
        for case .title(let text) in blocks { return [CopyValue(.name, "Name", text)] }
        return []
    }
}
