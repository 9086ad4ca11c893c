import Foundation
import Testing
@testable import RoloCore

/// Fields from the detail: `detail_record`, the merge over the listed record, and the template
/// check's rule with a `detail_url`.
@Suite("Configured sources: the detail merged over the listed record")
struct DetailMergeTests {
    static let toml = """
        [[sources]]
        name = "pokemon"
        url = "https://pokeapi.example/api/v2/pokemon"
        records = "results"
        id = "name"
        detail_url = "{url}"
        image = "{sprites.front_default}"
        columns = [ { title = "Height", value = "{height}" } ]

        """

    private func json(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8))
    }

    @Test("Objects merge key by key, nested ones too, the detail winning; listed keys keep their place, the detail's own follow")
    func merge() throws {
        let listed = try json(#"{"name": "bulbasaur", "url": "u", "meta": {"a": 1, "b": 2}, "tags": [1]}"#)
        let detail = try json(#"{"id": 1, "name": "Bulbasaur", "meta": {"b": 3, "c": 4}, "tags": [2, 3]}"#)
        #expect(listed.merging(detail) == (try json(
            #"{"name": "Bulbasaur", "url": "u", "meta": {"a": 1, "b": 3, "c": 4}, "tags": [2, 3], "id": 1}"#)))
        // Anything but two objects: the detail's value.
        #expect(JSONValue.string("x").merging(.number("2")) == .number("2"))
        #expect(listed.merging(.array([])) == .array([]))
        let record = JSONRecord(id: "bulbasaur", value: listed).merging(detail)
        #expect(record.id == "bulbasaur" && record.value["id"] == .number("1"))
    }

    @Test("detail_record names where the record is in the answer; without detail_url it is refused, a bad path too")
    func detailRecordKey() throws {
        let source = try RecordSourceFixtures.source(Self.toml + "detail_record = \"data\"\n")
        #expect(source.detailRecord == JSONPath("data"))
        #expect(try source.detailValue(in: try json(#"{"data": {"id": 1}}"#)) == (try json(#"{"id": 1}"#)))
        #expect(throws: DetailRecordError("detail_record 'data' isn't in the detail answer, which is an object with keys id")) {
            try source.detailValue(in: try json(#"{"id": 1}"#))
        }
        #expect(try RecordSourceFixtures.source(Self.toml).detailRecord == nil)
        let withoutURL = Self.toml.replacingOccurrences(of: "detail_url = \"{url}\"\n", with: "") + "detail_record = \"data\"\n"
        #expect {
            try RecordSourceFixtures.source(withoutURL)
        } throws: { error in
            "\(error)".contains("detail_record of source 'pokemon' is a path into detail_url's answer — add detail_url")
        }
        #expect {
            try RecordSourceFixtures.source(Self.toml + "detail_record = \"data..x\"\n")
        } throws: { error in
            "\(error)".contains("in detail_record of source 'pokemon' isn't a field path like name or address.city")
        }
    }

    @Test("The pager returns the record at detail_record; an answer without it is an error naming the key")
    func pagerDetail() async throws {
        let source = try RecordSourceFixtures.source(Self.toml + "detail_record = \"pokemon\"\n")
        let client = ScriptedHTTPClient([
            "https://pokeapi.example/api/v2/pokemon/1/": [.json(#"{"pokemon": {"id": 1, "height": 7}}"#)],
            "https://pokeapi.example/api/v2/pokemon/2/": [.json(#"{"other": true}"#)],
        ])
        let pager = try RecordSourceFixtures.pager(source, client)
        let one = JSONRecord(id: "bulbasaur", value: try json(#"{"name": "bulbasaur", "url": "https://pokeapi.example/api/v2/pokemon/1/"}"#))
        #expect(try await pager.detail(of: one) == (try json(#"{"id": 1, "height": 7}"#)))
        let two = JSONRecord(id: "ivysaur", value: try json(#"{"name": "ivysaur", "url": "https://pokeapi.example/api/v2/pokemon/2/"}"#))
        await #expect {
            try await pager.detail(of: two)
        } throws: { error in
            (error as? FetchError)?.message
                == "pokemon: detail_record 'pokemon' isn't in the detail answer, which is an object with keys other — check detail_record in the config file"
        }
    }

    @Test("With a detail_url, a path no listed record has is no problem until detailed records lack it too; the id is always the list's")
    func templateCheckRule() throws {
        let source = try RecordSourceFixtures.source(Self.toml)
        let listed = [try json(#"{"name": "bulbasaur", "url": "u1"}"#)]
        #expect(source.problems(with: listed).isEmpty)
        let detailed = [listed[0].merging(try json(#"{"height": 7, "sprites": {"front_default": "p.png"}}"#))]
        #expect(source.problems(with: listed, detailed: detailed).isEmpty)
        let typo = try RecordSourceFixtures.source(Self.toml.replacingOccurrences(of: "{height}", with: "{heigth}"))
        #expect(typo.problems(with: listed).isEmpty)
        #expect(typo.problems(with: listed, detailed: detailed).count == 1)
        #expect(typo.problems(with: listed, detailed: detailed)[0].hasPrefix("column 'Height': no record has 'heigth' (did you mean 'height'?)"))
        let badID = try RecordSourceFixtures.source(Self.toml.replacingOccurrences(of: "id = \"name\"", with: "id = \"nme\""))
        #expect(badID.problems(with: listed).first?.hasPrefix("id: no record has 'nme'") == true)
        // Without a detail_url nothing changes: the listed records are judged.
        let plain = try RecordSourceFixtures.source(Self.toml.replacingOccurrences(of: "detail_url = \"{url}\"\n", with: ""))
        #expect(plain.problems(with: listed).map { $0.prefix(6) } == ["column", "image:"])
    }
}
