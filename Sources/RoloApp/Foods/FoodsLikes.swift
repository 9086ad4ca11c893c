import RoloCore

/// The like state machine of the foods source: what the user wants, what is being sent, and
/// which list answers may be believed about which food.
///
/// The foods list the view-model keeps holds what the server last confirmed; this ledger holds
/// everything not yet confirmed. The rules:
///
/// 1. A press flips the *intended* state of a food at once (the screen shows the intent).
/// 2. At most one PUT per food is in flight. A press while one is in flight only changes the
///    intent; when the PUT returns and the intent differs from what the server now has, one more
///    PUT is sent for the final intent (last intent wins). Presses that return to the server's
///    state send nothing more: nothing is sent twice for nothing.
/// 3. A PUT that succeeds becomes the confirmed state; when nothing more is to be sent for the
///    food, the list reloads.
/// 4. A PUT that fails drops the intent, so the food shows what the server last confirmed; the
///    list reloads, because a timed-out PUT may still have been saved.
/// 5. A list answer is authoritative for a food only when its request started after the food's
///    last PUT completed and no PUT for the food is in flight. Otherwise the answer's other fields
///    are taken but the like keeps its confirmed value, and the intent stays on top of it.
/// 6. At rest (nothing in flight, no intents) the screen is the last server answer.
struct FoodsLikes {
    /// What the user wants, for each food with a PUT in flight; nil for every other food.
    private(set) var intent: [String: Bool] = [:]
    /// The value of the PUT in flight, for each food that has one.
    private(set) var sending: [String: Bool] = [:]
    /// A counter of events, so a list request's start can be ordered against PUT completions.
    private var sequence = 0
    /// When each food's last PUT completed, on the `sequence` scale.
    private var completedAt: [String: Int] = [:]

    /// What happens after a PUT returned.
    enum Next: Equatable {
        /// Send one more PUT with this value: the user changed their mind meanwhile.
        case send(Bool)
        /// Nothing more for this food; reload the list to learn the server's truth.
        case reload
    }

    /// Whether anything is in flight or wanted.
    var isAtRest: Bool { sending.isEmpty && intent.isEmpty }

    /// The like a food shows: the intent where there is one, else the confirmed value.
    func shown(_ food: Food) -> Bool {
        intent[food.id] ?? food.isLiked
    }

    /// The user pressed like on `food` (whose `isLiked` is the confirmed value). Returns the value
    /// to PUT now, or nil when a PUT is already in flight and will pick up the new intent.
    mutating func press(_ food: Food) -> Bool? {
        let wanted = !shown(food)
        intent[food.id] = wanted
        guard sending[food.id] == nil else { return nil }
        sending[food.id] = wanted
        return wanted
    }

    /// The PUT for `id` returned; `confirmed` is the server's like now (the value sent on success,
    /// the previous confirmed value on failure). Returns what to do next.
    mutating func finished(_ id: String, succeeded: Bool, confirmed: Bool) -> Next {
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

    /// A list request starts; the token orders its answer against PUT completions.
    mutating func reloadStarted() -> Int {
        sequence += 1
        return sequence
    }

    /// Whether an answer to the list request started at `token` may be believed about `id`'s like.
    func isAuthoritative(for id: String, startedAt token: Int) -> Bool {
        sending[id] == nil && (completedAt[id] ?? 0) < token
    }

    /// The server's answer with each food's like kept from `current` where the answer can't be
    /// believed about it (rule 5); foods new to the list take the answer's value.
    ///
    /// Only the few foods with a like in flight or just confirmed are looked at, so an answer of
    /// 200,000 foods costs nothing here when no like is pending.
    func merge(_ answer: [Food], over current: [Food], startedAt token: Int) -> [Food] {
        // Exactly the ids `isAuthoritative` says no to.
        let doubtful = Set(sending.keys).union(completedAt.filter { $0.value >= token }.keys)
        guard !doubtful.isEmpty else { return answer }
        let known = Dictionary(current.lazy.filter { doubtful.contains($0.id) }.map { ($0.id, $0.isLiked) },
                               uniquingKeysWith: { first, _ in first })
        return answer.map { food in
            guard doubtful.contains(food.id), let confirmed = known[food.id] else { return food }
            var merged = food
            merged.isLiked = confirmed
            return merged
        }
    }
}
