import Foundation
import Testing

@testable import RoloCore

/// A Pipedrive person read from the JSON the API sent, written as v1 JSON, and resolved and
/// searched through Pipedrive's lookups as the stored names resolve it.
@Suite("A Pipedrive person as JSON: read as the API sent it, written as v1, resolved by its lookups")
struct PipedrivePersonJSONTests {
    static let v2Person = """
        {"id": 12, "name": "Ada Lovelace", "first_name": "Ada", "last_name": "Lovelace",
         "emails": [{"value": "ada@example.com", "label": "work", "primary": true}, {"value": "", "primary": false}],
         "phones": [{"value": "+372 555 0101", "label": "mobile", "primary": false}],
         "org_id": 7, "owner_id": 3, "add_time": "2025-01-02T03:04:05Z", "update_time": "2025-02-03T04:05:06Z",
         "picture_id": null, "open_deals_count": 2}
        """

    static let ada = PipedrivePerson(
        id: "12", name: "Ada Lovelace", firstName: "Ada", lastName: "Lovelace",
        phones: [LabeledValue(value: "+372 555 0101", label: "mobile")],
        emails: [LabeledValue(value: "ada@example.com", label: "work", primary: true)],
        organizationID: 7, ownerID: 3, openDeals: 2,
        addTime: Date(timeIntervalSince1970: 1_735_787_045), updateTime: Date(timeIntervalSince1970: 1_738_555_506))

    static func json(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    /// Pipedrive's lookups as stored: organisation 7 and user 3 by name.
    static let lookups = LookupValues(lookups: [], records: [
        "org": ["7": .object([JSONMember("id", .number("7")), JSONMember("name", .string("Analytical Engines Ühing"))])],
        "owner": ["3": .object([JSONMember("id", .number("3")), JSONMember("name", .string("Charles Babbage"))])],
    ])

    @Test("a v2 person is read as a page's person is: placeholders dropped, ids and times read")
    func readsV2() throws {
        #expect(try PipedrivePerson(json: Self.json(Self.v2Person)) == Self.ada)
    }

    @Test("written as v1 JSON and read back, a person is the same person", arguments: [
        PipedrivePersonJSONTests.ada,
        PipedrivePerson(id: "1", name: ""),
        PipedrivePerson(
            id: "40", name: "Grace Hopper", lastName: "Hopper", organizationName: "Navy", organizationID: 9,
            ownerName: "Olive Owner", ownerID: 1, hasPicture: true),
        PipedrivePerson(id: "41", name: "Only names", organizationName: "Acme", ownerName: "Olive"),
    ] + FakePipedriveAccount.people(1...3))
    func roundTrip(person: PipedrivePerson) throws {
        #expect(try PipedrivePerson(json: person.v1JSON) == person)
    }

    @Test("v1 JSON has v1's shape: org_id and owner_id objects, phone and email lists, has_pic as 0 or 1, UTC times")
    func v1Shape() {
        let json = Self.ada.v1JSON
        #expect(json["org_id"] == .object([JSONMember("value", .number("7"))]))
        #expect(json["owner_id"]?["value"] == .number("3"))
        #expect(json["email"]?.value(at: JSONPath("0.value")) == .string("ada@example.com"))
        #expect(json["has_pic"] == .number("0"))
        #expect(json["add_time"] == .string("2025-01-02 03:04:05"))
        #expect(json["last_name"] == .string("Lovelace"))
        #expect(PipedrivePerson(id: "2", name: "x").v1JSON["last_name"] == .null)
    }

    @Test("what isn't a person is a DecodingProblem, not a trap")
    func notAPerson() throws {
        #expect(throws: DecodingProblem.self) { try PipedrivePerson(json: .string("Ada")) }
        #expect(throws: DecodingProblem.self) { try PipedrivePerson(json: Self.json(#"{"name": "no id"}"#)) }
    }

    @Test("the lookups fill in the names a v2 person has only ids for, as the stored names do; a v1 person's own names win")
    func resolved() throws {
        var named = Self.ada
        named.organizationName = "Analytical Engines Ühing"
        named.ownerName = "Charles Babbage"
        #expect(Self.ada.resolved(with: Self.lookups) == named)
        #expect(Self.ada.resolved(with: Self.lookups).organizationName == "Analytical Engines Ühing")
        #expect(Self.ada.resolved(with: Self.lookups).ownerName == "Charles Babbage")
        var own = Self.ada
        own.organizationName = "Its own"
        #expect(own.resolved(with: Self.lookups).organizationName == "Its own")
        var unknown = Self.ada
        unknown.organizationID = 8
        #expect(unknown.resolved(with: Self.lookups).organizationName == nil)
        #expect(Self.ada.resolved(with: .none) == Self.ada)
    }

    @Test("a looked-up name is cleaned as the person's own texts are: no escape sequences, no blank name")
    func lookedUpNamesCleaned() {
        let names = PipedriveNames(organizations: [7: "Umbrella O\u{DC} \u{1B}[31mred "], users: [3: "  "])
        let resolved = Self.ada.resolved(with: names.lookupValues)
        #expect(resolved.organizationName == "Umbrella OÜ red")
        #expect(resolved.ownerName == nil)
    }

    @Test("the search text of the API's JSON is the stored persons': name, emails and the organisation's name, folded")
    func searchText() throws {
        var named = Self.ada
        named.organizationName = "Analytical Engines Ühing"
        let text = PipedrivePerson.searchText(try Self.json(Self.v2Person), lookups: Self.lookups)
        #expect(text == named.searchKey)
        #expect(text?.contains("analytical engines uhing") == true)
        #expect(PipedrivePerson.searchText(.array([]), lookups: Self.lookups) == nil)
    }
}
