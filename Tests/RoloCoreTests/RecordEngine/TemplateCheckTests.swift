import Foundation
@testable import RoloCore
import Testing

@Suite("Template check: what a path that shows nothing is told")
struct TemplateCheckTests {
    private func records(_ json: String) throws -> [JSONValue] {
        guard case .array(let items) = try JSONValue.parse(Data(json.utf8)) else {
            Issue.record("not a list: \(json)")
            return []
        }
        return items
    }

    @Test("A path every record holds as null is null in every record, with no 'did you mean' itself")
    func nullEverywhere() throws {
        let records = try records(#"[{"id": 1, "title": "a", "body": null}, {"id": 2, "title": "b", "body": null}]"#)
        #expect(TemplateCheck.problems("columns", paths: [JSONPath("body"), JSONPath("title")], records: records)
            == ["columns: 'body' is null in every record"])
    }

    @Test("A path some records hold as null and the others lack is null or missing")
    func nullOrMissing() throws {
        let records = try records(#"[{"id": 1, "body": null}, {"id": 2}]"#)
        #expect(TemplateCheck.problems("label", paths: [JSONPath("body")], records: records)
            == ["label: 'body' is null or missing in every record"])
    }

    @Test("A path no record has is still a near miss of what they have")
    func missing() throws {
        let records = try records(#"[{"id": 1, "body": "x"}]"#)
        #expect(TemplateCheck.problems("label", paths: [JSONPath("bdy")], records: records)
            == ["label: no record has 'bdy' (did you mean 'body'?) — records have id, body"])
    }

    @Test("'did you mean' never suggests the word it rejects")
    func neverItself() {
        #expect("body".didYouMean(["body"]) == nil)
        #expect("body".didYouMean(["body", "bodies"]) == " (did you mean 'bodies'?)")
        #expect("lable".didYouMean(["lable", "label"]) == " (did you mean 'label'?)")
    }
}
