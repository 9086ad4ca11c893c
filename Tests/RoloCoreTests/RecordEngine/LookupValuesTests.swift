import Foundation
import Testing
@testable import RoloCore

/// How a template reaches a looked-up record: ids as numbers, strings or `{"value": 7}`, a
/// missing record as the raw id, a record's own field before a lookup of its name.
@Suite("Configured sources: lookups in templates")
struct LookupValuesTests {
    private static let toml = """
        [[sources]]
        name = "contacts"
        url = "https://api.example.com/v1/people"
        label = "{name} · {org.name}"
        columns = [ { title = "Org", value = "{org.name}, {org.address.city}" } ]
        group = "{org.name}"

        [[sources.lookups]]
        name = "org"
        field = "org_id"
        url = "https://api.example.com/v1/organizations"
        records = "data"
        """

    private static func json(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8))
    }

    private static func values() throws -> (RecordSource, LookupValues) {
        let source = try RecordSourceFixtures.source(toml)
        let orgs: [String: JSONValue] = [
            "7": try json(#"{"id": 7, "name": "Acme", "address": {"city": "Tartu"}}"#),
            "x-9": try json(#"{"id": "x-9", "name": "Globex", "address": {"city": "Riga"}}"#),
        ]
        return (source, LookupValues(lookups: source.lookups, records: ["org": orgs]))
    }

    @Test("An id as a number, a string or an object's value finds the other record", arguments: [
        #"{"name": "Ada", "org_id": 7}"#, #"{"name": "Ada", "org_id": "7"}"#, #"{"name": "Ada", "org_id": {"value": 7, "name": "old"}}"#,
        #"{"name": "Ada", "org_id": {"id": 7}}"#,
    ])
    func ids(_ record: String) throws {
        let (source, lookups) = try Self.values()
        let value = try Self.json(record)
        #expect(source.label.render(value, lookups: lookups) == "Ada · Acme")
        #expect(source.columns[0].value.render(value, lookups: lookups) == "Acme, Tartu")
        #expect(source.label.render(value) == "Ada · ", "without lookups the path is the record's own, which has none")
    }

    @Test("A string id that isn't a number; a missing record shows the raw id; an empty field shows nothing")
    func missing() throws {
        let (source, lookups) = try Self.values()
        #expect(source.label.render(try Self.json(#"{"name": "Bo", "org_id": "x-9"}"#), lookups: lookups) == "Bo · Globex")
        #expect(source.label.render(try Self.json(#"{"name": "Cy", "org_id": 404}"#), lookups: lookups) == "Cy · 404")
        #expect(source.columns[0].value.render(try Self.json(#"{"org_id": {"value": 404}}"#), lookups: lookups) == "404, 404")
        #expect(source.label.render(try Self.json(#"{"name": "Di", "org_id": null}"#), lookups: lookups) == "Di · ")
        #expect(source.label.render(try Self.json(#"{"name": "Ed"}"#), lookups: lookups) == "Ed · ")
        #expect(lookups.value(at: JSONPath("org"), in: try Self.json(#"{"org_id": 7}"#)) == .string("7"), "the name alone is the raw id")
    }

    @Test("A record's own field of the lookup's name wins")
    func ownFieldWins() throws {
        let (source, lookups) = try Self.values()
        let value = try Self.json(#"{"name": "Fa", "org_id": 7, "org": {"name": "Own Org"}}"#)
        #expect(source.label.render(value, lookups: lookups) == "Fa · Own Org")
    }

    @Test("Group and sort read looked-up fields; the detail's name is the named source's label, else name, else the id")
    func sectionsAndNames() throws {
        let (source, lookups) = try Self.values()
        let records = try [#"{"org_id": "x-9"}"#, #"{"org_id": 7}"#, #"{"org_id": 7}"#].map(Self.json)
        let sections = source.sections(records, locale: Locale(identifier: "en"), lookups: lookups)
        #expect(sections.sections.map(\.title) == ["Acme", "Globex"])
        #expect(sections.order == [1, 2, 0])
        var lookup = source.lookups[0]
        #expect(lookups.name(of: lookup, in: records[1]) == "Acme")
        lookup.label = try RecordTemplate("{name} in {address.city}")
        let labelled = LookupValues(lookups: [lookup], records: lookups.records)
        #expect(labelled.name(of: lookup, in: records[1]) == "Acme in Tartu")
        #expect(labelled.name(of: lookup, in: try Self.json(#"{"org_id": 5}"#)) == "5")
        #expect(labelled.name(of: lookup, in: try Self.json(#"{"other": 5}"#)) == nil)
        #expect(lookups.expanded(records[1]) == (try Self.json(#"{"org_id": 7, "org": {"id": 7, "name": "Acme", "address": {"city": "Tartu"}}}"#)))
    }
}
