import Foundation
import RoloCore

/// A source whose records have actions from the config file (`[[sources.actions]]`, a built-in
/// source's `[[actions]]`): their keys on its tab, the action menu, and what a run does to the
/// list afterwards.
@MainActor
public protocol ConfiguredActions: SourceModel {
    /// The source's actions, with the keys in effect.
    var recordActions: [RecordAction] { get }
    /// What runs them, and what is in flight.
    var actionState: ActionState { get }
    /// The record an action on row `rowID` acts on (the full one once fetched); nil for a row
    /// that isn't a record.
    func actionRecord(for rowID: String) -> JSONValue?
    /// How a confirmation names the record: its label.
    func actionLabel(for rowID: String) -> String
    /// What a run that worked does to the list and the store: the answer replaces the record,
    /// the record is fetched again, or its row goes. Returns why that failed, if it did.
    func apply(_ outcome: ActionOutcome, to rowID: String) async -> String?
    /// The actions rolo ships for the source, which its keys in the key table run (none but a
    /// built-in source's).
    var shippedActions: [RecordAction] { get }
    /// The record as the server last confirmed it, without the fields of `optimistic` writes
    /// not yet confirmed: what such a write is sent for.
    func confirmedActionRecord(for rowID: String) -> JSONValue?
    /// The server saved `fields` of record `rowID` (an `optimistic` write): the source shows them
    /// as confirmed until its next answer.
    func confirmWrite(_ fields: JSONValue, on rowID: String)
    /// The `optimistic` writes changed what the rows show.
    func optimisticChanged()
    /// `set_title`: makes `title` the list's (empty: its own again); false for a source whose
    /// list has no title to set.
    func setListTitle(_ title: String) -> Bool
}

extension ConfiguredActions {
    public var shippedActions: [RecordAction] { [] }
    /// Every action of the source: the user's, then those rolo ships that they leave. The menu,
    /// the help and marks reach them all; the shipped ones' keys are their key-table entries.
    public var allActions: [RecordAction] { recordActions + shippedActions }
    public func confirmedActionRecord(for rowID: String) -> JSONValue? { actionRecord(for: rowID) }
    public func confirmWrite(_ fields: JSONValue, on rowID: String) {}
    public func optimisticChanged() { onEvent(.changed) }
    public func setListTitle(_ title: String) -> Bool { false }
}

/// What a source with actions keeps for them: the session that runs them, the runs in flight
/// and the row that flashes after a failure.
@MainActor
public final class ActionState {
    /// Runs the actions; nil when the source can't be reached as configured.
    public var session: ActionSession?
    /// The runs in flight, per record and action.
    public let pending = ActionPending()
    /// The writes of `optimistic` actions not yet confirmed.
    public let optimistic = OptimisticWrites()
    /// The row highlighted after a run failed, or an optimistic action was pressed.
    public private(set) var flashingRowID: String?
    private var flashToken = 0
    private let clock: any Clock<Duration>

    /// How long a row stays highlighted after a failure.
    static let flashDuration = Duration.milliseconds(600)

    /// `clock` times the flash (tests pass one that returns at once).
    public init(session: ActionSession? = nil, clock: any Clock<Duration> = ContinuousClock()) {
        self.session = session
        self.clock = clock
    }

    /// Highlights `rowID` briefly; a newer flash isn't cut short by an older one's end.
    func flash(_ rowID: String, busy: BusyTracker, changed: @escaping @MainActor () -> Void) {
        flashToken += 1
        let token = flashToken
        flashingRowID = rowID
        let clock = self.clock
        busy.task { [weak self] in
            try? await clock.sleep(for: Self.flashDuration)
            guard let self, self.flashToken == token else { return }
            self.flashingRowID = nil
            changed()
        }
    }
}

/// How a run ended, for the screen to show.
public enum ActionReport: Equatable, Sendable {
    /// It worked: a line for the status line.
    case done(String)
    /// An `output` command ended: its output and status for the overlay.
    case output(title: String, result: CommandResult)
    /// It failed: why, for the banner (the row flashed and is as it was).
    case failed(String)
}

/// Whether a press started a run.
public enum ActionStart: Equatable, Sendable {
    case started
    /// The same action on the same record is still in flight.
    case pending
    /// It may not run: read-only, its `when`, or no session.
    case refused(ActionFailure)
}

extension ConfiguredActions {
    /// The source's actions, shipped ones included, that apply to row `rowID` (its `when` holds).
    public func applicableActions(for rowID: String) -> [RecordAction] {
        guard let record = actionRecord(for: rowID) else { return [] }
        return allActions.filter { $0.applies(to: record) }
    }

    /// Runs `action` on `rowID` with `inputs` (asked and confirmed already): the row shows it
    /// pending at once, the outcome is applied when it comes, and `report` is told how it
    /// ended. A second run of the same action on the same record meanwhile is refused. An
    /// `optimistic` action goes by its own rules (``runOptimistic(_:_:on:session:busy:)``).
    @discardableResult
    public func runAction(
        _ action: RecordAction, on rowID: String, inputs: [String: String], busy: BusyTracker,
        inTerminal: ActionSession.TerminalRun? = nil, report: @escaping @MainActor (ActionReport) -> Void
    ) -> ActionStart {
        let state = actionState
        guard let record = actionRecord(for: rowID) else { return .refused(ActionFailure(.usage, "the row isn't a record")) }
        if case .setTitle(let title) = action.effect {
            let text = ActionValues(record: record, inputs: inputs).text(title).sanitizedForTerminal.trimmingWhitespace
            return setListTitle(text) ? .started : .refused(ActionFailure(.usage, "\(listTitle) has no title that '\(action.name)' could set"))
        }
        guard let session = state.session else {
            return .refused(ActionFailure(.refused, "\(listTitle) can't be reached as configured, so its actions can't run"))
        }
        if let refused = session.refusal(of: action, for: record) { return .refused(refused) }
        if case .http(let http) = action.effect, let fields = http.optimistic {
            runOptimistic(action, fields, on: rowID, session: session, busy: busy)
            return .started
        }
        guard state.pending.begin(action.name, on: rowID) else { return .pending }
        onEvent(.changed)
        busy.task { [weak self] in
            let result = await session.run(action, ActionValues(record: record, inputs: inputs), inTerminal: inTerminal)
            guard let self else { return }
            let ending: ActionReport
            switch result {
            case .success(let outcome):
                if let problem = await self.apply(outcome, to: rowID) {
                    ending = .failed("\(action.title): done, but \(problem)")
                } else {
                    ending = Self.report(action, outcome)
                }
            case .failure(let failure):
                ending = .failed("\(action.title) failed: \(failure.message)")
            }
            state.pending.end(action.name, on: rowID)
            if case .failed = ending {
                state.flash(rowID, busy: busy) { [weak self] in self?.onEvent(.changed) }
            }
            self.onEvent(.changed)
            report(ending)
        }
        return .started
    }

    /// What the screen says when `action` worked.
    private static func report(_ action: RecordAction, _ outcome: ActionOutcome) -> ActionReport {
        switch outcome {
        case .updated, .refetch: return .done("\(action.title): done")
        case .removed: return .done("\(action.title): done, the row is gone")
        case .ran(let result):
            guard case .command(let command) = action.effect else { return .done("\(action.title): done") }
            switch command.mode {
            case .output: return .output(title: action.title, result: result)
            case .terminal, .background:
                return result.status == 0 ? .done("\(action.title): ended (exit 0)") : .failed("\(action.title) ended with exit status \(result.status)")
            }
        }
    }
}
