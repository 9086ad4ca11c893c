import RoloCore

/// Foods' actions: rolo's like and unlike (``FoodsSource/shippedActions``) and the user's
/// `[[actions]] source = "foods"`. A food is as `rolo dump foods` writes it, its like as the row
/// shows it (one still being sent counts).
extension FoodsViewModel: ShippedRecordActions {
    /// The field like and unlike write at once (`optimistic`), which the rows show from the
    /// writes not yet confirmed.
    static let likedField = "liked"

    /// `food` with the like the user wants, where a write of it isn't confirmed yet.
    static func shown(_ food: Food, liked: [String: JSONValue]) -> Food {
        guard case .bool(let wanted)? = liked[food.id] else { return food }
        var shown = food
        shown.isLiked = wanted
        return shown
    }

    public var shippedActionsReady: Bool { service != nil && confirmed != nil }

    public func actionRecord(for rowID: String) -> JSONValue? {
        food(withID: rowID).map { DumpSchemas.foods.actionRecord(Self.shown($0, liked: actionState.optimistic.intended(Self.likedField))) }
    }

    public func confirmedActionRecord(for rowID: String) -> JSONValue? {
        food(withID: rowID).map(DumpSchemas.foods.actionRecord)
    }

    public func actionLabel(for rowID: String) -> String {
        food(withID: rowID)?.name ?? rowID
    }

    /// Keeps the like the server has just saved, so the list shows it until the next answer.
    public func confirmWrite(_ fields: JSONValue, on rowID: String) {
        guard case .bool(let liked)? = fields[Self.likedField], let index = prepared.layout.position(ofRowID: rowID),
              index < confirmed?.count ?? 0 else { return }
        confirmed?[index].isLiked = liked
    }

    public func optimisticChanged() {
        rebuildEntries()
        onEvent(.changed)
    }
}

/// Marks are checked against the foods the list holds, whatever a search shows: a refresh that
/// no longer lists a food drops its mark.
extension FoodsViewModel: MarkedRecords {
    func recordIDs(among ids: Set<String>) -> Set<String> {
        ids.filter { food(withID: $0) != nil }
    }
}
