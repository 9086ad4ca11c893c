/// The OpenFoods API, as the foods view-model needs it; tests give it a fake.
public protocol FoodsService: Sendable {
    /// Every food that could be read, in the server's order, and the ones skipped; throws
    /// ``FetchError``.
    func foods() async throws -> DecodedList<Food>
    /// Likes (`true`) or unlikes (`false`) the food `foodID`; returns once the server has saved
    /// it, throws ``FetchError`` otherwise.
    func setLiked(_ liked: Bool, foodID: String) async throws
}
