/// The optimistic state of a write on many records: what the user wants, what is being sent,
/// and which list answers may be believed about which record. `Value` is what the write
/// changes (a `Bool`; a declared action's fields, ``OptimisticWrites``).
///
/// The list a source keeps holds what the server last confirmed; this ledger holds everything
/// not yet confirmed. The rules:
///
/// 1. A press sets the *intended* value of a record at once (the screen shows the intent).
/// 2. At most one request per record is in flight. A press while one is in flight only changes
///    the intent; when the request returns and the intent differs from what the server now has,
///    one more is sent for the final intent (last intent wins). Presses that return to the
///    server's value send nothing more: nothing is sent twice for nothing.
/// 3. A request that succeeds becomes the confirmed value; when nothing more is to be sent for
///    the record, the list reloads.
/// 4. A request that fails drops the intent, so the record shows what the server last
///    confirmed; the list reloads, because a timed-out request may still have been applied.
/// 5. A list answer is authoritative for a record only when its request started after the
///    record's last write completed and no write for it is in flight. Otherwise the answer's
///    other fields are taken but the value keeps its confirmed state, and the intent stays on top.
/// 6. At rest (nothing in flight, no intents) the screen is the last server answer.
struct OptimisticLedger<Value: Equatable & Sendable>: Sendable {
    /// What the user wants, for each record with a request in flight; nil for every other one.
    private(set) var intent: [String: Value] = [:]
    /// The value of the request in flight, for each record that has one.
    private(set) var sending: [String: Value] = [:]
    /// A counter of events, so a list request's start can be ordered against write completions.
    private var sequence = 0
    /// When each record's last write completed, on the `sequence` scale.
    private var completedAt: [String: Int] = [:]

    /// What happens after a request returned.
    enum Next: Equatable, Sendable {
        /// Send one more request with this value: the user changed their mind meanwhile.
        case send(Value)
        /// Nothing more for this record; reload the list to learn the server's truth.
        case reload
    }

    /// Whether anything is in flight or wanted.
    var isAtRest: Bool { sending.isEmpty && intent.isEmpty }

    /// The value record `id` shows: the intent where there is one, else `confirmed`.
    func shown(_ id: String, confirmed: Value) -> Value {
        intent[id] ?? confirmed
    }

    /// The user asked for `wanted` on record `id`. Returns the value to send now, or nil when a
    /// request is already in flight and will pick up the new intent.
    mutating func press(_ id: String, wanting wanted: Value) -> Value? {
        intent[id] = wanted
        guard sending[id] == nil else { return nil }
        sending[id] = wanted
        return wanted
    }

    /// The request for `id` returned; `confirmed` is the server's value now (the value sent on
    /// success, the previous confirmed value on failure). Returns what to do next.
    mutating func finished(_ id: String, succeeded: Bool, confirmed: Value) -> Next {
        sending[id] = nil
        sequence += 1
        completedAt[id] = sequence
        if succeeded, let wanted = intent[id], wanted != confirmed {
            sending[id] = wanted
            return .send(wanted)
        }
        intent[id] = nil
        return .reload
    }

    /// A list request starts; the token orders its answer against write completions.
    mutating func reloadStarted() -> Int {
        sequence += 1
        return sequence
    }

    /// Whether an answer to the list request started at `token` may be believed about `id`'s value.
    func isAuthoritative(for id: String, startedAt token: Int) -> Bool {
        sending[id] == nil && (completedAt[id] ?? 0) < token
    }

    /// Exactly the ids `isAuthoritative` says no to for a list request started at `token`.
    func doubtful(startedAt token: Int) -> Set<String> {
        Set(sending.keys).union(completedAt.filter { $0.value >= token }.keys)
    }

    /// The server's answer with each record's value kept from `current` where the answer can't
    /// be believed about it (rule 5); records new to the list take the answer's value.
    ///
    /// Only the few records with a write in flight or just confirmed are looked at, so an answer
    /// of 200,000 records costs nothing here when no write is pending.
    func merge<Record>(_ answer: [Record], over current: [Record], startedAt token: Int,
                       id: KeyPath<Record, String>, value: WritableKeyPath<Record, Value>) -> [Record] {
        let doubtful = doubtful(startedAt: token)
        guard !doubtful.isEmpty else { return answer }
        let known = Dictionary(current.lazy.filter { doubtful.contains($0[keyPath: id]) }.map { ($0[keyPath: id], $0[keyPath: value]) },
                               uniquingKeysWith: { first, _ in first })
        return answer.map { record in
            guard doubtful.contains(record[keyPath: id]), let confirmed = known[record[keyPath: id]] else { return record }
            var merged = record
            merged[keyPath: value] = confirmed
            return merged
        }
    }
}
