import Foundation
import Testing

@testable import RoloCore

/// Pipedrive's own words for its refusals (``PipedriveAccount/refusal(_:)``), as the engine's
/// pager asks them of every answer that isn't a success.
@Suite("The engine's pager words Pipedrive's refusals in Pipedrive's words")
struct PipedriveRefusalTests {
    static let token = PipedriveLookupsTests.token

    /// Answers to the first page of persons, each a refusal of some kind.
    static let refusals: [FakeHTTPClient.Answer] = [
        .respond(401, #"{"success":false,"error":"unauthorized access"}"#),
        .respond(429, #"{"success":false,"error":"Rate limit exceeded"}"#, headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1.5"]),
        .respond(403, #"{"success":false,"error":"Scope and URL mismatch"}"#),
        .respond(500, "<html>oops \(token)</html>"),
        .respond(502, #"{"success":false,"error":"bad token \#(token)"}"#),
    ]

    /// The error `answer` is to the engine's pager over the shipped definition (v1 persons), with
    /// `refusal` as its wording.
    static func pagerError(_ answer: FakeHTTPClient.Answer, refusal: RecordPager.Refusal?) async throws -> FetchError? {
        let source = try PipedriveLookupsTests.source()
        let endpoint = try source.endpoint(environment: ["PIPEDRIVE_API_TOKEN": token])
        let http = FakeHTTPClient(["/v1/persons": answer])
        let pager = RecordPager(source: source, endpoint: endpoint, client: http, sleep: { _ in }, refusal: refusal)
        return await #expect(throws: FetchError.self) { _ = try await pager.fetch(at: .start(source.paging)) }
    }

    @Test("each refusal keeps its status, its wait, and no token", arguments: PipedriveRefusalTests.refusals.indices)
    func kinds(index: Int) async throws {
        let error = try #require(try await Self.pagerError(Self.refusals[index], refusal: PipedriveAccount.refusal))
        #expect(error.kind == .httpStatus([401, 429, 403, 500, 502][index]))
        #expect(error.retryAfter == (index == 1 ? 1.5 : nil))
        #expect(error.endpoint == "acme.pipedrive.com")
        #expect(!error.message.contains(Self.token) && !error.detail.contains(Self.token))
        #expect(error.message == Self.messages[index])
    }

    /// What each of ``refusals`` says.
    static let messages = [
        "Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN",
        "Pipedrive is rate-limiting rolo — wait 2 s, then r",
        "Pipedrive says: Scope and URL mismatch — r to retry",
        "The Pipedrive server answered 500 with an HTML page — r to retry",
        "Pipedrive says: bad token REDACTED — r to retry",
    ]

    @Test("the words are Pipedrive's: a refused token, a rate limit's wait, the API's own text")
    func words() async throws {
        let messages = try await Self.refusals.prefix(3).asyncMap { try await Self.pagerError($0, refusal: PipedriveAccount.refusal)?.message }
        #expect(messages == [
            "Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN",
            "Pipedrive is rate-limiting rolo — wait 2 s, then r",
            "Pipedrive says: Scope and URL mismatch — r to retry",
        ])
    }

    @Test("without the wording, the pager's own words stand")
    func withoutWording() async throws {
        let error = try await Self.pagerError(Self.refusals[0], refusal: nil)
        #expect(error?.message.hasPrefix("Pipedrive refused rolo's request (401)") == true)
    }

    @Test("Pipedrive's body says it failed: its words, or \"the request failed\" when it gives none", arguments: [
        (#"{"success":false,"error":"Scope and URL mismatch"}"#, "Scope and URL mismatch"),
        (#"{"success":false}"#, "the request failed"),
        (#"{"success":false,"data":null}"#, "the request failed"),
        (#"{"error":"no success said"}"#, "no success said"),
        (#"{"success":"false","error":"not a Boolean"}"#, "not a Boolean"),
        (#"{"success":false,"error":{"code":7}}"#, "the request failed"),
        (#"{"success":false,"error":"red \u001b[31mtext"}"#, "red text"),
        (#"{"success":true,"error":"ignored"}"#, nil),
        (#"{"success":true,"data":[]}"#, nil),
        (#"[{"success":false}]"#, nil),
        (#""success""#, nil),
    ] as [(String, String?)])
    func refusalText(body: String, words: String?) throws {
        #expect(PipedriveAccount.refusalText(try JSONValue.parse(Data(body.utf8))) == words)
    }

    @Test("a 200 that says it failed is Pipedrive's words through the pager, never an empty page or a config problem", arguments: [
        #"{"success":false}"#, #"{"success":false,"data":null}"#, #"{"success":false,"error":"Scope and URL mismatch"}"#,
    ])
    func failedSuccess(body: String) async throws {
        let error = try #require(try await Self.pagerError(.respond(200, body), refusal: PipedriveAccount.refusal))
        #expect(error.kind == .badResponse)
        #expect(error.message.hasPrefix("Pipedrive says: "))
        #expect(error.message.hasSuffix(" — r to retry"))
    }

    @Test("a success is no refusal")
    func success() {
        let response = HTTPResponse(
            status: 200, headers: [:], body: Data(#"{"success":true,"data":[]}"#.utf8),
            url: PipedriveLookupsTests.company.appendingPathComponent("v1/persons"))
        #expect(PipedriveAccount.refusal(response) == nil)
    }
}

extension Sequence {
    /// The values `transform` gives, in order, one after another.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var values: [T] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}
