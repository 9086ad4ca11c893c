import Foundation
import Testing
@testable import RoloCore

@Suite("The directory's {\"employees\": [...]} read in runs, as a whole decode reads it")
struct DirectoryDecoderRunsTests {
    /// `count` employees, every 89th unreadable in one of four ways, with quotes, brackets and
    /// the word "employees" inside their strings.
    private static func employees(_ count: Int) -> String {
        (0..<count).map { index -> String in
            let email = #""contact_details": {"email": "e\#(index)@x", "phone": "\"employees\": ["}"#
            guard index % 89 == 7 else {
                return #"{"fname": "Mari \#(index)", "lname": "Tamm, \"]}", "position": "WEB", \#(email), "projects": ["{employees}", "P"]}"#
            }
            switch index % 4 {
            case 0: return #"{"fname": "A", "position": "IOS", \#(email)}"#
            case 1: return #"{"fname": "A", "lname": "B", "position": "IOS", "contact_details": {"phone": "5"}}"#
            case 2: return #"{"fname": "A", "lname": "B", "position": "IOS", \#(email), "projects": ["x", 3]}"#
            default: return #""employees""#
            }
        }.joined(separator: ",\n")
    }

    /// The object form with other keys before and after the list, some holding "employees".
    private static func object(_ count: Int) -> Data {
        Data(#"""
        {"city": "Tallinn", "meta": {"employees": [{"fname": "Not"}], "note": "\"employees\": []"},
         "employees": [\#(employees(count))],
         "paging": {"next": null, "employees": "later"}, "count": \#(count)}
        """#.utf8)
    }

    /// What today's whole decode makes of `body`: the list, or the error it is worded into.
    private func whole(_ body: Data) -> Result<DecodedList<DirectoryEmployee>, FetchError> {
        Result { try JSONDecoder().decode(DirectoryList.self, from: body).employees }
            .mapError { FetchError.unreadable(body, service: DirectoryDecoder.service, reason: DecodingProblem.from($0).reason) }
    }

    private func decoded(_ body: Data) -> Result<DecodedList<DirectoryEmployee>, FetchError> {
        Result { try DirectoryDecoder.decodeEmployees(body) }.mapError { $0 as? FetchError ?? FetchError(kind: .badResponse, endpoint: "", message: "\($0)", detail: "") }
    }

    @Test("5,000 people in three runs: the same records and skipped indices as the whole decode")
    func sameAsWhole() throws {
        let body = Self.object(5_000)
        let expected = try whole(body).get()
        #expect(expected.records.count > 4_900)
        #expect(expected.skipped.count == 57)
        #expect(expected.skipped.map(\.index).allSatisfy { $0 % 89 == 7 })
        #expect(try decoded(body).get() == expected)
    }

    @Test("Small runs side by side give the whole decode's list too", arguments: [(1, 1), (7, 3), (64, 2)])
    func smallRuns(perRun: Int, width: Int) throws {
        let body = Self.object(400)
        let list = try #require(JSONScan.arrayMember("employees", of: body))
        let runs = try #require(RecordRuns.decode(DirectoryRecord.self, from: body, array: list, elementsPerRun: perRun, width: width))
        #expect(runs == (try whole(body).get()))
    }

    @Test("A bare array and an empty list read as before")
    func otherForms() throws {
        for text in ["[\(Self.employees(30))]", #"{"employees": []}"#, #" { "employees" : [ ] } "#] {
            let body = Data(text.utf8)
            #expect(try decoded(body).get() == (try whole(body).get()), "\(text.prefix(40))")
        }
    }

    @Test("A body wrong outside the list, or one the scan doubts, gets the whole decode's answer", arguments: [
        #"{"employees": 5}"#, #"{"employees": null}"#, #"{"staff": [], "count": 0}"#, #""employees""#,
        #"{"employees": [{"fname": "A"}], "count": tru}"#, #"{"employees": [{"fname": "A"}],}"#,
        #"{"employees": [{"fname": "A"}]} []"#, #"{"employees": [{"fname": "A"}, ]}"#, #"{"employees": [{"fname": "A"} {"fname": "B"}]}"#,
        #"{"employees": [{"fname": "A"}], "employees": []}"#, #"{"employ\u0065es": [{"fname": "A"}]}"#,
        #"{"employees": [{"fname": "A", "lname": "B""#, #"{"meta": {"a": [}, "employees": []}"#,
    ])
    func fallback(text: String) {
        let body = Data(text.utf8)
        let expected = whole(body)
        #expect(decoded(body) == expected, "\(text)")
    }

    @Test("A bad shape keeps today's message")
    func messages() {
        for (text, reason) in [(#"{"employees": 5}"#, "'employees' should be a list"), (#"{"staff": []}"#, "'employees' is missing"),
                               (#"{"employees": [], "n": tru}"#, "not valid JSON")] {
            let error = #expect(throws: FetchError.self) { try DirectoryDecoder.decodeEmployees(Data(text.utf8)) }
            #expect(error?.message == "The directory server sent data rolo can't read (\(reason)) — r to retry", "\(text)")
        }
    }
}
