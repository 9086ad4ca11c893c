import Foundation
import RoloCore
import Testing

@Suite("FoodsClient sends the list, like and unlike requests and maps every failure")
struct FoodsClientTests {
    private let base = URL(string: "http://127.0.0.1:8080/foods/api/v1/user-42")!

    private func client(_ answers: [String: FakeHTTPClient.Answer]) -> (FoodsClient, FakeHTTPClient) {
        let http = FakeHTTPClient(answers)
        return (FoodsClient(baseURL: base, http: http, timeout: 9), http)
    }

    private func fixture(_ name: String) throws -> Data {
        try Fixture.data("foods/\(name)")
    }

    private let foodPath = "/foods/api/v1/user-42/food"
    private let likePath = "/foods/api/v1/user-42/food/99/like"
    private let unlikePath = "/foods/api/v1/user-42/food/99/unlike"

    @Test("foods() GETs food under the user's base URL with the timeout")
    func list() async throws {
        let (foods, http) = client([foodPath: .respond(200, try fixture("list-bare.json"))])
        #expect(try await foods.foods().records.map(\.id) == ["99", "a7", "3"])
        let request = try #require(http.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/foods/api/v1/user-42/food")
        #expect(request.timeout == 9)
        #expect(request.headers["Accept"] == "application/json")
    }

    @Test("A trailing slash on the base URL doesn't double the slash")
    func trailingSlash() async throws {
        let http = FakeHTTPClient([foodPath: .respond(200, Data("[]".utf8))])
        let foods = FoodsClient(baseURL: URL(string: "http://127.0.0.1:8080/foods/api/v1/user-42/")!, http: http, timeout: 9)
        #expect(try await foods.foods().records.isEmpty)
        #expect(http.requests.first?.url.absoluteString == "http://127.0.0.1:8080/foods/api/v1/user-42/food")
    }

    @Test("setLiked(true) PUTs food/<id>/like, setLiked(false) PUTs food/<id>/unlike")
    func likePaths() async throws {
        let (foods, http) = client([
            likePath: .respond(200, try fixture("success-true.json")),
            unlikePath: .respond(200, try fixture("success-true.json")),
        ])
        try await foods.setLiked(true, foodID: "99")
        try await foods.setLiked(false, foodID: "99")
        #expect(http.requests.map(\.method) == ["PUT", "PUT"])
        #expect(http.requests.map(\.url.absoluteString) == [
            "http://127.0.0.1:8080/foods/api/v1/user-42/food/99/like",
            "http://127.0.0.1:8080/foods/api/v1/user-42/food/99/unlike",
        ])
        #expect(http.requests.allSatisfy { $0.timeout == 9 })
    }

    @Test("An id with a slash, a question mark or a percent sign stays one path segment")
    func escapedID() async throws {
        let (foods, http) = client([:])
        _ = try? await foods.setLiked(true, foodID: "a/b?c%d e")
        #expect(http.requests.first?.url.absoluteString
            == "http://127.0.0.1:8080/foods/api/v1/user-42/food/a%2Fb%3Fc%25d%20e/like")
    }

    @Test("A 500 with {\"error\": ...} shows the server's words and says to try again")
    func refused() async throws {
        let (foods, _) = client([likePath: .respond(500, try fixture("error.json"))])
        let error = await #expect(throws: FetchError.self) { try await foods.setLiked(true, foodID: "99") }
        #expect(error?.kind == .httpStatus(500))
        #expect(error?.message == "The foods server refused: Could not update the food, please try again — try again")
        #expect(error?.endpoint == "127.0.0.1:8080")
        #expect(error?.detail.contains("food/99/like: HTTP 500") == true)
    }

    @Test("A long or hostile server error text is cleaned and cut to a banner's length")
    func longErrorText() async throws {
        let text = "\u{1B}]0;owned\u{7}" + String(repeating: "x", count: 200)
        let body = try JSONSerialization.data(withJSONObject: ["error": text])
        let (foods, _) = client([likePath: .respond(503, body)])
        let error = await #expect(throws: FetchError.self) { try await foods.setLiked(true, foodID: "99") }
        #expect(error?.message == "The foods server refused: \(String(repeating: "x", count: 79))… — try again")
    }

    @Test("A 200 with {\"success\": false} is a like that wasn't saved")
    func notSaved() async throws {
        let (foods, _) = client([
            likePath: .respond(200, try fixture("success-false.json")),
            unlikePath: .respond(200, try fixture("success-false.json")),
        ])
        let like = await #expect(throws: FetchError.self) { try await foods.setLiked(true, foodID: "99") }
        #expect(like?.kind == .badResponse)
        #expect(like?.message == "The foods server didn't save the like — try again")
        let unlike = await #expect(throws: FetchError.self) { try await foods.setLiked(false, foodID: "99") }
        #expect(unlike?.message == "The foods server didn't save the unlike — try again")
    }

    @Test("A non-2xx without an error text, an HTML page or an unreadable 200 fails the like")
    func otherFailures() async throws {
        let cases: [(FakeHTTPClient.Answer, FetchError.Kind, String)] = [
            (.respond(404, Data()), .httpStatus(404), "The foods server answered 404 to the like — try again"),
            (.respond(503, try fixture("heroku-error.html")), .httpStatus(503),
             "The foods server answered 503 with an HTML page to the like — try again"),
            (.respond(200, try fixture("heroku-error.html")), .badResponse,
             "The foods server sent an HTML page instead of saving the like — try again"),
            (.respond(200, Data("{}".utf8)), .badResponse,
             "The foods server sent an answer rolo can't read to the like — try again"),
            (.respond(200, Data()), .badResponse,
             "The foods server sent an answer rolo can't read to the like — try again"),
        ]
        for (answer, kind, message) in cases {
            let (foods, _) = client([likePath: answer])
            let error = await #expect(throws: FetchError.self) { try await foods.setLiked(true, foodID: "99") }
            #expect(error?.kind == kind)
            #expect(error?.message == message)
        }
    }

    @Test("Timeouts and dropped connections pass through unchanged, for the list and likes")
    func transport() async throws {
        let timedOut = FetchError.timedOut(base, after: 9)
        let dropped = FetchError.unreachable(base, detail: "connection reset by peer")
        let (foods, _) = client([foodPath: .fail(timedOut), likePath: .fail(dropped)])
        await #expect(throws: timedOut) { try await foods.foods().records }
        await #expect(throws: dropped) { try await foods.setLiked(true, foodID: "99") }
    }

    @Test("A failed list with {\"error\": ...} shows the server's words; without, the status")
    func listFailures() async throws {
        let (refusing, _) = client([foodPath: .respond(500, try fixture("error.json"))])
        let refusal = await #expect(throws: FetchError.self) { try await refusing.foods().records }
        #expect(refusal?.kind == .httpStatus(500))
        #expect(refusal?.message == "The foods server refused: Could not update the food, please try again — r to retry")

        let (failing, _) = client([foodPath: .respond(503, try fixture("heroku-error.html"))])
        let failure = await #expect(throws: FetchError.self) { try await failing.foods().records }
        #expect(failure?.message == "The foods server answered 503 with an HTML page — r to retry")
    }

    @Test("An unreadable list is placed at the server that sent it")
    func unreadableList() async throws {
        let (foods, _) = client([foodPath: .respond(200, try fixture("heroku-error.html"))])
        let error = await #expect(throws: FetchError.self) { try await foods.foods().records }
        #expect(error?.kind == .badResponse)
        #expect(error?.endpoint == "127.0.0.1:8080")
        #expect(error?.detail.hasPrefix("http://127.0.0.1:8080/foods/api/v1/user-42/food: HTTP 200, not JSON") == true)
    }
}
