import RoloCore

/// Actions with `optimistic` fields: the row shows them at once and the server's answer decides,
/// by ``OptimisticLedger``'s rules. A failure shows the confirmed fields again, flashes the row
/// and says why in the source's banner; the record is then read again, as it is when nothing
/// more is to be sent.
extension ConfiguredActions {
    /// Starts `action`, whose `optimistic` is `fields`, on `rowID`: the press is the intent; it
    /// is sent now unless a write of the same fields of the record is in flight, whose answer
    /// then sends the last intent if the server doesn't hold it yet.
    func runOptimistic(_ action: RecordAction, _ fields: JSONValue, on rowID: String, session: ActionSession, busy: BusyTracker) {
        let send = actionState.optimistic.press(rowID, wanting: fields)
        actionState.flash(rowID, busy: busy) { [weak self] in self?.onEvent(.changed) }
        optimisticChanged()
        guard let send else { return }
        busy.task { [weak self] in
            _ = await self?.writeOptimistic(send, preferring: action, on: rowID, session: session, busy: busy, alone: true)
        }
    }

    /// `action`, whose `optimistic` is `fields`, on one marked record `rowID` of a bulk run: the
    /// row shows the fields at once and the server's answer is the record's result. A record
    /// whose write of them is still in flight (its key was just pressed) isn't sent again: its
    /// result says so, and the results' retry sends it once that write is answered.
    func runOptimisticMarked(_ action: RecordAction, _ fields: JSONValue, on rowID: String, session: ActionSession,
                             busy: BusyTracker) async -> Result<ActionOutcome, ActionFailure> {
        guard !actionState.optimistic.isSending(rowID), let send = actionState.optimistic.press(rowID, wanting: fields) else {
            return .failure(ActionFailure(.request, "a write of it was still being sent — retry once it is answered"))
        }
        optimisticChanged()
        return await writeOptimistic(send, preferring: action, on: rowID, session: session, busy: busy, alone: false)
    }

    /// The action that writes `fields`: `preferred` when it does, else another of the source's.
    private func action(writing fields: JSONValue, preferring preferred: RecordAction) -> RecordAction? {
        ([preferred] + allActions).first { action in
            if case .http(let http) = action.effect { return http.optimistic == fields }
            return false
        }
    }

    /// Sends the write of `fields` on `rowID` and takes its answer; returns the answer. A key
    /// pressed `alone` says a failure in the banner and flashes the row; a bulk run's record
    /// has its results line and its mark for that.
    private func writeOptimistic(_ fields: JSONValue, preferring preferred: RecordAction, on rowID: String,
                                 session: ActionSession, busy: BusyTracker, alone: Bool) async -> Result<ActionOutcome, ActionFailure> {
        let result: Result<ActionOutcome, ActionFailure>
        let action = action(writing: fields, preferring: preferred)
        if let action, let record = confirmedActionRecord(for: rowID) {
            result = await session.run(action, ActionValues(record: record))
        } else {
            result = .failure(ActionFailure(.usage, "the record is gone"))
        }
        optimisticAnswered(result, fields, action ?? preferred, rowID, session, busy, alone: alone)
        return result
    }

    private func optimisticAnswered(_ result: Result<ActionOutcome, ActionFailure>, _ fields: JSONValue, _ action: RecordAction,
                                    _ rowID: String, _ session: ActionSession, _ busy: BusyTracker, alone: Bool) {
        var failure: ActionFailure?
        if case .failure(let reason) = result { failure = reason }
        if failure == nil { confirmWrite(fields, on: rowID) }
        let next = actionState.optimistic.finished(rowID, fields, succeeded: failure == nil,
                                                   confirmed: confirmedFields(like: fields, of: rowID) ?? fields)
        if let failure, alone {
            onEvent(.banner(failure.message.sanitizedForTerminal.endingInTryAgain, isError: true))
            actionState.flash(rowID, busy: busy) { [weak self] in self?.onEvent(.changed) }
        }
        optimisticChanged()
        switch next {
        case .send(let wanted):
            busy.task { [weak self] in
                _ = await self?.writeOptimistic(wanted, preferring: action, on: rowID, session: session, busy: busy, alone: true)
            }
        case .reload: busy.task { [weak self] in _ = await self?.apply(.refetch, to: rowID) }
        }
    }

    /// The confirmed record's values of `fields`' names.
    private func confirmedFields(like fields: JSONValue, of rowID: String) -> JSONValue? {
        guard case .object(let members) = fields, let record = confirmedActionRecord(for: rowID) else { return nil }
        return .object(members.map { JSONMember($0.key, record[$0.key] ?? .null) })
    }
}

extension String {
    /// A failed write's text ending in " — try again" once (the key again is the retry), in the
    /// place of an "r to retry" it had.
    var endingInTryAgain: String {
        let hint = " — try again"
        let text = withoutKeyHint
        return (text.hasSuffix(hint) ? String(text.dropLast(hint.count)) : text) + hint
    }
}
