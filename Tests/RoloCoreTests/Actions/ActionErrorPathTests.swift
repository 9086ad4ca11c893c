import Foundation
import Testing
@testable import RoloCore

@Suite("An action's error path: an answer that says it failed, whatever its status")
struct ActionErrorPathTests {
    private func liking(error: String?) throws -> RecordAction {
        RecordAction(
            name: "like", key: "l", title: "Like", when: nil,
            effect: .http(HTTPAction(method: .put, url: try RecordTemplate("food/{id}/like"), body: nil, then: .refetch,
                                     error: error.map(JSONPath.init))),
            confirm: false, inputs: [], place: "here", keyPlace: "here")
    }

    private func runner(_ client: FakeHTTPClient) -> ActionRunner {
        ActionRunner(sourceTitle: "The foods server", base: URL(string: "https://foods.example/api/v1/me/"), client: client)
    }

    private let food = ActionValues(record: .object([JSONMember("id", .number("7"))]))

    @Test("An answer holding text, or anything but null or false, at the error path fails with it, whatever its status", arguments: [
        (200, #"{"error":"database is locked"}"#, "The foods server refused: database is locked"),
        (500, #"{"error":"Could not update the food"}"#, "The foods server refused: Could not update the food"),
        (200, #"{"error":{"code":7}}"#, #"The foods server refused: {"code":7}"#),
        (200, #"{"error":"\u001b]0;owned\u0007x"}"#, "The foods server refused: x"),
    ])
    func errorPathFails(_ status: Int, _ body: String, _ expected: String) async throws {
        let client = FakeHTTPClient(inTurn: [.respond(status, body)])
        let failure = await #expect(throws: ActionFailure.self) { try await runner(client).run(try liking(error: "error"), food) }
        #expect(failure == ActionFailure(.request, expected, status: status))
        #expect(client.requests.map(\.url.absoluteString) == ["https://foods.example/api/v1/me/food/7/like"])
    }

    @Test("Null, false or nothing at the error path is a success; without error = the body isn't read", arguments: [
        (#"{"success":true}"#, "error"), (#"{"success":true,"error":null}"#, "error"), (#"{"error":false}"#, "error"),
        (#"{"error":"ignored"}"#, nil), ("not json", "error"),
    ])
    func errorPathSucceeds(_ body: String, _ error: String?) async throws {
        let client = FakeHTTPClient(inTurn: [.respond(200, body)])
        #expect(try await runner(client).run(try liking(error: error), food) == .refetch)
    }

    @Test("A 429 still waits and sends again, even with an error text in it")
    func rateLimitFirst() async throws {
        let client = FakeHTTPClient(inTurn: [.respond(429, #"{"error":"slow down"}"#, headers: ["Retry-After": "0"]), .respond(200, "{}")])
        let quick = ActionRunner(sourceTitle: "The foods server", base: URL(string: "https://foods.example/api/v1/me/"),
                                 client: client, sleep: { _ in })
        #expect(try await quick.run(try liking(error: "error"), food) == .refetch)
        #expect(client.requests.count == 2)
    }
}
