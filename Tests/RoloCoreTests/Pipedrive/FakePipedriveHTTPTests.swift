import Foundation
import Testing

@testable import RoloCore

/// The fake account speaks HTTP as Pipedrive does, so the record engine's pager over the shipped
/// definition reads it as it reads Pipedrive: every person in order, the waits Pipedrive asks
/// for, and Pipedrive's errors.
@Suite("FakePipedriveAccount answers the engine's pager as Pipedrive does")
struct FakePipedriveHTTPTests {
    /// Persons 1…n with the fields either version carries: organisations and owners by id (every
    /// fifth without an organisation), phones, times in whole seconds, and a picture now and then.
    static func persons(_ count: Int) -> [PipedrivePerson] {
        FakePipedriveAccount.people(1...count).map { person in
            var person = person
            let n = Int(person.id) ?? 0
            person.organizationID = n % 5 == 0 ? nil : n % 3 + 1
            person.ownerID = n % 2 + 1
            person.phones = n % 4 == 0 ? [] : [LabeledValue(value: "+372 5\(1000 + n)", label: "work", primary: true)]
            person.openDeals = n % 3
            person.addTime = Date(timeIntervalSince1970: 1_700_000_000 + Double(n))
            person.hasPicture = n % 7 == 0
            return person
        }
    }

    /// Every person the pager reads, from the first page to the last; `waits` hears each wait.
    static func pagedByEngine(_ account: FakePipedriveAccount, waits: WaitLog = WaitLog()) async throws -> [PipedrivePerson] {
        try await account.pages().persons(waiting: { waits.append($0) })
    }

    @Test("the engine's pages hold every person, in order, asked for with the account's tokens and the token header",
          arguments: PipedriveAPIVersion.allCases)
    func everyPerson(api: PipedriveAPIVersion) async throws {
        let persons = Self.persons(1_100)
        let account = FakePipedriveAccount(persons, api: api)
        #expect(try await Self.pagedByEngine(account) == persons)
        let t = account.token(at:)
        #expect(await account.requested == [nil, t(500), t(1_000)])
        let sent = await account.httpRequests
        #expect(sent.count == 3)
        #expect(sent.allSatisfy { $0.headers["x-api-token"] == PipedriveHTTP.token })
        #expect(sent.allSatisfy { !$0.url.absoluteString.contains(PipedriveHTTP.token) })
    }

    @Test("a scripted 429 reaches the pager as a wait of its reset, and the same page is asked again", arguments: PipedriveAPIVersion.allCases)
    func rateLimitIsAWait(api: PipedriveAPIVersion) async throws {
        let account = FakePipedriveAccount(Self.persons(700), api: api)
        await account.fail(request: 2, with: .tooManyRequests(retryAfter: 3))
        let waits = WaitLog()
        let persons = try await Self.pagedByEngine(account, waits: waits)
        #expect(persons == Self.persons(700))
        #expect(waits.values == [3])
        #expect(await account.sleeps == [3])
        let t = account.token(at:)
        #expect(await account.requested == [nil, t(500), t(500)])
        #expect(await account.served == [nil, t(500)])
    }

    @Test("a scripted refusal is the error the engine's pager throws, in Pipedrive's words")
    func sameError() async throws {
        let account = FakePipedriveAccount(Self.persons(3), api: .v2)
        await account.fail(requests: 1...2, with: .unauthorized())
        await #expect(throws: FetchError.unauthorized()) { try await Self.pagedByEngine(account) }
        #expect(FetchError.unauthorized().message == "Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN")
    }

    @Test("a request without the token is refused as Pipedrive refuses it")
    func tokenChecked() async throws {
        let account = FakePipedriveAccount(Self.persons(3), api: .v2)
        await #expect(throws: FetchError.unauthorized()) { try await account.pages(token: "wrong").persons() }
    }

    @Test("a request it doesn't serve fails the test with a message naming it and is answered 404, never a trap")
    func misuse() async throws {
        let account = FakePipedriveAccount(Self.persons(3), api: .v2)
        let deals = HTTPRequest(url: PipedriveHTTP.baseURL.appendingPathComponent("v1/deals"), headers: ["x-api-token": PipedriveHTTP.token])
        var response: HTTPResponse?
        try await withKnownIssue {
            response = try await account.send(deals)
        } matching: { issue in
            issue.description.contains("doesn't serve GET https://acme.pipedrive.com/v1/deals")
        }
        #expect(response?.status == 404)
        #expect(response.map { String(decoding: $0.body, as: UTF8.self) }?.contains("doesn't serve GET https://acme.pipedrive.com/v1/deals") == true)

        // v1's persons asked of a v2 account: the pager says what the fake said.
        let v1 = try PipedrivePages(api: .v1, http: account)
        var thrown: (any Error)?
        await withKnownIssue {
            do { _ = try await v1.page() } catch { thrown = error }
        } matching: { issue in
            issue.description.contains("doesn't serve GET https://acme.pipedrive.com/v1/persons")
        }
        let error = try #require(thrown as? FetchError)
        #expect(error.kind == .httpStatus(404))
        #expect(error.message.hasPrefix("Pipedrive says: The fake Pipedrive account (API v2) doesn't serve GET"))
        #expect(await account.requested == [])
    }
}
