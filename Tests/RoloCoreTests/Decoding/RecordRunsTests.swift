import Foundation
import Testing
@testable import RoloCore

@Suite("A JSON array read a run of elements at a time, as a whole decode would read it")
struct RecordRunsTests {
    private func split(_ text: String, _ perRun: Int) -> JSONArrayRuns? {
        Array(text.utf8).withUnsafeBytes { JSONArrayRuns($0, elementsPerRun: perRun) }
    }

    @Test("Runs hold whole elements: commas and brackets inside strings and nested values don't split")
    func runs() throws {
        let text = #" [1, "a,]\"}", {"x": [1, {"y": "]"}]}, [2, 3], null ] "#
        let found = try #require(split(text, 2))
        #expect(found.elementCount == 5)
        #expect(found.runs.map(\.first) == [0, 2, 4])
        #expect(found.runs.map(\.count) == [2, 2, 1])
        let bytes = Array(text.utf8)
        let texts = found.runs.map { String(decoding: bytes[$0.bytes], as: UTF8.self) }
        #expect(texts == [#"1, "a,]\"}""#, #" {"x": [1, {"y": "]"}]}, [2, 3]"#, " null "])
    }

    @Test("An empty array has no runs")
    func empty() throws {
        for text in ["[]", " [ ] \n"] {
            let found = try #require(split(text, 3), "\(text)")
            #expect(found.elementCount == 0)
            #expect(found.runs.isEmpty)
        }
    }

    @Test("A body the scan can't split is left to the whole decode")
    func unsplittable() {
        for text in ["", "{\"people\": []}", "[1,,2]", "[,1]", "[1, 2,]", "[1, 2] x", "[1, 2", #"["abc"#, "[1}]", "<html>"] {
            #expect(split(text, 2) == nil, "\(text)")
        }
    }

    /// 1,000 employees, every 97th unreadable in one of three ways.
    private static let employees: Data = {
        let records = (0..<1_000).map { index -> String in
            var id = "\(index + 1)"
            var first = "\"Mari \(index)\""
            if index % 97 == 5 {
                switch index % 3 {
                case 0: id = "\"id-\(index)\""
                case 1: id = "9223372036854775808"
                default: first = "null"
                }
            }
            return #"{"id": \#(id), "first_name": \#(first), "last_name": "Tamm, \"]", "gender": "f", "birth_date": "1 May 1980"}"#
        }
        return Data(("[" + records.joined(separator: ",\n") + "]").utf8)
    }()

    @Test("Runs side by side give the whole decode's records and skipped indices, in order")
    func sameAsWhole() throws {
        let whole = try JSONDecoder().decode(EmployeeList.self, from: Self.employees).employees
        #expect(whole.skipped.count == 11)
        for (perRun, width) in [(1, 1), (7, 3), (64, 2), (5_000, 4)] {
            let runs = try #require(RecordRuns.decode(EmployeeRecord.self, from: Self.employees, elementsPerRun: perRun, width: width))
            #expect(runs.records == whole.records, "\(perRun) per run on \(width)")
            #expect(runs.skipped == whole.skipped, "\(perRun) per run on \(width)")
        }
    }

    @Test("A syntax error in one run makes the whole body an error, as before")
    func syntaxError() throws {
        var text = String(decoding: Self.employees, as: UTF8.self)
        text = text.replacingOccurrences(of: #""id": 500,"#, with: #""id": 500 "oops","#)
        let body = Data(text.utf8)
        #expect(RecordRuns.decode(EmployeeRecord.self, from: body, elementsPerRun: 16) == nil)
        #expect(throws: FetchError.self) { _ = try PeopleDecoder.decodeEmployees(body) }
    }

    @Test("Foods read in runs equal foods read whole")
    func foods() throws {
        let records = (0..<300).map { index in
            #"{"id": \#(index % 50 == 3 ? "null" : "\(index)"), "name": "Pie \#(index)", "isLiked": \#(index % 7 == 0), "description": "Baked, [number] \#(index).", "countryOfOrigin": "ee", "lastUpdatedDate": "2024-05-01T10:00:00Z"}"#
        }
        let body = Data(("[" + records.joined(separator: ",") + "]").utf8)
        let whole = try JSONDecoder().decode(FoodList.self, from: body).foods
        let runs = try #require(RecordRuns.decode(FoodRecord.self, from: body, elementsPerRun: 16, width: 2))
        #expect(runs.records == whole.records)
        #expect(runs.skipped.map(\.index) == [3, 53, 103, 153, 203, 253])
        #expect(try FoodsDecoder.decodeFoods(body) == whole)
    }
}
