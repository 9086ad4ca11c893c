import Foundation
import RoloCore
import Testing

@Suite("PipedriveDecoder reads v1 and v2 pages with every quirk")
struct PipedriveDecoderTests {
    @Test("v2: plain ids, phones/emails, RFC 3339 times, next_cursor")
    func v2() throws {
        let page = try PipedriveDecoder.decodePage(try Fixture.data("pipedrive/v2-page.json"))
        #expect(page.persons.count == 3)
        #expect(page.nextCursor == "eyJpZCI6M30+")
        #expect(page.nextStart == nil)
        #expect(page.next == .cursor("eyJpZCI6M30+"))
        let ada = page.persons[0]
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
        let persons = try PipedriveDecoder.decodePage(try Fixture.data("pipedrive/v2-page.json")).persons
        #expect(persons[1].displayName == "nameless@example.com")
        #expect(persons[1].organizationID == nil)
        #expect(persons[1].updateTime == nil)
        #expect(!persons[1].hasPicture)
        #expect(!persons[2].name.contains("\u{1B}"))
        #expect(PipedrivePerson(id: "9", name: " ").displayName == "(no name)")
    }

    @Test("v1: owner/org objects, null org, empty phone/email placeholders, null last_name, UTC times")
    func v1() throws {
        let page = try PipedriveDecoder.decodePage(try Fixture.data("pipedrive/v1-page.json"))
        #expect(page.nextStart == 2)
        #expect(page.nextCursor == nil)
        let grace = page.persons[0]
        #expect(grace.id == "10")
        #expect(grace.ownerID == 7 && grace.ownerName == "Olive Owner")
        #expect(grace.organizationID == 3 && grace.organizationName == "Acme Ltd")
        #expect(grace.openDeals == 2)
        #expect(grace.hasPicture)
        #expect(grace.primaryEmail == "grace@example.com")
        #expect(grace.addTime == Date(timeIntervalSince1970: 1_494_054_489))
        let prince = page.persons[1]
        #expect(prince.lastName == nil)
        #expect(prince.organizationID == nil && prince.organizationName == nil)
        #expect(prince.phones.isEmpty && prince.emails.isEmpty)
        #expect(!prince.hasPicture)
        #expect(prince.openDeals == 0)
    }

    @Test("v1's data null is an empty last page; next_start only while more_items_in_collection")
    func v1End() throws {
        let page = try PipedriveDecoder.decodePage(try Fixture.data("pipedrive/v1-last.json"))
        #expect(page.persons.isEmpty)
        #expect(page.next == nil)
        let v2 = try PipedriveDecoder.decodePage(try Fixture.data("pipedrive/v2-last.json"))
        #expect(v2.persons.isEmpty && v2.next == nil)
    }

    @Test("{success: false} is the API's words; a broken record is skipped with its index")
    func failures() throws {
        let refusal = #expect(throws: FetchError.self) {
            _ = try PipedriveDecoder.decodePage(try Fixture.data("pipedrive/refusal.json"))
        }
        #expect(refusal?.message == "Pipedrive says: Scope and URL mismatch — r to retry")
        let page = try PipedriveDecoder.decodePage(Data(#"{"success":true,"data":[{"id":1},{"name":"x"}]}"#.utf8))
        #expect(page.persons.map(\.id) == ["1"])
        #expect(page.skipped.map(\.index) == [1])
        #expect(page.skipped.map(\.reason) == ["'id' is missing"])
    }
}
