import RoloCore

/// Where one record of a bulk run is.
enum BulkRowState: Sendable, Equatable {
    /// Waiting for its turn or its answer.
    case pending
    /// The server said yes.
    case done
    /// It failed, and why.
    case failed(ActionFailure)
    /// The run was stopped before its turn.
    case notRun
}

/// One action run on many marked records: a few at a time (``BulkEngine``), each record's state
/// as it goes, and the failed ones run again on request with the same inputs.
@MainActor
final class BulkRun {
    /// What runs.
    let action: RecordAction
    /// The inputs given once for every record.
    let inputs: [String: String]
    /// The source whose records these are.
    let sourceID: SourceID
    /// The records, in list order.
    let items: [BulkItem]
    /// Each record's state, by row id.
    private(set) var states: [String: BulkRowState] = [:]
    /// The records of the pass running now (all of them, or the failed ones again).
    private(set) var pass: [BulkItem] = []
    /// How many of the pass have ended.
    private(set) var finished = 0
    /// Called on the main actor whenever a state changes, and once when a pass ends.
    var onChange: () -> Void = {}
    private var task: Task<Void, Never>?
    /// Whether ``stop()`` was asked during the current pass.
    private var stopping = false
    private let performer: any RecordActionPerformer
    private let busy: BusyTracker
    private let limit: Int

    init(action: RecordAction, inputs: [String: String], sourceID: SourceID, items: [BulkItem],
         performer: any RecordActionPerformer, busy: BusyTracker, limit: Int = BulkEngine.defaultLimit) {
        self.action = action
        self.inputs = inputs
        self.sourceID = sourceID
        self.items = items
        self.performer = performer
        self.busy = busy
        self.limit = limit
    }

    /// Whether a pass is running.
    var isRunning: Bool { task != nil }

    /// Runs the action on every record.
    func start() {
        run(items)
    }

    /// Runs the action again on the records that failed (and those a stop left out), with the
    /// same inputs; nothing while a pass runs or when none failed.
    func retryFailed() {
        guard !isRunning else { return }
        let again = items.filter { item in
            switch states[item.id] {
            case .failed, .notRun: true
            default: false
            }
        }
        guard !again.isEmpty else { return }
        run(again)
    }

    /// Starts no more records; those sent already are answered and counted.
    func stop() {
        stopping = true
    }

    private func run(_ batch: [BulkItem]) {
        pass = batch
        finished = 0
        stopping = false
        for item in batch { states[item.id] = .pending }
        let (performer, action, inputs, limit) = (self.performer, self.action, self.inputs, self.limit)
        task = busy.task { [weak self] in
            let results = await BulkEngine.run(batch, limit: limit, work: { item in
                await performer.perform(action, on: item, inputs: inputs)
            }, finished: { index, result in
                self?.ended(batch[index], result)
            }, stop: { self?.stopping ?? true })
            guard let self else { return }
            for (item, result) in zip(batch, results) where result == nil { self.states[item.id] = .notRun }
            self.task = nil
            self.onChange()
        }
        onChange()
    }

    private func ended(_ item: BulkItem, _ result: Result<ActionOutcome, ActionFailure>) {
        finished += 1
        switch result {
        case .success: states[item.id] = .done
        case .failure(let failure): states[item.id] = .failed(failure)
        }
        onChange()
    }

    /// The state of row `id`, if it is one of this run's.
    func state(of id: String) -> BulkRowState? {
        states[id]
    }

    /// The records that failed, in list order, with why.
    var failed: [(item: BulkItem, failure: ActionFailure)] {
        items.compactMap { item in
            if case .failed(let failure) = states[item.id] { (item, failure) } else { nil }
        }
    }

    /// The records of a state, in list order.
    func items(in state: BulkRowState) -> [BulkItem] {
        items.filter { states[$0.id] == state }
    }

    /// How many of the current pass failed so far.
    var failedInPass: Int {
        pass.count { if case .failed = states[$0.id] { true } else { false } }
    }

    /// The status line while a pass runs: "close 37/100 · 3 failed".
    var progressText: String {
        let failures = failedInPass
        return "\(action.name) \(finished)/\(pass.count)" + (failures > 0 ? " · \(failures) failed" : "")
    }

    /// The results' title: "close: 90 done, 10 failed".
    var summary: String {
        var parts = ["\(items(in: .done).count) done"]
        let failures = failed.count
        if failures > 0 { parts.append("\(failures) failed") }
        let left = items(in: .notRun).count
        if left > 0 { parts.append("\(left) not run") }
        let pending = items(in: .pending).count
        if pending > 0 { parts.append("\(pending) running") }
        return "\(action.name): " + parts.joined(separator: ", ")
    }
}
