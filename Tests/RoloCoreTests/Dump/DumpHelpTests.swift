@testable import RoloCore
import Testing

@Suite("rolo dump --help lists every source's fields")
struct DumpHelpTests {
    @Test("The help's field list is the schemas' fields, wrapped under 80 columns")
    func fieldsHelpMatchesTheSchemas() {
        // The help is a literal so a launch doesn't build it: a field added to a schema must be
        // added there too, and this says how it should read.
        #expect(DumpSchemas.fieldsHelp == DumpSchemas.fieldList())
    }

    @Test("Every line of the field list fits 80 columns and names a source or continues one")
    func fieldListShape() {
        let lines = DumpSchemas.fieldList().split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 78 })
        let starts = lines.filter { !$0.hasPrefix("              ") }.map { $0.split(separator: " ").first.map(String.init) }
        #expect(starts == SourceID.allCases.map(\.rawValue))
    }
}
