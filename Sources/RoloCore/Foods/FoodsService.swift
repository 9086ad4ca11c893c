/// The OpenFoods list, as the foods view-model reads it; tests give it a fake. Likes are
/// declared actions (``FoodsSource/shippedActions``), sent as any action is.
public protocol FoodsService: Sendable {
    /// Page `number` of the list, from 0; throws ``FetchError``. From a server without pages
    /// (the 2023 API) page 0 is the whole list, with a nil ``FoodsPage/number``.
    func page(_ number: Int) async throws -> FoodsPage
}

extension FoodsService {
    /// Every food that could be read, in the server's order, and the ones skipped: page after
    /// page, one request at a time, until ``FoodsPaging`` says the list has ended.
    public func foods() async throws -> DecodedList<Food> {
        let read = try await allPages()
        return DecodedList(records: read.foods, skipped: read.paging.skipped)
    }

    /// Every food, as ``foods()`` reads them, with how many pages were read and why they
    /// ended; `progress` sees the paging after each page.
    public func allPages(
        progress: (FoodsPaging) -> Void = { _ in }
    ) async throws -> (foods: [Food], paging: FoodsPaging) {
        var paging = FoodsPaging()
        var foods: [Food] = []
        while let next = paging.nextPage {
            foods += paging.add(try await page(next))
            progress(paging)
        }
        return (foods, paging)
    }
}
