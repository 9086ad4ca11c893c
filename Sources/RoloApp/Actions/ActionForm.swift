import RoloCore
import TerminalUI

/// An action's inputs as a form: a text field or a choice for each, one of them focused.
/// Pure: keys in, the form's next state (or what it asks for) out.
public struct ActionForm: Equatable, Sendable {
    /// The row acted on.
    public let rowID: String
    /// The action whose inputs these are.
    public let action: RecordAction
    /// Each input's text, or its choice, in the action's order.
    public private(set) var values: [String]
    /// The caret in each text field, in characters.
    public private(set) var carets: [Int]
    /// The focused input.
    public private(set) var field = 0

    /// What a key did to the form.
    public enum Step: Equatable, Sendable {
        /// The form changed (or the key did nothing); it stays open.
        case editing
        /// Enter on the last field: the inputs are given.
        case submitted([String: String])
        /// Esc: the action is not run.
        case cancelled
    }

    /// An empty form for `action` on row `rowID`: text fields empty, each choice at its first.
    public init(action: RecordAction, rowID: String) {
        self.rowID = rowID
        self.action = action
        values = action.inputs.map { input in
            if case .choice(let choices) = input.kind { return choices.first ?? "" }
            return ""
        }
        carets = Array(repeating: 0, count: action.inputs.count)
    }

    /// The inputs by name, as given so far.
    public var inputs: [String: String] {
        Dictionary(zip(action.inputs.map(\.name), values), uniquingKeysWith: { first, _ in first })
    }

    /// Handles one key: typing and the caret in a text field, ←/→ among a choice's choices,
    /// Tab/↓ and Shift-Tab/↑ between fields, Enter to the next field or (on the last) on, Esc.
    public mutating func handle(_ key: Key) -> Step {
        guard action.inputs.indices.contains(field) else { return key == .escape ? .cancelled : .submitted(inputs) }
        let choices: [String]? = if case .choice(let list) = action.inputs[field].kind { list } else { nil }
        switch key {
        case .escape: return .cancelled
        case .enter:
            if field == action.inputs.count - 1 { return .submitted(inputs) }
            field += 1
        case .tab, .down: field = min(action.inputs.count - 1, field + 1)
        case .backTab, .up: field = max(0, field - 1)
        case .left, .right:
            let step = key == .left ? -1 : 1
            if let choices, !choices.isEmpty {
                let index = choices.firstIndex(of: values[field]) ?? 0
                values[field] = choices[(index + step + choices.count) % choices.count]
            } else if choices == nil {
                carets[field] = min(values[field].count, max(0, carets[field] + step))
            }
        case .home: if choices == nil { carets[field] = 0 }
        case .end: if choices == nil { carets[field] = values[field].count }
        case .backspace:
            guard choices == nil, carets[field] > 0 else { break }
            var text = Array(values[field])
            text.remove(at: carets[field] - 1)
            values[field] = String(text)
            carets[field] -= 1
        case .character(let character):
            guard choices == nil, !character.isNewline else { break }
            var text = Array(values[field])
            text.insert(character, at: carets[field])
            values[field] = String(text)
            carets[field] += 1
        default: break
        }
        return .editing
    }
}

/// An action ready to run on one record: its inputs given, the request it makes shown to be
/// confirmed.
public struct ActionRequest: Equatable, Sendable {
    /// The row acted on.
    public let rowID: String
    /// The action.
    public let action: RecordAction
    /// The inputs given.
    public let inputs: [String: String]
    /// The record as the user knows it: its label.
    public let label: String
    /// The request with the values filled in, "PATCH https://…/tickets/7 {…}", or the command.
    public let request: String
}
