import RoloCore

/// What showing and searching a list of foods needs, worked out once per answer off the main
/// actor: the rows' index by id and each food's folded search text.
struct FoodsList: Sendable {
    /// Every food, in the server's order.
    let layout: RowLayout
    let search: SearchIndex

    static let empty = FoodsList(layout: RowLayout(ids: []), search: SearchIndex(keys: []))

    /// Prepares `foods` on the concurrent executor, never on the caller's actor.
    @concurrent
    static func prepare(_ foods: [Food]) async -> FoodsList {
        await HeavyWork.run { FoodsList(
            layout: RowLayout(ids: foods.map(\.id)),
            search: SearchIndex(count: foods.count) { position in
                let food = foods[position]
                let country = food.countryCode.map { [$0, Country.name(for: $0) ?? ""] } ?? []
                return SearchKey.fold([food.name, food.description] + country)
            }) }
    }

    /// The rows of the foods whose name, description or country holds `term` (case- and
    /// accent-insensitive); nil when cancelled.
    @concurrent
    func matching(_ term: String) async -> RowLayout? {
        search.positions(matching: term).map(layout.showing)
    }
}
