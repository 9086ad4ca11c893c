import RoloCore

/// What showing and searching a list of foods needs, worked out once per answer off the main
/// actor: the rows' index by id and each food's folded search text.
struct FoodsList: Sendable {
    /// Every food, in the server's order.
    let layout: RowLayout
    /// The folded search texts, made after the list is shown.
    let search: PendingSearchIndex

    static let empty = FoodsList(layout: RowLayout(ids: []), search: PendingSearchIndex(SearchIndex(keys: [])))

    /// Prepares `foods` on the concurrent executor, never on the caller's actor.
    @concurrent
    static func prepare(_ foods: [Food]) async -> FoodsList {
        await HeavyWork.run { FoodsList(
            layout: RowLayout(ids: foods.map(\.id)),
            search: PendingSearchIndex(count: foods.count) { foods[$0].searchKey }) }
    }

    /// The rows of the foods whose name, description or country holds `term` (case- and
    /// accent-insensitive); nil when cancelled.
    @concurrent
    func matching(_ term: String) async -> RowLayout? {
        let index = await search.index
        guard !Task.isCancelled else { return nil }
        return index.positions(matching: term, everyWord: Food.searchesEveryWord).map(layout.showing)
    }
}
