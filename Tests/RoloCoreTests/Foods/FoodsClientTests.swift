import Foundation
import RoloCore
import Testing

@Suite("FoodsClient sends the list requests and maps every failure; the shipped like and unlike say why they failed")
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

    /// Sends rolo's shipped like (`true`) or unlike of food `id` as the foods tab does, over
    /// `http`; why it failed, if it did.
    private func setLiked(_ liked: Bool, foodID id: String, over http: FakeHTTPClient) async -> ActionFailure? {
        guard let action = FoodsSource.shippedActions.first(where: { $0.name == (liked ? "like" : "unlike") }) else {
            Issue.record("rolo ships no like and unlike")
            return nil
        }
        let runner = ActionRunner(sourceTitle: "The foods server", base: URL(string: base.absoluteString + "/"), client: http, timeout: 9)
        let record = JSONValue.object([JSONMember("id", .string(id)), JSONMember("liked", .bool(!liked))])
        do {
            _ = try await runner.run(action, ActionValues(record: record))
            return nil
        } catch {
            return error
        }
    }

    @Test("The shipped like PUTs food/<id>/like, unlike PUTs food/<id>/unlike")
    func likePaths() async throws {
        let http = FakeHTTPClient([
            likePath: .respond(200, try fixture("success-true.json")),
            unlikePath: .respond(200, try fixture("success-true.json")),
        ])
        #expect(await setLiked(true, foodID: "99", over: http) == nil)
        #expect(await setLiked(false, foodID: "99", over: http) == nil)
        #expect(http.requests.map(\.method) == ["PUT", "PUT"])
        #expect(http.requests.map(\.url.absoluteString) == [
            "http://127.0.0.1:8080/foods/api/v1/user-42/food/99/like",
            "http://127.0.0.1:8080/foods/api/v1/user-42/food/99/unlike",
        ])
        #expect(http.requests.allSatisfy { $0.timeout == 9 })
    }

    @Test("An id with a slash, a question mark or a percent sign stays one path segment")
    func escapedID() async throws {
        let http = FakeHTTPClient([:])
        _ = await setLiked(true, foodID: "a/b?c%d e", over: http)
        #expect(http.requests.first?.url.absoluteString
            == "http://127.0.0.1:8080/foods/api/v1/user-42/food/a%2Fb%3Fc%25d%20e/like")
    }

    @Test("A 500 with {\"error\": ...} shows the server's words")
    func refused() async throws {
        let failure = await setLiked(true, foodID: "99", over: FakeHTTPClient([likePath: .respond(500, try fixture("error.json"))]))
        #expect(failure?.status == 500)
        #expect(failure?.message == "The foods server refused: Could not update the food, please try again")
    }

    @Test("A long or hostile server error text is cleaned and cut")
    func longErrorText() async throws {
        let text = "\u{1B}]0;owned\u{7}" + String(repeating: "x", count: 300)
        let body = try JSONSerialization.data(withJSONObject: ["error": text])
        let failure = await setLiked(true, foodID: "99", over: FakeHTTPClient([likePath: .respond(503, body)]))
        #expect(failure?.message == "The foods server refused: \(String(repeating: "x", count: 200))…")
    }

    @Test("A 200 with {\"success\": false} is a like that wasn't saved")
    func notSaved() async throws {
        let http = FakeHTTPClient([
            likePath: .respond(200, try fixture("success-false.json")),
            unlikePath: .respond(200, try fixture("success-false.json")),
        ])
        let like = await setLiked(true, foodID: "99", over: http)
        #expect(like?.status == 200)
        #expect(like?.message == "The foods server didn't save the like")
        #expect(await setLiked(false, foodID: "99", over: http)?.message == "The foods server didn't save the unlike")
    }

    @Test("A non-2xx without an error text, an HTML page or an unreadable 200 fails the like")
    func otherFailures() async throws {
        let cases: [(FakeHTTPClient.Answer, Int, String)] = [
            (.respond(404, Data()), 404, "HTTP 404 from 127.0.0.1:8080"),
            (.respond(503, try fixture("heroku-error.html")), 503, "HTTP 503 from 127.0.0.1:8080 (an HTML page)"),
            (.respond(200, try fixture("heroku-error.html")), 200, "The foods server sent an HTML page instead of saving the like"),
            (.respond(200, Data("{}".utf8)), 200, "The foods server sent an answer rolo can't read to the like"),
            (.respond(200, Data()), 200, "The foods server sent an answer rolo can't read to the like"),
        ]
        for (answer, status, message) in cases {
            let failure = await setLiked(true, foodID: "99", over: FakeHTTPClient([likePath: answer]))
            #expect(failure?.status == status)
            #expect(failure?.message == message)
        }
    }

    @Test("Timeouts and dropped connections say so; a like is sent once, even after a dropped connection")
    func transport() async throws {
        let timedOut = FetchError.timedOut(base, after: 9)
        let dropped = FetchError.unreachable(base, detail: "connection reset by peer")
        let (foods, _) = client([foodPath: .fail(timedOut)])
        await #expect(throws: timedOut) { try await foods.foods().records }
        let http = FakeHTTPClient([likePath: .fail(dropped)])
        #expect(await setLiked(true, foodID: "99", over: http)?.message == dropped.message.withoutKeyHint)
        #expect(http.requests.count == 1)
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
