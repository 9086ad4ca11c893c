import RoloCore

/// The user's `[[actions]] source = "foods"`: a food as `rolo dump foods` writes it, its like as
/// the row shows it (a like still being sent counts).
extension FoodsViewModel: BuiltInRecordActions {
    public func actionRecord(for rowID: String) -> JSONValue? {
        guard var food = food(withID: rowID) else { return nil }
        food.isLiked = likes.shown(rowID, confirmed: food.isLiked)
        return DumpSchemas.foods.actionRecord(food)
    }

    public func actionLabel(for rowID: String) -> String {
        food(withID: rowID)?.name ?? rowID
    }
}
