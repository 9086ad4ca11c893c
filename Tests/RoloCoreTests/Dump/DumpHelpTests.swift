@testable import RoloCore
import Testing

@Suite("rolo dump --help lists every source's fields")
struct DumpHelpTests {
    @Test("Every line of the field list fits 80 columns and names a source or continues one")
    func fieldListShape() {
        let lines = SourceRegistry.catalog().dumpFieldsHelp.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 78 })
        let starts = lines.filter { !$0.hasPrefix("              ") }.map { $0.split(separator: " ").first.map(String.init) }
        #expect(starts == SourceRegistry.catalog().ids.map(\.rawValue))
    }

    @Test("Each source's fields are listed, in order, under its name")
    func everyField() {
        let help = SourceRegistry.catalog().dumpFieldsHelp
        for definition in SourceRegistry.catalog().definitions {
            let listed = help.components(separatedBy: "  " + definition.id.rawValue + " ").dropFirst().first ?? ""
            let words = listed.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }).prefix(definition.dumpFields.count).map(String.init)
            #expect(words == definition.dumpFields, "\(definition.id)")
        }
    }
}
