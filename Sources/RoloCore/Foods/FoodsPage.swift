/// One answer of the foods list: the whole list from the 2023 API (`GET food`), or one page of
/// the 2025 API (`GET food/<page>` → `{"foods": [...], "totalCount": N}`).
public struct FoodsPage: Sendable, Equatable {
    /// The foods of this answer, in the server's order, and the ones that couldn't be read.
    public var foods: DecodedList<Food>
    /// The server's `totalCount`, the foods of every page together; nil when it didn't say.
    public var totalCount: Int?
    /// Which page this is, from 0; nil when the answer is the whole list and there are no pages.
    public var number: Int?

    /// Creates an answer from already-decoded parts.
    public init(foods: DecodedList<Food>, totalCount: Int? = nil, number: Int? = nil) {
        self.foods = foods
        self.totalCount = totalCount
        self.number = number
    }

    /// How many records the answer held, read or not: what `totalCount` counts.
    var recordCount: Int { foods.records.count + foods.skipped.count }
}
