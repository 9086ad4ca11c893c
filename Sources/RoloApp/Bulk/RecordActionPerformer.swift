import RoloCore

/// One record a bulk run acts on: its row id, its name as the list shows it, and its values.
struct BulkItem: Sendable, Equatable {
    let id: String
    let label: String
    let record: JSONValue
}

/// Does one action on one record, as its key on a single row would: the request under the
/// runner's retry rules (or the command), then the list brought up to date from the outcome.
/// A bulk run calls it for each marked record.
protocol RecordActionPerformer: Sendable {
    /// Runs `action` on `item` with the inputs the user gave once for the whole run.
    func perform(_ action: RecordAction, on item: BulkItem, inputs: [String: String]) async -> Result<ActionOutcome, ActionFailure>
}

/// A source's ``ActionSession`` and its ``ConfiguredActions/apply(_:to:)``, as one record's run:
/// what a single row's key does, without the asking.
struct SessionPerformer: RecordActionPerformer {
    let session: ActionSession
    /// What a run that worked does to the list; why that failed, if it did.
    let apply: @MainActor @Sendable (ActionOutcome, String) async -> String?

    func perform(_ action: RecordAction, on item: BulkItem, inputs: [String: String]) async -> Result<ActionOutcome, ActionFailure> {
        let outcome: ActionOutcome
        switch await session.run(action, ActionValues(record: item.record, inputs: inputs)) {
        case .failure(let failure): return .failure(failure)
        case .success(.ran(let result)) where result.status != 0: return .failure(Self.failure(of: result))
        case .success(let done): outcome = done
        }
        if let problem = await apply(outcome, item.id) { return .failure(ActionFailure(.request, "done, but \(problem)")) }
        return .success(outcome)
    }

    /// A command that ended badly, with the last line it wrote.
    static func failure(of result: CommandResult) -> ActionFailure {
        let said = result.output.split(whereSeparator: \.isNewline).last.map { ": " + String($0).sanitizedForTerminal } ?? ""
        return ActionFailure(.command, "exited with status \(result.status)\(said)")
    }
}

/// An `optimistic` action on one record of a bulk run, as its key would run it: the row shows
/// the fields at once, the server's answer decides, and a failure shows the row as it was.
struct OptimisticPerformer: RecordActionPerformer {
    /// Writes the action's fields on the record with that row id.
    let write: @MainActor @Sendable (String) async -> Result<ActionOutcome, ActionFailure>

    func perform(_ action: RecordAction, on item: BulkItem, inputs: [String: String]) async -> Result<ActionOutcome, ActionFailure> {
        await write(item.id)
    }
}

extension ConfiguredActions {
    /// The record behind row `id` as a bulk run holds it, if the list has it now.
    func bulkItem(forRowID id: String) -> BulkItem? {
        actionRecord(for: id).map { BulkItem(id: id, label: actionLabel(for: id), record: $0) }
    }

    /// What runs `action` on each marked record (an `optimistic` one by its rules, tracked by
    /// `busy`); why it can't run at all (read-only mode and a write, a source that can't be
    /// reached as configured).
    func bulkPerformer(for action: RecordAction, busy: BusyTracker) -> Result<any RecordActionPerformer, ActionFailure> {
        guard let session = actionState.session else {
            return .failure(ActionFailure(.refused, "\(listTitle) can't be reached as configured, so its actions can't run"))
        }
        if let refused = session.runner.readOnlyRefusal(of: action) { return .failure(refused) }
        if case .http(let http) = action.effect, let fields = http.optimistic {
            return .success(OptimisticPerformer { [weak self] id in
                await self?.runOptimisticMarked(action, fields, on: id, session: session, busy: busy)
                    ?? .failure(ActionFailure(.usage, "the list is gone"))
            })
        }
        return .success(SessionPerformer(session: session) { [weak self] outcome, id in
            await self?.apply(outcome, to: id)
        })
    }

    /// The request (or command) `action` makes for `item`, in one line for the confirmation.
    func describe(_ action: RecordAction, for item: BulkItem, inputs: [String: String]) -> Result<String, ActionFailure> {
        guard let session = actionState.session else {
            return .failure(ActionFailure(.refused, "\(listTitle) can't be reached as configured, so its actions can't run"))
        }
        return session.describe(action, ActionValues(record: item.record, inputs: inputs))
    }
}

/// A source that says which records it holds, whatever its list shows now: marks are checked
/// against it when a load ends.
@MainActor
protocol MarkedRecords: SourceModel {
    /// Which of `ids` the source has records of, whether or not a search shows them.
    func recordIDs(among ids: Set<String>) -> Set<String>
}

extension RecordListModel: MarkedRecords {
    func recordIDs(among ids: Set<String>) -> Set<String> {
        guard let store else { return [] }
        return window?.attempt { try store.storedIDs(among: ids) } ?? []
    }
}
