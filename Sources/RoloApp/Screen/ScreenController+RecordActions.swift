import Foundation
import RoloCore
import TerminalUI

/// The source's actions on the screen: their keys, the `a` menu, the inputs form, the
/// confirmation, and how a run's end shows (a notice, the banner, the output overlay).
extension ScreenController {
    /// The source on screen as one with actions, the user's or rolo's, when it has some.
    var actionSource: (any ConfiguredActions)? {
        guard let source = source as? any ConfiguredActions, !source.allActions.isEmpty else { return nil }
        return source
    }

    /// The user's action whose key is `key`, on the list or the detail: of two sharing the key
    /// (their `when`s each other's negation, a shipped one among them when the user's pairs with
    /// it), the one that applies to the selected row. A shipped action alone on its key runs
    /// from its key-table entry instead.
    func recordAction(for key: Key) -> RecordAction? {
        guard let source = actionSource else { return nil }
        let own = source.recordActions.filter { (try? Key(name: $0.key)) == key }
        guard let first = own.first else { return nil }
        let onKey = own + source.shippedActions.filter { (try? Key(name: $0.key)) == key && $0.sharesKey(with: first) }
        guard onKey.count > 1 else { return first }
        return selectedRowActions.first { action in onKey.contains { $0.name == action.name } } ?? first
    }

    /// The actions that apply to the selected row, shipped ones included.
    var selectedRowActions: [RecordAction] {
        guard let source = actionSource, let id = sourceUI.selectedID else { return [] }
        return source.applicableActions(for: id)
    }

    /// An action's key on the selected row: a refusal says why in the status line (read-only
    /// in the banner), a run in flight that it is pending; else its form, its confirmation, or
    /// the run itself.
    func press(_ action: RecordAction) {
        if runOnMarked(action) { return }
        guard let source = actionSource, let id = sourceUI.selectedID, let record = source.actionRecord(for: id) else {
            return say("\(action.title): select a record first")
        }
        guard let session = source.actionState.session else {
            return showBanner("\(action.title): \(source.listTitle) can't be reached as configured, so its actions can't run", isError: true)
        }
        if let refused = session.runner.readOnlyRefusal(of: action) { return showBanner(refused.message, isError: true) }
        if let refused = session.refusal(of: action, for: record) { return say(refused.message) }
        if source.actionState.pending.isRunning(action.name, on: id) {
            return say("\(action.title) is still pending on \(source.actionLabel(for: id))")
        }
        if action.inputs.isEmpty {
            given(action, on: id, inputs: [:])
        } else {
            mode = .actionForm(ActionForm(action: action, rowID: id))
        }
        onNeedsRender()
    }

    /// The inputs are given: the confirmation when the action asks for one, else the run.
    private func given(_ action: RecordAction, on rowID: String, inputs: [String: String]) {
        guard let source = actionSource, let session = source.actionState.session, let record = source.actionRecord(for: rowID) else {
            mode = .browsing
            return
        }
        guard action.confirm else {
            mode = .browsing
            return send(action, on: rowID, inputs: inputs)
        }
        switch session.describe(action, ActionValues(record: record, inputs: inputs)) {
        case .success(let request):
            mode = .actionConfirm(ActionRequest(
                rowID: rowID, action: action, inputs: inputs, label: source.actionLabel(for: rowID).sanitizedForTerminal, request: request))
        case .failure(let failure):
            mode = .browsing
            showBanner("\(action.title): \(failure.message)", isError: true)
        }
    }

    /// Runs the action; how it ends shows when it does.
    private func send(_ action: RecordAction, on rowID: String, inputs: [String: String]) {
        guard let source = actionSource else { return }
        let start = source.runAction(action, on: rowID, inputs: inputs, busy: busy, inTerminal: onRunInTerminal) { [weak self] report in
            self?.show(report)
        }
        switch start {
        case .started: break
        case .pending: say("\(action.title) is still pending on \(source.actionLabel(for: rowID))")
        case .refused(let failure): showBanner(failure.message, isError: true)
        }
        onNeedsRender()
    }

    private func show(_ report: ActionReport) {
        switch report {
        case .done(let text): say(text)
        case .failed(let text): showBanner(text.sanitizedForTerminal, isError: true)
        case .output(let title, let result):
            // Over whatever else is open it would take the keys from it: then a line says it ended.
            if mode == .browsing {
                mode = .actionOutput(title: title, status: result.status, lines: Self.outputLines(result), scroll: 0)
            } else {
                say("\(title): ended (exit \(result.status))")
            }
        }
        onNeedsRender()
    }

    /// A line in the status line for ``noticeDuration``.
    func say(_ text: String) {
        notice = (text.sanitizedForTerminal, now().addingTimeInterval(Self.noticeDuration))
        onNeedsRender()
    }

    /// `a`: the menu of the selected row's actions; a row none applies to says so.
    func openActionMenu() {
        guard let id = sourceUI.selectedID, actionSource != nil else { return }
        let names = selectedRowActions.map(\.name)
        guard !names.isEmpty else { return say("none of \(source.listTitle)'s actions applies to this record") }
        mode = .actionMenu(rowID: id, names: names, selected: 0)
    }

    /// A key while an action's overlay is open.
    func handleActionKey(_ key: Key) {
        defer { onNeedsRender() }
        switch mode {
        case .actionMenu(let rowID, let names, let selected):
            let actions = names.compactMap { name in actionSource?.allActions.first { $0.name == name } }
            switch key {
            case .escape, .character("q"): mode = .browsing
            case .up, .character("k"): mode = .actionMenu(rowID: rowID, names: names, selected: max(0, selected - 1))
            case .down, .character("j"): mode = .actionMenu(rowID: rowID, names: names, selected: min(names.count - 1, selected + 1))
            case .enter:
                mode = .browsing
                if actions.indices.contains(selected) { press(actions[selected]) }
            default:
                guard let chosen = actions.first(where: { (try? Key(name: $0.key)) == key }) else { return }
                mode = .browsing
                press(chosen)
            }
        case .actionForm(var form):
            switch form.handle(key) {
            case .editing: mode = .actionForm(form)
            case .cancelled: mode = .browsing
            case .submitted(let inputs): given(form.action, on: form.rowID, inputs: inputs)
            }
        case .actionConfirm(let request):
            switch key {
            case .character("y"), .character("Y"), .enter:
                mode = .browsing
                send(request.action, on: request.rowID, inputs: request.inputs)
            case .character("n"), .character("N"), .escape:
                mode = .browsing
                say("\(request.action.title): not sent")
            default: break
            }
        case .actionOutput(let title, let status, let lines, let scroll):
            let page = max(1, layout.body.height - 4)
            let end = max(0, lines.count - 1)
            func scrolled(_ scroll: Int) -> ScreenMode { .actionOutput(title: title, status: status, lines: lines, scroll: scroll) }
            switch key {
            case .escape, .enter, .character("q"): mode = .browsing
            case .up, .character("k"): mode = scrolled(max(0, scroll - 1))
            case .down, .character("j"): mode = scrolled(min(end, scroll + 1))
            case .pageUp: mode = scrolled(max(0, scroll - page))
            case .pageDown, .character(" "): mode = scrolled(min(end, scroll + page))
            case .home, .character("g"): mode = scrolled(0)
            case .end, .character("G"): mode = scrolled(end)
            default: break
            }
        case .browsing, .searching, .help, .copyMenu, .card, .bulkConfirm, .bulkResults, .bulkForm, .signIn:
            break
        }
    }

    /// An output overlay's lines: the command's output, cleaned for the terminal.
    static func outputLines(_ result: CommandResult) -> [String] {
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).sanitizedForTerminal }
        let trimmed = lines.last == "" ? Array(lines.dropLast()) : lines
        return trimmed.isEmpty ? ["(no output)"] : trimmed
    }
}
