import Foundation
import RoloCore
import StandIn
import Testing

/// The staff directory's writes, which configured sources' actions are tested against.
@Suite("Stand-in: the staff directory's PATCH, DELETE and notes, failures and 429s on demand")
struct StaffWritesTests {
    private let uuid = "5ba1f000-0000-4000-8000-000000000007"

    private func send(_ server: StandInServer, _ method: String, _ path: String, _ body: String? = nil) async throws -> (status: Int, json: JSONValue?, headers: [String: String]) {
        let url = try #require(URL(string: server.baseURL.absoluteString + path))
        let response = try await testClient.send(HTTPRequest(
            method: method, url: url, headers: body == nil ? [:] : ["Content-Type": "application/json"], body: body.map { Data($0.utf8) },
            timeout: standInTestTimeout))
        return (response.status, try? JSONValue.parse(response.body), response.headers)
    }

    @Test("PATCH sets the fields given and answers the person, which the list and the detail then show")
    func patch() async throws {
        try await withServer { server in
            let patched = try await send(server, "PATCH", "/staff/api/people/\(uuid)/", #"{"title":"Lead","office":{"city":"Riga","floor":2},"uuid":"nope"}"#)
            #expect(patched.status == 200)
            #expect(patched.json?["title"] == .string("Lead"))
            #expect(patched.json?.value(at: JSONPath("office.city")) == .string("Riga"))
            #expect(patched.json?["uuid"] == .string(uuid), "read-only fields are ignored")
            let detail = try await send(server, "GET", "/staff/api/people/\(uuid)/")
            #expect(detail.json?["title"] == .string("Lead"))
            let list = try await send(server, "GET", "/staff/api/people/?page_size=10")
            #expect(list.json?.value(at: JSONPath("results.6.title")) == .string("Lead"))
            let blank = try await send(server, "PATCH", "/staff/api/people/\(uuid)/", #"{"title":""}"#)
            #expect(blank.status == 400 && blank.json?.jsonText == #"{"title":["This field may not be blank."]}"#)
            let broken = try await send(server, "PATCH", "/staff/api/people/\(uuid)/", "[1,")
            #expect(broken.status == 400)
            #expect(try await send(server, "PATCH", "/staff/api/people/5ba1f000-0000-4000-8000-000000009999/", "{}").status == 404)
        }
    }

    @Test("DELETE answers 204; the person is gone from the detail and the list, whose count drops")
    func delete() async throws {
        try await withServer { server in
            #expect(try await send(server, "DELETE", "/staff/api/people/\(uuid)/").status == 204)
            #expect(try await send(server, "GET", "/staff/api/people/\(uuid)/").status == 404)
            #expect(try await send(server, "DELETE", "/staff/api/people/\(uuid)/").status == 404)
            let list = try await send(server, "GET", "/staff/api/people/?page_size=50")
            #expect(list.json?["count"] == .number("94"))
            guard case .array(let results)? = list.json?["results"] else { Issue.record("no results"); return }
            #expect(!results.contains { $0["uuid"] == .string(uuid) })
        }
    }

    @Test("POST a note: 201 with the note, which the person's detail then lists; no text is a 400")
    func note() async throws {
        try await withServer { server in
            let added = try await send(server, "POST", "/staff/api/people/\(uuid)/notes/", #"{"text":"Met at the fair"}"#)
            #expect(added.status == 201 && added.json?["text"] == .string("Met at the fair") && added.json?["person"] == .string(uuid))
            let detail = try await send(server, "GET", "/staff/api/people/\(uuid)/")
            #expect(detail.json?.value(at: JSONPath("notes.0.text")) == .string("Met at the fair"))
            let empty = try await send(server, "POST", "/staff/api/people/\(uuid)/notes/", #"{"text":""}"#)
            #expect(empty.status == 400 && empty.json?.jsonText == #"{"text":["This field is required."]}"#)
        }
    }

    @Test("Failures and 429s on demand, through the control endpoint as a script would ask")
    func onDemand() async throws {
        try await withServer { server in
            let throttle = try await send(server, "POST", "/__standin/fail?route=staff.update&count=2&status=429&retry-after=1")
            #expect(throttle.status == 200)
            for _ in 0..<2 {
                let limited = try await send(server, "PATCH", "/staff/api/people/\(uuid)/", #"{"title":"Lead"}"#)
                #expect(limited.status == 429 && limited.headers["retry-after"] == "1")
                #expect(limited.json?["detail"] == .string("Request was throttled. Expected available in 1 second."))
            }
            #expect(try await send(server, "PATCH", "/staff/api/people/\(uuid)/", #"{"title":"Lead"}"#).status == 200)
            await server.setFailure("staff.delete", remaining: 1)
            #expect(try await send(server, "DELETE", "/staff/api/people/\(uuid)/").status == 500)
            #expect(try await send(server, "DELETE", "/staff/api/people/\(uuid)/").status == 204)
            #expect(try await send(server, "POST", "/__standin/fail?route=staff.note&status=418").status == 400)
            #expect(await server.requestCount("staff.update") == 3)
        }
    }

    @Test("staff-fail?every=10: writes to every 10th person fail with DRF's 500, the others pass; every=0 ends it")
    func everyTenth() async throws {
        try await withServer { server in
            let on = try await send(server, "POST", "/__standin/staff-fail?every=10")
            #expect(on.status == 200 && on.json?["every"] == .number("10"))
            var failed: [Int] = []
            for number in 1...30 {
                let path = "/staff/api/people/5ba1f000-0000-4000-8000-\(String(format: "%012d", number))/"
                let answer = try await send(server, "PATCH", path, #"{"title":"Lead"}"#)
                if answer.status == 500 {
                    failed.append(number)
                    #expect(answer.json?["detail"] == .string("A server error occurred."))
                } else {
                    #expect(answer.status == 200)
                }
            }
            #expect(failed == [10, 20, 30])
            #expect(try await send(server, "DELETE", "/staff/api/people/5ba1f000-0000-4000-8000-000000000010/").status == 500)
            #expect(try await send(server, "POST", "/__standin/staff-fail?every=-1").status == 400)
            #expect(try await send(server, "POST", "/__standin/staff-fail?every=0").status == 200)
            #expect(try await send(server, "PATCH", "/staff/api/people/5ba1f000-0000-4000-8000-000000000010/", #"{"title":"Lead"}"#).status == 200)
        }
    }
}
