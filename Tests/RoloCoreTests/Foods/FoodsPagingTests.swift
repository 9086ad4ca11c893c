import Foundation
import RoloCore
import Testing

@Suite("FoodsPaging: when a paged foods list has ended")
struct FoodsPagingTests {
    private func foods(_ ids: ClosedRange<Int>) -> [Food] {
        ids.map { Food(id: String($0), name: "Food \($0)") }
    }

    private func page(_ number: Int, _ ids: ClosedRange<Int>?, total: Int?, skipped: Int = 0) -> FoodsPage {
        let records = ids.map(foods) ?? []
        let unread = (0..<skipped).map { SkippedRecord(index: records.count + $0, problem: DecodingProblem.missing("id")) }
        return FoodsPage(foods: DecodedList(records: records, skipped: unread), totalCount: total, number: number)
    }

    /// Adds pages while the paging asks for them, each from `server`; returns the foods handed back.
    private func read(_ paging: inout FoodsPaging, from server: (Int) -> FoodsPage) -> [Food] {
        var read: [Food] = []
        while let next = paging.nextPage { read += paging.add(server(next)) }
        return read
    }

    @Test("A whole list (the 2023 API) is one answer and ends")
    func whole() {
        var paging = FoodsPaging()
        #expect(paging.nextPage == 0)
        let added = paging.add(FoodsPage(foods: DecodedList(records: foods(1...4))))
        #expect(added.map(\.id) == ["1", "2", "3", "4"])
        #expect(paging.isComplete)
        #expect(paging.end == .whole)
        #expect(paging.loaded == 4)
        #expect(paging.shortfall == nil)
    }

    @Test("Pages are asked in turn until totalCount foods are loaded, a short last page included")
    func reachesTotal() {
        var paging = FoodsPaging()
        let read = read(&paging) { number in
            page(number, number <= 5 ? (number * 10 + 1)...min(57, number * 10 + 10) : nil, total: 57)
        }
        #expect(read.map(\.id) == (1...57).map(String.init))
        #expect(paging.pagesRead == 6, "pages 0 to 5; page 6 is never asked for")
        #expect(paging.end == .reachedTotal)
        #expect(paging.totalCount == 57)
        #expect(!paging.isShort)
    }

    @Test("A list that divides into whole pages ends without asking for an empty one")
    func exactPages() {
        var paging = FoodsPaging()
        _ = read(&paging) { number in page(number, (number * 10 + 1)...(number * 10 + 10), total: 40) }
        #expect(paging.pagesRead == 4)
        #expect(paging.end == .reachedTotal)
    }

    @Test("An empty page ends the list, even when totalCount promised more, and says so")
    func emptyPage() {
        var paging = FoodsPaging()
        let read = read(&paging) { number in page(number, number < 2 ? (number * 10 + 1)...(number * 10 + 10) : nil, total: 100) }
        #expect(read.count == 20)
        #expect(paging.end == .emptyPage)
        #expect(paging.pagesRead == 3)
        #expect(paging.isShort)
        #expect(paging.shortfall == "counts 100 foods but sent 20, then an empty page")
    }

    @Test("Without a totalCount the pages go on until an empty one")
    func noCount() {
        var paging = FoodsPaging()
        let read = read(&paging) { number in page(number, number < 3 ? (number * 10 + 1)...(number * 10 + 10) : nil, total: nil) }
        #expect(read.count == 30)
        #expect(paging.end == .emptyPage)
        #expect(paging.shortfall == nil)
    }

    @Test("A page that repeats the one before (a server that clamps its page number) ends the list")
    func repeatedPage() {
        var paging = FoodsPaging()
        let read = read(&paging) { number in page(number, (min(number, 2) * 10 + 1)...(min(number, 2) * 10 + 10), total: nil) }
        #expect(read.count == 30)
        #expect(paging.end == .repeatedPage)
        #expect(paging.pagesRead == 4)
    }

    @Test("A page overlapping the one before (a food added meanwhile) adds only the new foods")
    func overlap() {
        var paging = FoodsPaging()
        #expect(paging.add(page(0, 1...10, total: 21)).count == 10)
        #expect(paging.add(page(1, 10...19, total: 21)).map(\.id) == (11...19).map(String.init))
        #expect(paging.nextPage == 2)
        #expect(paging.add(page(2, 20...21, total: 21)).count == 2)
        #expect(paging.end == .reachedTotal)
        #expect(paging.loaded == 21)
    }

    @Test("Unreadable foods count toward totalCount, and are indexed from the list's start")
    func skipped() {
        var paging = FoodsPaging()
        paging.add(page(0, 1...8, total: 15, skipped: 2))
        #expect(paging.nextPage == 1)
        paging.add(page(1, 9...12, total: 15, skipped: 1))
        #expect(paging.isComplete)
        #expect(paging.end == .reachedTotal)
        #expect(paging.skipped.map(\.index) == [8, 9, 14])
    }

    @Test("A page of only unreadable foods isn't a repeat: the next page is asked for")
    func unreadablePage() {
        var paging = FoodsPaging()
        paging.add(page(0, 1...10, total: 30))
        paging.add(page(1, nil, total: 30, skipped: 10))
        #expect(paging.nextPage == 2)
    }

    @Test("A server that never runs dry still ends, at the page limit")
    func pageLimit() {
        var paging = FoodsPaging()
        let read = read(&paging) { number in page(number, (number * 10 + 1)...(number * 10 + 10), total: Int.max) }
        #expect(paging.pagesRead == FoodsPaging.pageLimit)
        #expect(read.count == FoodsPaging.pageLimit * 10)
        #expect(paging.end == .pageLimit)
        #expect(paging.shortfall?.hasSuffix("in \(FoodsPaging.pageLimit) pages, where rolo stops") == true)
    }

    @Test("Nothing is added once the list has ended")
    func afterEnd() {
        var paging = FoodsPaging()
        paging.add(page(0, 1...3, total: 3))
        #expect(paging.add(page(1, 4...6, total: 6)).isEmpty)
        #expect(paging.loaded == 3)
    }
}
