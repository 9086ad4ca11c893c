import Foundation
import Testing
@testable import RoloCore

/// The waits a runner asked for, not slept.
final class Waits: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: [Double] = []
    var values: [Double] { lock.withLock { seconds } }
    func append(_ wait: Double) { lock.withLock { seconds.append(wait) } }
}

@Suite("The action runner: requests, outcomes, retry rules, read-only")
struct ActionRunnerTests {
    private let record = JSONValue.object([
        JSONMember("id", .number("7")), JSONMember("status", .string("open")), JSONMember("owner", .object([JSONMember("id", .number("12"))])),
    ])

    private func action(_ method: ActionMethod, url: String = "/tickets/{id}", body: ActionBody? = nil, then: ActionThen = .refetch,
                        when: String? = nil, inputs: [ActionInput] = []) throws -> RecordAction {
        RecordAction(
            name: "close", key: "x", title: "Close", when: try when.map { try ActionCondition($0) },
            effect: .http(HTTPAction(method: method, url: try RecordTemplate(url), body: body, then: then)), confirm: false, inputs: inputs,
            place: "config.toml, line 5", keyPlace: "config.toml, line 7")
    }

    private func runner(_ client: FakeHTTPClient, waits: Waits = Waits(), readOnly: String? = nil) -> ActionRunner {
        ActionRunner(
            sourceTitle: "Tickets", base: URL(string: "https://api.example.com/v1/tickets"),
            headers: ["Authorization": "Bearer secret-token"], secrets: ["secret-token"], client: client, readOnly: readOnly,
            sleep: { waits.append($0) })
    }

    @Test("A PATCH with a body: the URL on the source's server, its headers, JSON; then = update gives the answer as the record")
    func update() async throws {
        let client = FakeHTTPClient(inTurn: [.respond(200, #"{"id":7,"status":"closed"}"#)])
        let body = ActionBody.object([.init("status", .literal(.string("closed"))), .init("owner", .text(try RecordTemplate("{owner.id}")))])
        let outcome = try await runner(client).run(try action(.patch, body: body, then: .update), ActionValues(record: record))
        #expect(outcome == .updated(.object([JSONMember("id", .number("7")), JSONMember("status", .string("closed"))])))
        let sent = try #require(client.requests.first)
        #expect(sent.method == "PATCH" && sent.url.absoluteString == "https://api.example.com/tickets/7")
        #expect(sent.headers["Authorization"] == "Bearer secret-token" && sent.headers["Content-Type"] == "application/json")
        #expect(sent.body.map { String(decoding: $0, as: UTF8.self) } == #"{"status":"closed","owner":12}"#)
    }

    @Test("The source's headers go only to its origin: another host, scheme or port gets none")
    func headersByOrigin() throws {
        let runner = runner(FakeHTTPClient(inTurn: []))
        let values = ActionValues(record: record)
        for (url, sendsHeaders) in [("https://api.example.com/x/{id}", true), ("https://API.example.com:443/x", true),
                                    ("http://api.example.com/x", false), ("https://api.example.com:8443/x", false),
                                    ("https://evil.example/x?to=api.example.com", false)] {
            let request = try runner.request(HTTPAction(method: .post, url: try RecordTemplate(url), body: nil, then: .refetch), values)
            #expect((request.headers["Authorization"] != nil) == sendsHeaders, "\(url)")
        }
    }

    @Test("then = refetch and remove say so; an update whose answer isn't a record fails")
    func outcomes() async throws {
        let client = FakeHTTPClient(inTurn: [.respond(200, "{}"), .respond(204, ""), .respond(200, "ok")])
        #expect(try await runner(client).run(try action(.post), ActionValues(record: record)) == .refetch)
        #expect(try await runner(client).run(try action(.delete, then: .remove), ActionValues(record: record)) == .removed)
        let failure = await #expect(throws: ActionFailure.self) {
            try await runner(client).run(try action(.put, then: .update), ActionValues(record: record))
        }
        #expect(failure?.message == #"Tickets did it, but its answer isn't the record (not a JSON object) — use then = "refetch""#)
    }

    @Test("A 429 waits as Retry-After says and sends again, whatever the method")
    func rateLimited() async throws {
        let client = FakeHTTPClient(inTurn: [
            .respond(429, "", headers: ["Retry-After": "3"]), .respond(429, #"{"detail":"slow down"}"#, headers: ["Retry-After": "1"]),
            .respond(200, "{}"),
        ])
        let waits = Waits()
        #expect(try await runner(client, waits: waits).run(try action(.post), ActionValues(record: record)) == .refetch)
        #expect(client.requests.count == 3 && waits.values == [3, 1])
    }

    @Test("429s without end: it gives up after a few, saying so")
    func rateLimitedForGood() async throws {
        let client = FakeHTTPClient(inTurn: Array(repeating: .respond(429, #"{"message":"rate limit"}"#, headers: ["Retry-After": "2"]), count: 5))
        let waits = Waits()
        let failure = await #expect(throws: ActionFailure.self) {
            try await runner(client, waits: waits).run(try action(.patch), ActionValues(record: record))
        }
        #expect(failure?.message == "HTTP 429 from api.example.com (rate-limited 5 times): rate limit")
        #expect(client.requests.count == 5 && waits.values == [2, 2, 2, 2])
    }

    @Test("Any other failure of a POST or PATCH is never sent again", arguments: [ActionMethod.post, .patch])
    func postNotRetried(_ method: ActionMethod) async throws {
        for first in [FakeHTTPClient.Answer.fail(.unreachable), .fail(.timedOut), .respond(500, "{}"), .respond(503, "")] {
            let client = FakeHTTPClient(inTurn: [first])
            await #expect(throws: ActionFailure.self) { try await runner(client).run(try action(method), ActionValues(record: record)) }
            #expect(client.requests.count == 1, "\(method) after \(first)")
        }
    }

    @Test("A PUT or DELETE is sent once more after a connection error only", arguments: [ActionMethod.put, .delete, .get])
    func idempotentRetriedOnce(_ method: ActionMethod) async throws {
        let recovered = FakeHTTPClient(inTurn: [.fail(.unreachable), .respond(200, "{}")])
        #expect(try await runner(recovered).run(try action(method), ActionValues(record: record)) == .refetch)
        #expect(recovered.requests.count == 2)
        let twice = FakeHTTPClient(inTurn: [.fail(.unreachable), .fail(.unreachable)])
        let failure = await #expect(throws: ActionFailure.self) { try await runner(twice).run(try action(method), ActionValues(record: record)) }
        #expect(twice.requests.count == 2 && failure?.kind == .request)
        #expect(failure?.message == "Can't reach api.example.com", "the banner's key hint is dropped")
        for first in [FakeHTTPClient.Answer.fail(.timedOut), .respond(500, "")] {
            let client = FakeHTTPClient(inTurn: [first])
            await #expect(throws: ActionFailure.self) { try await runner(client).run(try action(method), ActionValues(record: record)) }
            #expect(client.requests.count == 1, "\(method) after \(first)")
        }
    }

    @Test("A failure says the status and the API's own message, secrets redacted", arguments: [
        (422, #"{"errors":[{"message":"title can't be blank"}]}"#, "HTTP 422 from api.example.com: title can't be blank"),
        (400, #"{"title":["This field may not be blank."]}"#, "HTTP 400 from api.example.com: title: This field may not be blank."),
        (403, #"{"error":{"message":"token secret-token expired"}}"#, "HTTP 403 from api.example.com: token REDACTED expired"),
        (404, #"{"detail":"Not found."}"#, "HTTP 404 from api.example.com: Not found."),
        (500, "<html><body>oops</body></html>", "HTTP 500 from api.example.com (an HTML page)"),
        (409, "", "HTTP 409 from api.example.com"),
    ])
    func failureMessages(_ status: Int, _ body: String, _ expected: String) async throws {
        let client = FakeHTTPClient(inTurn: [.respond(status, body, headers: body.hasPrefix("<") ? ["Content-Type": "text/html"] : [:])])
        let failure = await #expect(throws: ActionFailure.self) { try await runner(client).run(try action(.patch), ActionValues(record: record)) }
        #expect(failure == ActionFailure(.request, expected, status: status))
    }

    @Test("Read-only refuses every HTTP write, naming the setting; a GET and commands still go")
    func readOnly() async throws {
        let client = FakeHTTPClient(inTurn: [.respond(200, "{}")])
        let runner = runner(client, readOnly: "ROLO_READ_ONLY")
        for method in [ActionMethod.post, .put, .patch, .delete] {
            let failure = await #expect(throws: ActionFailure.self) { try await runner.run(try action(method), ActionValues(record: record)) }
            #expect(failure == ActionFailure(.refused, "rolo is read-only (ROLO_READ_ONLY): 'close' would send a \(method.rawValue) — turn read-only off to act"))
        }
        #expect(client.requests.isEmpty)
        #expect(try await runner.run(try action(.get), ActionValues(record: record)) == .refetch)
        let command = RecordAction(
            name: "ssh", key: "S", title: "ssh", when: nil, effect: .command(CommandAction(argv: [try RecordTemplate("true")], mode: .output)),
            confirm: false, inputs: [], place: "", keyPlace: "")
        #expect(runner.refusal(of: command, for: record) == nil)
    }

    @Test("when and inputs are checked before anything is sent")
    func refusedBeforeSending() async throws {
        let client = FakeHTTPClient(inTurn: [])
        let closed = JSONValue.object([JSONMember("id", .number("7")), JSONMember("status", .string("closed"))])
        let notHere = await #expect(throws: ActionFailure.self) {
            try await runner(client).run(try action(.patch, when: #"status != "closed""#), ActionValues(record: closed))
        }
        #expect(notHere == ActionFailure(.refused, #"'close' doesn't apply to this record (when = 'status != "closed"')"#))
        let inputs = [ActionInput(name: "to", title: "Assign to", kind: .choice(["ada", "grace"]))]
        let missing = await #expect(throws: ActionFailure.self) {
            try await runner(client).run(try action(.patch, inputs: inputs), ActionValues(record: record))
        }
        #expect(missing?.message == "'close' needs the input 'to' (Assign to)")
        let wrong = await #expect(throws: ActionFailure.self) {
            try await runner(client).run(try action(.patch, inputs: inputs), ActionValues(record: record, inputs: ["to": "linus"]))
        }
        #expect(wrong?.message == "'linus' isn't a choice of 'to' — the choices are ada, grace")
        #expect(client.requests.isEmpty)
    }

    @Test("describe: the request a confirmation shows, filled in")
    func describe() throws {
        let body = ActionBody.object([.init("note", .text(try RecordTemplate("{input.note}")))])
        let inputs = [ActionInput(name: "note", title: "Why", kind: .text)]
        let text = try runner(FakeHTTPClient(inTurn: [])).describe(
            try action(.patch, body: body, inputs: inputs), ActionValues(record: record, inputs: ["note": "done"]))
        #expect(text == #"PATCH https://api.example.com/tickets/7 {"note":"done"}"#)
        let command = RecordAction(
            name: "ssh", key: "S", title: "ssh", when: nil,
            effect: .command(CommandAction(argv: try ["sh", "-c", "echo $1", "--", "{status} it's"].map { try RecordTemplate($0) }, mode: .output)),
            confirm: false, inputs: [], place: "", keyPlace: "")
        #expect(try runner(FakeHTTPClient(inTurn: [])).describe(command, ActionValues(record: record)) == #"sh -c 'echo $1' -- 'open it'\''s'"#)
    }
}
