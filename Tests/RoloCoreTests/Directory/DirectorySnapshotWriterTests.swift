import Foundation
@testable import RoloCore
import Testing

@Suite("DirectorySnapshotWriter writes the saved list as JSONEncoder would, without its tree")
struct DirectorySnapshotWriterTests {
    /// Text that JSON must escape, or that only survives as valid UTF-8.
    private static let awkward = [
        "", "plain", "quote \" and backslash \\", "controls \u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F} end",
        "slash / and DEL \u{7F}", "Jüri Õunapuu", "Ju\u{308}ri", "Анна", "emoji 👩🏽‍💻", "\u{2028}\u{2029}",
    ]

    private static let cities: [DirectorySnapshot.City] = [
        .init(url: URL(string: "https://tallinn-jobapp.aw.ee/employee_list?x=1&y=%C3%BC")!, employees: awkward.enumerated().map { index, text in
            DirectoryEmployee(
                firstName: text, lastName: "L\(index)", email: text + "@e", phone: index.isMultiple(of: 2) ? text : nil,
                position: DirectoryEmployee.Position.allCases[index % DirectoryEmployee.Position.allCases.count],
                projects: index.isMultiple(of: 3) ? [] : [text, "P\(index)"])
        }),
        .init(url: URL(string: "http://127.0.0.1:8080/directory/tartu/employee_list")!, employees: []),
    ]

    /// The file as format 2 is read: the shape the writer must keep to.
    private struct File: Codable, Equatable {
        var version: Int
        var savedAt: Date
        var cities: [DirectorySnapshot.City]
    }

    private static func written(_ cities: [DirectorySnapshot.City], at date: Date) throws -> Data {
        var data = Data()
        try DirectorySnapshotWriter.write(version: 2, savedAt: date, cities: cities) { data.append(contentsOf: $0) }
        return data
    }

    @Test("What it writes decodes to what JSONEncoder's file decodes to", arguments: [
        Date(timeIntervalSince1970: 1_700_000_000.25), Date(timeIntervalSince1970: 1_763_864_771.123456), Date(timeIntervalSince1970: 0),
    ])
    func sameAsJSONEncoder(date: Date) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let expected = try decoder.decode(File.self, from: encoder.encode(File(version: 2, savedAt: date, cities: Self.cities)))
        let data = try Self.written(Self.cities, at: date)
        #expect(try decoder.decode(File.self, from: data) == expected)
        #expect(expected.cities == Self.cities)
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any], "strict JSON, not just what JSONDecoder forgives")
    }

    @Test("Every stored field of an employee is written: a new one must be added to the writer")
    func everyField() {
        let employee = DirectoryEmployee(firstName: "", lastName: "", email: "", position: .ios)
        #expect(Mirror(reflecting: employee).children.map(\.label) == ["firstName", "lastName", "email", "phone", "position", "projects"])
    }

    @Test("50,000 people are handed over in pieces, never as one buffer")
    func pieces() throws {
        let people = (0..<50_000).map { DirectoryEmployee(firstName: "Mari", lastName: "Tamm-\($0)", email: "m\($0)@e", position: .web) }
        var largest = 0, total = 0
        try DirectorySnapshotWriter.write(version: 2, savedAt: Date(), cities: [.init(url: Self.cities[1].url, employees: people)]) {
            largest = max(largest, $0.count)
            total += $0.count
        }
        #expect(total > 2_000_000)
        #expect(largest < 100_000)
    }
}
