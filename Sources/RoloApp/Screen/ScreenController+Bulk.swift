import RoloCore
import TerminalUI

/// An action on every marked row: asked once, run a few at a time with its progress in the
/// status line, and ended in the results overlay, failed records first, `R` to retry them.
extension ScreenController {
    /// An action's key (or the `a` menu's choice) while rows are marked: the action runs on the
    /// marked rows instead of the selected one. Says whether it took the action: one that sets
    /// the list's title takes one record, the selected one, marks or not.
    func runOnMarked(_ action: RecordAction) -> Bool {
        if case .setTitle = action.effect { return false }
        guard !marks.isEmpty, let actions = actionSource else { return false }
        plan(action, on: actions)
        onNeedsRender()
        return true
    }

    /// A shipped action's key (foods' `l`) while rows are marked: what the key would run on the
    /// selected row (like, or unlike on a liked food) runs on the marked rows. Says whether it
    /// took the key.
    func runShippedOnMarked(_ entry: CapabilityAction) -> Bool {
        guard !marks.isEmpty, let source = actionSource as? any ShippedRecordActions else { return false }
        let onKey = source.shippedActions.keyGroup(led: entry.name)
        guard let action = sourceUI.selectedID.flatMap({ source.shippedAction(entry, on: $0) }) ?? onKey.first else { return false }
        return runOnMarked(action)
    }

    /// A key while the marked rows' inputs form is open; says whether it took the key.
    func handleBulkForm(_ key: Key) -> Bool {
        guard case .bulkForm(var form) = mode else { return false }
        switch form.handle(key) {
        case .editing: mode = .bulkForm(form)
        case .cancelled: mode = .browsing
        case .submitted(let inputs):
            mode = .browsing
            if let actions = actionSource { plan(form.action, on: actions, inputs: inputs) }
        }
        onNeedsRender()
        return true
    }

    /// Asks what `action` needs to run on the marked rows of `actions`: its inputs, once (nil:
    /// not asked yet), then the confirmation; or says in the banner why it can't run. Refusals
    /// come first, so nobody fills a form for nothing.
    func plan(_ action: RecordAction, on actions: any ConfiguredActions, inputs: [String: String]? = nil) {
        if let run = bulk.run, run.isRunning {
            return showBanner("'\(run.action.name)' is still running on marked records — wait for its results", isError: true)
        }
        if case .command(let command) = action.effect, command.mode == .terminal {
            return showBanner("'\(action.name)' takes over the terminal: it runs on one record at a time — Esc clears the marks", isError: true)
        }
        let marked = marks.ordered(in: source.entries).compactMap(actions.bulkItem(forRowID:))
        let items = marked.filter { action.applies(to: $0.record) }
        guard let first = items.first else {
            let when = action.when.map { " (when = '\($0.description.sanitizedForTerminal)')" } ?? ""
            return showBanner("'\(action.name)' applies to none of the \(marked.count) marked \(source.noun.plural)\(when)", isError: true)
        }
        if case .failure(let refused) = actions.bulkPerformer(for: action, busy: busy) { return showBanner(refused.message, isError: true) }
        guard let inputs = inputs ?? (action.inputs.isEmpty ? [:] : nil) else {
            mode = .bulkForm(ActionForm(action: action, rowID: first.id))
            return
        }
        switch actions.describe(action, for: first, inputs: inputs) {
        case .failure(let failure):
            showBanner("\(action.title): \(failure.message)", isError: true)
        case .success(let request):
            mode = .bulkConfirm(BulkPlan(action: action, inputs: inputs, items: items, skipped: marked.count - items.count,
                                         request: request, noun: source.noun.plural))
        }
    }

    /// Whether the results' `R` has records to run again: failed, or left out by a stop.
    var canRetryFailed: Bool {
        guard let run = bulk.run else { return false }
        return !run.isRunning && (!run.failed.isEmpty || !run.items(in: .notRun).isEmpty)
    }

    /// The plan being confirmed.
    var bulkPlan: BulkPlan? {
        if case .bulkConfirm(let plan) = mode { plan } else { nil }
    }

    /// The results overlay's scroll while it is open.
    var bulkResultsScroll: Int? {
        if case .bulkResults(let scroll) = mode { scroll } else { nil }
    }

    /// Keys while the confirmation is open: run, or don't.
    func performInBulkConfirm(_ action: Action) {
        guard let plan = bulkPlan else { return }
        switch action {
        case .open: run(plan)
        case .closeHelp: mode = .browsing
        default: break
        }
        onNeedsRender()
    }

    /// Starts the run the user confirmed.
    private func run(_ plan: BulkPlan) {
        mode = .browsing
        guard let actions = actionSource else { return }
        switch actions.bulkPerformer(for: plan.action, busy: busy) {
        case .failure(let failure):
            showBanner(failure.message, isError: true)
        case .success(let performer):
            let run = BulkRun(action: plan.action, inputs: plan.inputs, sourceID: source.id, items: plan.items, performer: performer, busy: busy)
            run.onChange = { [weak self, weak run] in
                guard let self, let run else { return }
                self.bulkChanged(run)
            }
            bulk.run = run
            run.start()
        }
    }

    /// A record of the run ended, or the whole pass: at the end, the results come up.
    /// Over something else that has the keys (a form, the help, the search field) they wait,
    /// with a line saying so, until it closes.
    private func bulkChanged(_ run: BulkRun) {
        if !run.isRunning, bulk.run === run, bulkResultsScroll == nil {
            if case .browsing = mode {
                mode = .bulkResults(scroll: 0)
            } else {
                bulk.resultsWaiting = true
                say("\(run.summary) — the results open when this closes")
            }
        }
        onNeedsRender()
    }

    /// Opens the results that waited for an overlay to close, once the screen is back.
    func showWaitingResults() {
        guard bulk.resultsWaiting, case .browsing = mode else { return }
        bulk.resultsWaiting = false
        if bulk.run != nil { mode = .bulkResults(scroll: 0) }
    }

    /// Keys while the results are open: scroll, retry the failed, or close.
    func performInBulkResults(_ action: Action) {
        guard let scroll = bulkResultsScroll, let run = bulk.run else { return }
        let page = max(1, layout.body.height - 4)
        let end = BulkResults(run: run).lines.count
        switch action {
        case .moveUp: mode = .bulkResults(scroll: max(0, scroll - 1))
        case .moveDown: mode = .bulkResults(scroll: min(end, scroll + 1))
        case .pageUp: mode = .bulkResults(scroll: max(0, scroll - page))
        case .pageDown: mode = .bulkResults(scroll: min(end, scroll + page))
        case .retryFailed: run.retryFailed()
        case .closeHelp: closeBulkResults(run)
        default: break
        }
        onNeedsRender()
    }

    /// Closes the results: the done records are unmarked, the failed stay marked for another
    /// try. While a retry still runs, it stops sending and the results come back when it ends.
    private func closeBulkResults(_ run: BulkRun) {
        mode = .browsing
        guard !run.isRunning else { return run.stop() }
        var kept = bulk.marks[run.sourceID] ?? RowMarks()
        kept.remove(run.items(in: .done).map(\.id))
        for (item, _) in run.failed { kept.insert(item.id) }
        bulk.marks[run.sourceID] = kept
        bulk.run = nil
    }

    /// Draws the inputs form, the confirmation or the results over the screen while one is open.
    func drawBulk(into canvas: inout Canvas, theme: Theme, glyphs: Glyphs) {
        if case .bulkForm(let form) = mode {
            drawForm(form, into: &canvas, theme: theme, glyphs: glyphs)
        } else if let plan = bulkPlan {
            let footer = "\(key(for: .open, in: Scopes.bulkConfirm)) runs · \(key(for: .closeHelp, in: Scopes.bulkConfirm)) cancels"
            Overlay(title: plan.question, lines: plan.lines.map { ($0.text, $0.role.style(in: theme)) }, footer: footer,
                    theme: theme, glyphs: glyphs)
                .render(into: &canvas, screen: layout.body)
        } else if let scroll = bulkResultsScroll, let run = bulk.run {
            let results = BulkResults(run: run, symbols: MarkSymbols(glyphs))
            let retry = canRetryFailed ? "\(key(for: .retryFailed, in: Scopes.bulkResults)) retries the failed · " : ""
            Overlay(title: results.title, lines: results.lines.map { ($0.text, $0.role.style(in: theme)) }, scroll: scroll,
                    footer: retry + "\(key(for: .closeHelp, in: Scopes.bulkResults)) closes", theme: theme, glyphs: glyphs)
                .render(into: &canvas, screen: layout.body)
        }
    }
}
