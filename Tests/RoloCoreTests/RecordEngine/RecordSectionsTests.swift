import Foundation
import Testing
@testable import RoloCore

@Suite("RecordSource sections: group and sort")
struct RecordSectionsTests {
    @Test("Groups sorted by collation, rows by sort then the API's order, no group last")
    func sections() throws {
        var source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "team"
            url = "https://x.example/team"
            group = "{department}"
            sort = "{last}"
            """)
        let records: [JSONValue] = [
            ("Sales", "Tamm"), ("design", "Šmidt"), ("Sales", "Saar"), ("", "Kask"), ("design", "Zorin"), ("Sales", "Saar"),
        ].map { department, last in
            .object([JSONMember("department", .string(department)), JSONMember("last", .string(last))])
        }
        let arranged = source.sections(records, locale: Locale(identifier: "et_EE"))
        // Estonian collation puts š, then z, between s and t.
        #expect(arranged.order == [1, 4, 2, 5, 0, 3])
        #expect(arranged.sections == [
            .init(title: "design", rows: 0..<2), .init(title: "Sales", rows: 2..<5), .init(title: "—", rows: 5..<6),
        ])
        source.group = nil
        source.sort = nil
        #expect(source.sections(records, locale: Locale(identifier: "et_EE")) == RecordSections(order: Array(0..<6), sections: []))
    }
}
