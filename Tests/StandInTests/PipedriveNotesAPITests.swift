import Foundation
import RoloCore
import StandIn
import Testing

/// Pipedrive's `POST /v1/notes` on the stand-in, which the built-in note action is run against.
@Suite("Stand-in: Pipedrive's notes")
struct PipedriveNotesAPITests {
    private func post(_ server: StandInServer, _ body: String, token: String? = "standin-token",
                      type: String = "application/json") async throws -> (status: Int, json: JSONValue?) {
        let url = try #require(URL(string: server.baseURL.absoluteString + "/pipedrive/v1/notes"))
        var headers = ["Content-Type": type]
        if let token { headers["x-api-token"] = token }
        let response = try await testClient.send(HTTPRequest(method: "POST", url: url, headers: headers, body: Data(body.utf8),
                                                             timeout: standInTestTimeout))
        return (response.status, try? JSONValue.parse(response.body))
    }

    @Test("A note on a person answers 201 with the note; numbered notes; the id as a number or as digits, JSON or a form")
    func adds() async throws {
        try await withServer { server in
            let first = try await post(server, #"{"person_id": 7, "content": "called back"}"#)
            #expect(first.status == 201)
            #expect(first.json?["success"] == .bool(true))
            #expect(first.json?.value(at: JSONPath("data.person_id")) == .number("7"))
            #expect(first.json?.value(at: JSONPath("data.content")) == .string("called back"))
            #expect(first.json?.value(at: JSONPath("data.id")) == .number("1"))
            let second = try await post(server, #"{"person_id": "7", "content": "again"}"#)
            #expect(second.status == 201 && second.json?.value(at: JSONPath("data.id")) == .number("2"))
            let form = try await post(server, "person_id=3&content=from+a+form", type: "application/x-www-form-urlencoded")
            #expect(form.status == 201 && form.json?.value(at: JSONPath("data.content")) == .string("from a form"))
            #expect(await server.requestCount("pipedrive.notes") == 3)
        }
    }

    @Test("No token, a person that doesn't exist, no person or an empty content: Pipedrive's refusals")
    func refuses() async throws {
        try await withServer { server in
            let unauthorized = try await post(server, #"{"person_id": 7, "content": "x"}"#, token: "wrong")
            #expect(unauthorized.status == 401 && unauthorized.json?["error"] == .string("unauthorized access"))
            let missing = try await post(server, #"{"person_id": 999999, "content": "x"}"#)
            #expect(missing.status == 400 && missing.json?["success"] == .bool(false))
            #expect(missing.json?["error"] == .string("Person not found."))
            let noPerson = try await post(server, #"{"content": "x"}"#)
            #expect(noPerson.status == 400 && noPerson.json?["errorCode"] == .number("400"))
            let empty = try await post(server, #"{"person_id": 7, "content": "  "}"#)
            #expect(empty.status == 400 && empty.json?["error"] == .string("Note content cannot be empty."))
            let broken = try await post(server, "[1,")
            #expect(broken.status == 400)
        }
    }
}
