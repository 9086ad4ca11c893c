import Foundation
import Testing
@testable import RoloCore

@Suite("A saved directory file is read a run of people at a time, or whole when the scan can't")
struct DirectorySnapshotRunsTests {
    private static let tallinn = URL(string: "https://tallinn-jobapp.aw.ee/employee_list?a=1&b=%22employees%22")!
    private static let tartu = URL(string: "http://127.0.0.1:8080/directory/tartu/employee_list")!
    private static let narva = URL(string: "http://127.0.0.1:8080/directory/narva/employee_list")!

    /// 3,000 people over three cities, one of them empty, with text JSON must escape.
    private static let cities: [DirectorySnapshot.City] = {
        let awkward = ["plain", #"quote " and \ , ] } "employees": ["#, "Jüri Õunapuu", "Анна", "tab\tnewline\n", "👩🏽‍💻"]
        let people = (0..<3_000).map { index in
            DirectoryEmployee(
                firstName: awkward[index % awkward.count], lastName: "Tamm-\(index)", email: "p\(index)@e",
                phone: index.isMultiple(of: 3) ? nil : "+372 5\(index)",
                position: DirectoryEmployee.Position.allCases[index % DirectoryEmployee.Position.allCases.count],
                projects: index.isMultiple(of: 4) ? [] : [awkward[(index + 1) % awkward.count], "P\(index)"])
        }
        return [.init(url: tallinn, employees: Array(people[..<1_800])), .init(url: narva, employees: []),
                .init(url: tartu, employees: Array(people[1_800...]))]
    }()

    private static let savedAt = Date(timeIntervalSince1970: 1_763_864_771.5)

    private static func written() throws -> Data {
        var data = Data()
        try DirectorySnapshotWriter.write(version: 2, savedAt: savedAt, cities: cities) { data.append(contentsOf: $0) }
        return data
    }

    private func load(_ data: Data) throws -> DirectorySnapshotLoad {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/directory.json"
        try data.write(to: URL(fileURLWithPath: path))
        return DirectorySnapshotStore(path: path).load()
    }

    @Test("What the writer wrote reads back in runs, city by city, as it was")
    func roundTrip() throws {
        let data = try Self.written()
        let read = try #require(DirectorySnapshotStore.readInRuns(data), "the scan must split the writer's own file")
        #expect(read == DirectorySnapshot(cities: Self.cities, savedAt: Self.savedAt))
        #expect(try load(data) == .loaded(read))
    }

    @Test("A format 1 file reads in runs too")
    func formatOne() throws {
        let people = Self.cities[2].employees
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let body = try String(decoding: encoder.encode(people), as: UTF8.self)
        let data = Data(#"{"savedAt": 1700000000, "employees": \#(body), "version": 1}"#.utf8)
        let read = try #require(DirectorySnapshotStore.readInRuns(data))
        #expect(read == DirectorySnapshot(employees: people, savedAt: Date(timeIntervalSince1970: 1_700_000_000)))
    }

    @Test("A file cut short anywhere is unusable, said as before", arguments: [0.999, 0.75, 0.5, 0.1])
    func cutShort(fraction: Double) throws {
        let data = try Self.written()
        let cut = data.prefix(Int(Double(data.count) * fraction))
        #expect(DirectorySnapshotStore.readInRuns(cut) == nil)
        guard case .unusable(let reason) = try load(cut) else {
            Issue.record("a cut-short file must be unusable")
            return
        }
        #expect(reason.hasSuffix("isn't a saved directory list (corrupt or cut short)"), "\(reason)")
    }

    @Test("A corrupt person, or corrupt bytes among the people, is unusable with the whole decode's reason", arguments: [
        (#""lastName":"Tamm-2500""#, #""lastName":2500"#, "can't be read back"),
        (#""lastName":"Tamm-2600""#, #""lastName":"Tamm-2600" "x""#, "corrupt or cut short"),
        (#"},{"email""#, #"},,{"email""#, "corrupt or cut short"),
        (#""savedAt":"#, #""savedAt":"x","was":"#, "can't be read back"),
    ])
    func corrupt(find: String, replacement: String, reason: String) throws {
        var text = String(decoding: try Self.written(), as: UTF8.self)
        let range = try #require(text.range(of: find))
        text.replaceSubrange(range, with: replacement)
        let data = Data(text.utf8)
        #expect(DirectorySnapshotStore.readInRuns(data) == nil)
        guard case .unusable(let message) = try load(data) else {
            Issue.record("a corrupt file must be unusable")
            return
        }
        #expect(message.contains(reason), "\(message)")
    }

    @Test("People written without escapes are read from their bytes, as JSONDecoder reads them")
    func plainPeople() throws {
        let people = (0..<2_500).map { index in
            DirectoryEmployee(
                firstName: ["Mari", "Jüri", "Анна"][index % 3], lastName: "Tamm-\(index)", email: "p\(index)@e",
                phone: index.isMultiple(of: 2) ? nil : "+372 \(index)", position: DirectoryEmployee.Position.allCases[index % 7],
                projects: index.isMultiple(of: 5) ? [] : ["P\(index)", "Päevik"])
        }
        var data = Data()
        try DirectorySnapshotWriter.write(version: 2, savedAt: Self.savedAt, cities: [.init(url: Self.tartu, employees: people)]) {
            data.append(contentsOf: $0)
        }
        #expect(DirectorySnapshotStore.readInRuns(data) == DirectorySnapshot(cities: [.init(url: Self.tartu, employees: people)], savedAt: Self.savedAt))
        let written = String(decoding: data, as: UTF8.self)
        let first = try #require(written.range(of: #"{"email""#))
        let end = try #require(written.range(of: "}", range: first.upperBound..<written.endIndex))
        let one = String(written[first.lowerBound..<end.upperBound])
        let read = Array(one.utf8).withUnsafeBufferPointer { DirectorySnapshotStore.SavedEmployee.readPlain($0, count: 1) }
        #expect(read == [people[0]])
    }

    @Test("A saved person in any other form is left to JSONDecoder", arguments: [
        #"{"email":"e","firstName":"M","lastName":"T","position":"IOS"}"#,
        #"{"email":"e","firstName":"M","lastName":"T","position":"iOS","projects":[]}"#,
        #"{"email":"e","firstName":"M","lastName":"T","phone":5,"position":"IOS","projects":[]}"#,
        #"{"email":"e","firstName":"M","lastName":"T","position":"IOS","projects":[null]}"#,
        #"{"email":"e","firstName":"M\u00e4","lastName":"T","position":"IOS","projects":[]}"#,
        #"{"email":"e","firstName":"M","lastName":"T","position":"IOS","projects":[],"city":"x"}"#,
        #"{"email":"e","email":"f","firstName":"M","lastName":"T","position":"IOS","projects":[]}"#,
    ])
    func notPlain(element: String) {
        #expect(Array(element.utf8).withUnsafeBufferPointer { DirectorySnapshotStore.SavedEmployee.readPlain($0, count: 1) } == nil)
    }

    @Test("A null phone is no phone, as JSONDecoder reads it")
    func nullPhone() throws {
        let element = #"{"email":"e","firstName":"M","lastName":"T","phone":null,"position":"PM","projects":["A"]}"#
        let read = Array(element.utf8).withUnsafeBufferPointer { DirectorySnapshotStore.SavedEmployee.readPlain($0, count: 1) }
        #expect(read == [try JSONDecoder().decode(DirectoryEmployee.self, from: Data(element.utf8))])
    }
}
