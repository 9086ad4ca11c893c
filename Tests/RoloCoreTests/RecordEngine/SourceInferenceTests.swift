import Foundation
@testable import RoloCore
import Testing

/// An API in memory for `rolo add`: the shared fake answering each URL from `route` (a 404
/// where it has none), recording the requests.
private typealias RoutedAPI = FakeHTTPClient

private extension FakeHTTPClient {
    convenience init(_ route: @escaping @Sendable (URLComponents) -> (status: Int, headers: [String: String], body: String)?) {
        self.init()
        on(.any) { request in
            guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: true), let answer = route(components) else {
                return .respond(404, "{\"error\":\"not found\"}")
            }
            return .respond(answer.status, answer.body, headers: answer.headers)
        }
    }

    /// The URLs of the requests that carried the Authorization header.
    var authorized: [String] {
        requests.filter { $0.headers["Authorization"] != nil }.map(\.url.absoluteString)
    }
}

private func query(_ components: URLComponents, _ name: String) -> String? {
    components.queryItems?.first { $0.name == name }?.value
}

/// `n` users as JSON objects from `start`.
private func users(_ range: Range<Int>) -> String {
    "[" + range.map { #"{"id": \#($0), "first_name": "Ada\#($0)", "last_name": "Byron", "email": "ada\#($0)@example.com", "role": "\#($0 % 2 == 0 ? "admin" : "member")", "created_at": "2024-01-0\#($0 % 9 + 1)T10:00:00Z", "avatar_url": "https://img.example/\#($0).png"}"# }
        .joined(separator: ",") + "]"
}

@Suite("rolo add: a source guessed from an API's answers")
struct SourceInferenceTests {
    private func infer(_ url: String, headers: [RecordHeader] = [], environment: [String: String] = [:],
                       _ api: RoutedAPI) async throws -> InferredSource {
        try await SourceAdder(name: "team", url: url, headers: headers, http: api, environment: environment).infer().source
    }

    private func value(_ source: InferredSource, _ key: String) -> String? {
        (source.entries + source.paging).first { $0.key == key }?.toml
    }

    @Test("A bare array of users: id, first and last name, email, a short text, a date and the avatar; no paging")
    func bareArray() async throws {
        let api = RoutedAPI { $0.path == "/users" ? (200, [:], users(1..<4)) : nil }
        let source = try await infer("https://api.example/users", api)
        #expect(value(source, "records") == nil)
        #expect(value(source, "id") == nil, "id is the default")
        #expect(value(source, "label") == #""{first_name} {last_name}""#)
        #expect(value(source, "columns") == #"[ { title = "Email", value = "{email}" }, { title = "Role", value = "{role}" }, { title = "Created at", value = "{created_at}" } ]"#)
        #expect(value(source, "image") == #""{avatar_url}""#)
        #expect(source.paging.isEmpty)
        #expect(source.remarks.contains { $0.contains("no paging seen") })
        #expect(source.toml.contains("[[sources]]\nname = \"team\"\nurl = \"https://api.example/users\"\n"))
    }

    @Test("A Link header: link paging, confirmed by the next page; the token only to the list's origin")
    func linkHeader() async throws {
        let api = RoutedAPI { components in
            guard components.path == "/members" else { return nil }
            let page = Int(query(components, "page") ?? "1") ?? 1
            let link = page < 3 ? #"<https://api.example/members?page=\#(page + 1)>; rel="next", <https://api.example/members?page=3>; rel="last""# : ""
            return (200, ["Link": link], users((page - 1) * 10 + 1..<page * 10 + 1))
        }
        let source = try await infer("https://api.example/members", headers: [RecordHeader(name: "Authorization", value: "Bearer ${TOKEN}")],
                                     environment: ["TOKEN": "s3cret"], api)
        #expect(value(source, "style") == #""link""#)
        #expect(source.paging.allSatisfy { $0.doubt == nil })
        #expect(value(source, "headers") == #"{ Authorization = "Bearer ${TOKEN}" }"#, "written as given, never expanded")
        #expect(!source.toml.contains("s3cret"))
        #expect(api.authorized.count == api.requests.count)
    }

    @Test("Stripe's has_more: the last record's id as the cursor, the parameter found by trying")
    func lastIDCursor() async throws {
        let api = RoutedAPI { components in
            guard components.path == "/v1/customers" else { return nil }
            let after = query(components, "starting_after").flatMap { Int($0.dropFirst(4)) } ?? 0
            let ids = (after + 1...min(after + 10, 25)).map { #"{"id": "cus_\#($0)", "object": "customer", "name": "C\#($0)", "email": "c\#($0)@x.io"}"# }
            return (200, [:], #"{"object": "list", "data": [\#(ids.joined(separator: ","))], "has_more": \#(after + 10 < 25), "url": "/v1/customers"}"#)
        }
        let source = try await infer("https://api.stripe.example/v1/customers?limit=10", api)
        #expect(value(source, "records") == #""data""#)
        #expect(value(source, "style") == #""cursor""#)
        #expect(value(source, "next") == #""data.-1.id""#)
        #expect(value(source, "more") == #""has_more""#)
        #expect(value(source, "param") == #""starting_after""#)
        #expect(source.paging.allSatisfy { $0.doubt == nil })
    }

    /// An API of 25 users in pages of 10 whose cursor, the next page's start as text, the answer
    /// puts at `cursor` (a path) and takes back as `?param=`.
    private func cursorAPI(_ path: String, param: String, cursor: [String], more: String? = nil) -> RoutedAPI {
        RoutedAPI { components in
            guard components.path == path else { return nil }
            let start = query(components, param).flatMap { Int($0.dropFirst(2)) } ?? 0
            let ids = (start + 1...min(start + 10, 25)).map { #"{"id": "\#($0)", "name": "U\#($0)"}"# }
            var envelope = start + 10 < 25 ? #""at\#(start + 10)""# : "null"
            for key in cursor.reversed() { envelope = "{\"\(key)\": \(envelope)}" }
            let flag = more.map { ", \"\($0)\": \(start + 10 < 25)" } ?? ""
            return (200, [:], "{\"results\": [\(ids.joined(separator: ","))], \"paging\": \(envelope)\(flag)}")
        }
    }

    @Test("HubSpot's paging.next.after, Asana's next_page.offset, Notion's next_cursor as start_cursor: each found and sent back")
    func nestedCursors() async throws {
        let cases: [(cursor: [String], param: String, more: String?, next: String)] = [
            (["next", "after"], "after", nil, "paging.next.after"),
            (["next_page", "offset"], "offset", nil, "paging.next_page.offset"),
            (["next_cursor"], "start_cursor", "has_more", "paging.next_cursor"),
        ]
        for (cursor, param, more, next) in cases {
            let source = try await infer("https://api.example/users", cursorAPI("/users", param: param, cursor: cursor, more: more))
            #expect(value(source, "style") == #""cursor""#, "\(source.toml)")
            #expect(value(source, "next") == "\"\(next)\"" && value(source, "param") == "\"\(param)\"", "\(source.toml)")
            #expect(source.pagingProblem == nil)
        }
    }

    @Test("OData's @odata.nextLink: next-url, its key written in brackets")
    func odataNextLink() async throws {
        let api = RoutedAPI { components in
            guard components.path == "/v1.0/users" else { return nil }
            let skip = Int(query(components, "$skiptoken") ?? "0") ?? 0
            let people = (skip + 1...skip + 2).map { #"{"id": "u\#($0)", "displayName": "User \#($0)", "mail": "u\#($0)@contoso.example"}"# }
            let next = skip < 4 ? #", "@odata.nextLink": "https://graph.example/v1.0/users?$skiptoken=\#(skip + 2)""# : ""
            return (200, [:], #"{"@odata.context": "x", "value": [\#(people.joined(separator: ","))]\#(next)}"#)
        }
        let source = try await infer("https://graph.example/v1.0/users", api)
        #expect(value(source, "records") == #""value""#)
        #expect(value(source, "label") == #""{displayName}""#)
        #expect(value(source, "style") == #""next-url""#)
        #expect(value(source, "next") == #"'["@odata.nextLink"]'"#)
    }

    @Test("Jira's startAt and total: offset paging by the echoed parameter, the total, the echoed size")
    func jiraOffset() async throws {
        let api = RoutedAPI { components in
            guard components.path == "/rest/api/2/search" else { return nil }
            let start = Int(query(components, "startAt") ?? "0") ?? 0
            let issues = (start..<min(start + 50, 121)).map { #"{"id": "\#(10_000 + $0)", "key": "PROJ-\#($0)", "fields": {"summary": "Issue \#($0)"}}"# }
            return (200, [:], #"{"startAt": \#(start), "maxResults": 50, "total": 121, "issues": [\#(issues.joined(separator: ","))]}"#)
        }
        let source = try await infer("https://jira.example/rest/api/2/search?jql=project%3DPROJ", api)
        #expect(value(source, "records") == #""issues""#)
        #expect(value(source, "label") == #""{fields.summary}""#)
        #expect(value(source, "style") == #""offset""#)
        #expect(value(source, "param") == #""startAt""#)
        #expect(value(source, "total") == #""total""#)
        #expect(value(source, "size_param") == #""maxResults""#)
    }

    @Test("GitLab's X-Next-Page and X-Total headers: page paging read from the headers")
    func gitlabHeaders() async throws {
        let api = RoutedAPI { components in
            guard components.path == "/api/v4/projects/7/members" else { return nil }
            let page = Int(query(components, "page") ?? "1") ?? 1
            return (200, ["X-Next-Page": page < 3 ? String(page + 1) : "", "X-Total": "25"], users((page - 1) * 10 + 1..<min(page * 10, 25) + 1))
        }
        let source = try await infer("https://gitlab.example/api/v4/projects/7/members", api)
        #expect(value(source, "style") == #""page""#)
        #expect(value(source, "param") == #""page""#)
        #expect(value(source, "next") == #""header:X-Next-Page""#)
        #expect(value(source, "total") == #""header:X-Total""#)
        #expect(source.paging.allSatisfy { $0.doubt == nil })
    }

    @Test("Slack: an error inside a 200 is refused with its text; a good answer gets error = \"error\" and cursor paging")
    func slack() async throws {
        let refused = RoutedAPI { _ in (200, [:], #"{"ok": false, "error": "not_authed"}"#) }
        let error = await #expect(throws: AddError.self) { try await infer("https://slack.example/api/users.list", refused) }
        #expect(error?.description.contains("not_authed") == true)
        let api = RoutedAPI { components in
            let cursor = Int(query(components, "cursor")?.dropFirst(7) ?? "0") ?? 0
            let members = (cursor + 1...cursor + 2).map { #"{"id": "U\#($0)", "name": "user\#($0)", "real_name": "User \#($0)"}"# }
            let next = cursor < 4 ? "dXNlcjo\(cursor + 2)" : ""
            return (200, [:], #"{"ok": true, "members": [\#(members.joined(separator: ","))], "response_metadata": {"next_cursor": "\#(next)"}}"#)
        }
        let source = try await infer("https://slack.example/api/users.list", api)
        #expect(value(source, "error") == #""error""#)
        #expect(value(source, "records") == #""members""#)
        #expect(value(source, "style") == #""cursor""#)
        #expect(value(source, "next") == #""response_metadata.next_cursor""#)
        #expect(value(source, "param") == #""cursor""#)
    }

    @Test("A detail URL: the list's URL + /{id} when it answers with an object")
    func detailByID() async throws {
        let api = RoutedAPI { components in
            if components.path == "/users" { return (200, [:], users(1..<3)) }
            if components.path == "/users/1" { return (200, [:], #"{"id": 1, "bio": "x"}"#) }
            return nil
        }
        let source = try await infer("https://api.example/users", api)
        #expect(value(source, "detail_url") == #""https://api.example/users/{id}""#)
    }

    @Test("What can't be a source says why: not JSON, no list, a refused token, an unset variable")
    func failures() async throws {
        let html = RoutedAPI { _ in (200, [:], "<html>hi</html>") }
        await #expect(throws: AddError.self) { try await infer("https://api.example/x", html) }
        let object = RoutedAPI { _ in (200, [:], #"{"ok": true}"#) }
        let noList = await #expect(throws: AddError.self) { try await infer("https://api.example/x", object) }
        #expect(noList?.description.contains("no list of records") == true)
        let refused = RoutedAPI { _ in (401, [:], #"{"message": "Bad credentials"}"#) }
        let unauthorized = await #expect(throws: AddError.self) { try await infer("https://api.example/x", refused) }
        #expect(unauthorized?.description.contains("--header") == true)
        let unset = await #expect(throws: AddError.self) {
            try await infer("https://api.example/x", headers: [RecordHeader(name: "Authorization", value: "Bearer ${NOPE}")], object)
        }
        #expect(unset?.description.contains("NOPE") == true)
    }

    @Test("Paths with dots are bracketed; headings come from keys")
    func spelling() {
        #expect(TOMLText.path(["a", "b.c", "d"]) == #"a["b.c"].d"#)
        #expect(TOMLText.path(["data", "-1", "id"]) == "data.-1.id")
        #expect(SourceInference.title(for: ["homeCity"]) == "Home city")
        #expect(SourceInference.title(for: ["created_at"]) == "Created at")
        #expect(SourceInference.title(for: ["dob", "date"]) == "Dob date")
        #expect(SourceInference.title(for: ["_source", "name"]) == "Source name")
        #expect(TOMLText.string("a\\c\n") == #""a\\c\n""#)
        #expect(TOMLText.string(#"["a.b"]"#) == #"'["a.b"]'"#)
    }
}
