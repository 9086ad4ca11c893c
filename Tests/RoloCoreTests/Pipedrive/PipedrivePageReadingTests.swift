import Foundation
import RoloCore
import Testing

/// Pipedrive's pages as the app reads them: the engine's page of the shipped definition
/// (``RecordPager/page(in:of:at:refusal:)``, what the pager runs on every answer), each
/// record read as a person (``PipedrivePerson/init(json:)``).
@Suite("Pipedrive's v1 and v2 pages read with every quirk")
struct PipedrivePageReadingTests {
    /// `body`, answered to the first persons request of API `api`, as the engine's pager reads it.
    static func page(_ body: Data, api: PipedriveAPIVersion) throws -> RecordPage {
        let source = try PipedriveDefinition.source(companyURL: PipedriveHTTP.baseURL.absoluteString, api: api)
        let url = try #require(URL(string: source.url))
        let response = HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body, url: url)
        return try RecordPager.page(in: response, of: source, at: .start(source.paging), refusal: PipedriveAccount.refusal)
    }

    /// The page `body` is, and each of its records read as a person (throwing for one that isn't).
    static func read(_ body: Data, api: PipedriveAPIVersion) throws -> (page: RecordPage, persons: [PipedrivePerson]) {
        let page = try page(body, api: api)
        return (page, try page.records.map { try PipedrivePerson(json: $0.value) })
    }

    /// The fixture `name` of `pipedrive/`, read as a page of API `api`.
    static func read(fixture name: String, api: PipedriveAPIVersion) throws -> (page: RecordPage, persons: [PipedrivePerson]) {
        try read(try Fixture.data("pipedrive/\(name)"), api: api)
    }

    @Test("v2: plain ids, phones/emails, RFC 3339 times, next_cursor")
    func v2() throws {
        let (page, persons) = try Self.read(fixture: "v2-page.json", api: .v2)
        #expect(persons.count == 3)
        #expect(page.next?.cursor == "eyJpZCI6M30+")
        let ada = persons[0]
        #expect(ada.id == "1")
        #expect(ada.displayName == "Ada Lovelace")
        #expect(ada.firstName == "Ada" && ada.lastName == "Lovelace")
        #expect(ada.ownerID == 7 && ada.ownerName == nil)
        #expect(ada.organizationID == 3 && ada.organizationName == nil)
        #expect(ada.emails.count == 2)
        #expect(ada.primaryEmail == "ada@example.com")
        #expect(ada.phones == [LabeledValue(value: "+44 20 7946 0000", label: "mobile", primary: true)])
        #expect(ada.addTime == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(ada.hasPicture)
    }

    @Test("A person with no name shows the primary email, else (no name); text is terminal-safe")
    func names() throws {
        let persons = try Self.read(fixture: "v2-page.json", api: .v2).persons
        #expect(persons[1].displayName == "nameless@example.com")
        #expect(persons[1].organizationID == nil)
        #expect(persons[1].updateTime == nil)
        #expect(!persons[1].hasPicture)
        #expect(!persons[2].name.contains("\u{1B}"))
        #expect(PipedrivePerson(id: "9", name: " ").displayName == "(no name)")
    }

    @Test("v1: owner/org objects, null org, empty phone/email placeholders, null last_name, UTC times")
    func v1() throws {
        let (page, persons) = try Self.read(fixture: "v1-page.json", api: .v1)
        #expect(page.next?.offset == 2)
        #expect(page.next?.cursor == nil)
        let grace = persons[0]
        #expect(grace.id == "10")
        #expect(grace.ownerID == 7 && grace.ownerName == "Olive Owner")
        #expect(grace.organizationID == 3 && grace.organizationName == "Acme Ltd")
        #expect(grace.openDeals == 2)
        #expect(grace.hasPicture)
        #expect(grace.primaryEmail == "grace@example.com")
        #expect(grace.addTime == Date(timeIntervalSince1970: 1_494_054_489))
        let prince = persons[1]
        #expect(prince.lastName == nil)
        #expect(prince.organizationID == nil && prince.organizationName == nil)
        #expect(prince.phones.isEmpty && prince.emails.isEmpty)
        #expect(!prince.hasPicture)
        #expect(prince.openDeals == 0)
    }

    @Test("v1's data null is an empty last page; paging goes on only while more_items_in_collection")
    func v1End() throws {
        let v1 = try Self.read(fixture: "v1-last.json", api: .v1)
        #expect(v1.persons.isEmpty)
        #expect(v1.page.next == nil)
        let v2 = try Self.read(fixture: "v2-last.json", api: .v2)
        #expect(v2.persons.isEmpty && v2.page.next == nil)
    }

    @Test("{success: false} is the API's words; a record without an id is skipped with its index", arguments: PipedriveAPIVersion.allCases)
    func failures(api: PipedriveAPIVersion) throws {
        let refusal = #expect(throws: FetchError.self) { _ = try Self.read(fixture: "refusal.json", api: api) }
        #expect(refusal?.message == "Pipedrive says: Scope and URL mismatch — r to retry")
        #expect(refusal?.kind == .badResponse)
        let (page, persons) = try Self.read(Data(#"{"success":true,"data":[{"id":1},{"name":"x"}]}"#.utf8), api: api)
        #expect(persons.map(\.id) == ["1"])
        #expect(page.skipped.map(\.index) == [1])
        #expect(page.skipped.map(\.reason) == ["no id at 'id' (a record has name)"])
    }
}
