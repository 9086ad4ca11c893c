import Testing
@testable import RoloApp

@Suite("The table of row ids")
struct RowIDTableTests {
    private static let ids = (0..<5_000).map { "person-\($0)" }

    @Test("Every id is found at its position; ids not in the list are not")
    func findsEveryID() {
        let table = RowIDTable(Self.ids)
        #expect(Self.ids.indices.allSatisfy { table.position(of: Self.ids[$0]) == $0 })
        #expect(table.position(of: "person-5000") == nil)
        #expect(table.position(of: "") == nil)
    }

    @Test("Of two records with one id, the first is found")
    func firstOfDuplicates() {
        let table = RowIDTable(["a", "b", "a", "c", "b"])
        #expect(["a", "b", "c"].map(table.position(of:)) == [0, 1, 3])
    }

    @Test("Ids that all hash alike are still told apart, and a miss ends its probe")
    func collisions() {
        let ids = Array(Self.ids.prefix(700)) + ["person-3"]
        let table = RowIDTable(ids) { _ in 7 }
        #expect(ids.indices.dropLast().allSatisfy { table.position(of: ids[$0]) == $0 })
        #expect(table.position(of: "person-3") == 3, "the duplicate at the end is not the one found")
        #expect(table.position(of: "person-700") == nil)
    }

    @Test("Ids hashing to the table's last slots wrap around to its first")
    func wrapsAround() {
        let ids = (0..<12).map { "id\($0)" }
        let table = RowIDTable(ids) { _ in -1 }
        #expect(ids.indices.allSatisfy { table.position(of: ids[$0]) == $0 })
        #expect(table.position(of: "id12") == nil)
    }

    @Test("An empty list finds nothing")
    func empty() {
        #expect(RowIDTable([]).position(of: "a") == nil)
    }
}
