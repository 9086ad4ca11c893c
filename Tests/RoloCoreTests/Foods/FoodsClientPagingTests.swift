import Foundation
import RoloCore
import Testing

@Suite("FoodsClient tells the 2023 API from the paged 2025 one by itself")
struct FoodsClientPagingTests {
    private let base = URL(string: "http://127.0.0.1:8080/foods/api/v1/user-42")!
    private let foodPath = "/foods/api/v1/user-42/food"

    private func client(_ answers: [String: FakeHTTPClient.Answer]) -> (FoodsClient, FakeHTTPClient) {
        let http = FakeHTTPClient(answers)
        return (FoodsClient(baseURL: base, http: http, timeout: 9), http)
    }

    /// `{"foods": [...], "totalCount": total}` with foods of the given ids.
    private func envelope(_ ids: some Sequence<Int>, total: Int) throws -> Data {
        let foods = ids.map { ["id": $0, "name": "Food \($0)"] as [String: Any] }
        return try JSONSerialization.data(withJSONObject: ["foods": foods, "totalCount": total])
    }

    /// The 2025 server: 404 with Express's page for `GET food`, pages of 10 of `total` foods.
    private func pagedServer(total: Int) throws -> [String: FakeHTTPClient.Answer] {
        var answers: [String: FakeHTTPClient.Answer] = [
            foodPath: .respond(404, try Fixture.data("foods/express-cannot-get.html"), headers: ["Content-Type": "text/html; charset=utf-8"]),
        ]
        for number in 0...(total / 10) {
            let ids = (number * 10 + 1)...max(number * 10, min(total, number * 10 + 10))
            answers["\(foodPath)/\(number)"] = .respond(200, try envelope(number * 10 < total ? Array(ids) : [], total: total))
        }
        return answers
    }

    private func paths(_ http: FakeHTTPClient) -> [String] {
        http.requests.map { String($0.url.path.dropFirst(foodPath.count - "food".count)) }
    }

    @Test("GET food answering 404 (the 2025 server) → page 0 is GET food/0, with its number and total")
    func notFoundMeansPaged() async throws {
        let (foods, http) = client(try pagedServer(total: 57))
        #expect(foods.apiVersion == nil)
        let page = try await foods.page(0)
        #expect(page.number == 0)
        #expect(page.totalCount == 57)
        #expect(page.foods.records.map(\.id) == (1...10).map(String.init))
        #expect(paths(http) == ["food", "food/0"])
        #expect(foods.apiVersion == .paged)
    }

    @Test("The API found is remembered: later lists go straight to the pages, copies of the client too")
    func remembered() async throws {
        let (foods, http) = client(try pagedServer(total: 57))
        _ = try await foods.page(0)
        let copy = foods
        _ = try await copy.page(0)
        _ = try await foods.page(1)
        #expect(paths(http) == ["food", "food/0", "food/0", "food/1"])
    }

    @Test("foods() reads every page, one after another, and stops at totalCount")
    func allPages() async throws {
        let (foods, http) = client(try pagedServer(total: 57))
        let list = try await foods.foods()
        #expect(list.records.map(\.id) == (1...57).map(String.init))
        #expect(paths(http) == ["food", "food/0", "food/1", "food/2", "food/3", "food/4", "food/5"])
        #expect(http.requests.allSatisfy { $0.method == "GET" && $0.timeout == 9 })
    }

    @Test("An envelope from GET food holding part of a longer list means pages: they are read from 0")
    func partialEnvelope() async throws {
        var answers = try pagedServer(total: 25)
        answers[foodPath] = .respond(200, try envelope(1...10, total: 25))
        let (foods, http) = client(answers)
        #expect(try await foods.foods().records.count == 25)
        #expect(paths(http) == ["food", "food/0", "food/1", "food/2"])
        #expect(foods.apiVersion == .paged)
    }

    @Test("An envelope holding the whole list, and a bare array, are the 2023 API: one request, remembered",
          arguments: ["envelope", "bare"])
    func wholeList(_ shape: String) async throws {
        let body = shape == "bare" ? try Fixture.data("foods/list-bare.json") : try envelope(1...3, total: 3)
        let (foods, http) = client([foodPath: .respond(200, body)])
        let page = try await foods.page(0)
        #expect(page.number == nil)
        #expect(page.foods.records.count == 3)
        #expect(try await foods.foods().records.count == 3)
        #expect(paths(http) == ["food", "food"])
        #expect(foods.apiVersion == .whole)
    }

    @Test("A URL that answers 404 to both is the wrong URL, and is asked both ways again next time")
    func wrongURL() async throws {
        let (foods, http) = client([:])
        let error = await #expect(throws: FetchError.self) { try await foods.page(0) }
        #expect(error?.kind == .httpStatus(404))
        #expect(error?.message == "The foods server answered 404 — check the foods URL")
        #expect(foods.apiVersion == nil)
        _ = try? await foods.page(0)
        #expect(paths(http) == ["food", "food/0", "food", "food/0"])
    }

    @Test("A server known as the 2023 one that now answers 404 is asked for its pages")
    func movedOn() async throws {
        let (foods, http) = client([foodPath: .respond(200, try Fixture.data("foods/list-bare.json"))])
        _ = try await foods.page(0)
        #expect(foods.apiVersion == .whole)
        for (path, answer) in try pagedServer(total: 5) { http.set(path, answer) }
        let page = try await foods.page(0)
        #expect(page.number == 0)
        #expect(page.foods.records.count == 5)
        #expect(paths(http) == ["food", "food", "food/0"])
        #expect(foods.apiVersion == .paged)
    }

    @Test("A failing page says what the list's failures say")
    func failedPage() async throws {
        var answers = try pagedServer(total: 57)
        answers["\(foodPath)/2"] = .respond(503, try Fixture.data("foods/heroku-error.html"))
        let (foods, _) = client(answers)
        _ = try await foods.page(0)
        let error = await #expect(throws: FetchError.self) { try await foods.page(2) }
        #expect(error?.message == "The foods server answered 503 with an HTML page — r to retry")
        #expect(error?.detail.hasPrefix("http://127.0.0.1:8080/foods/api/v1/user-42/food/2: HTTP 503") == true)
    }
}
