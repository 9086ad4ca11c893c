import Foundation
import Testing
@testable import RoloCore

@Suite("An answer that repeats the saved people, compared a run at a time")
struct DirectoryRepeatTests {
    private static let url = URL(string: "https://tallinn-jobapp.aw.ee/employee_list")!

    private static func person(_ index: Int, phone: String = "+372 5") -> String {
        #"{"fname": "Mari \#(index)", "lname": "Tamm", "contact_details": {"email": "m\#(index)@t", "phone": "\#(phone)"}, "position": "IOS", "projects": ["P\#(index % 3)"]}"#
    }

    private static func body(_ elements: [String]) -> Data {
        Data(#"{"employees": [\#(elements.joined(separator: ",\n"))]}"#.utf8)
    }

    private static let elements = (0..<300).map { person($0) }
    /// `elements` decoded once; a decoder that fails them fails each test that asks, not the process.
    private static let decoded = Result { try DirectoryDecoder.decodeEmployees(body(elements)).records }

    private static func saved() throws -> [DirectoryEmployee] {
        try decoded.get()
    }

    @Test("The same people in runs of every size and any width match; one changed, gone, added or skipped doesn't",
          arguments: [(1, 1), (7, 3), (64, 2), (2048, 2)])
    func matches(perRun: Int, width: Int) throws {
        let saved = try Self.saved()
        func matches(_ elements: [String], _ expected: [DirectoryEmployee]? = nil) throws -> Bool {
            let expected = expected ?? saved
            let body = Self.body(elements)
            let list = try #require(JSONScan.arrayMember("employees", of: body))
            return RecordRuns.matches(DirectoryRecord.self, from: body, array: list, expected: expected, elementsPerRun: perRun, width: width)
        }
        #expect(try matches(Self.elements))
        var changed = Self.elements
        changed[250] = Self.person(250, phone: "+372 6")
        #expect(try !matches(changed))
        #expect(try !matches(Array(Self.elements.dropLast())))
        #expect(try !matches(Self.elements + [Self.person(300)]))
        var bad = Self.elements
        bad[3] = #"{"fname": "Mari 3", "position": "IOS"}"#
        #expect(try !matches(bad, saved.enumerated().filter { $0.offset != 3 }.map(\.element)), "a skipped record is no repeat")
        #expect(try !matches(Self.elements, Array(saved.reversed())))
    }

    @Test("The object and the bare array both repeat; a body wrong outside the list, or not JSON, doesn't")
    func repeats() throws {
        let saved = try Self.saved()
        let roster = DirectoryRoster(saved)
        #expect(DirectoryDecoder.repeats(Self.body(Self.elements), roster))
        #expect(DirectoryDecoder.repeats(Data("[\(Self.elements.joined(separator: ","))]".utf8), roster))
        #expect(!DirectoryDecoder.repeats(Data(#"{"employees": [\#(Self.elements.joined(separator: ","))], "employees": []}"#.utf8), roster))
        #expect(!DirectoryDecoder.repeats(Data("<html>busy</html>".utf8), roster))
        #expect(!DirectoryDecoder.repeats(Self.body(Self.elements), DirectoryRoster(Array(saved.dropFirst()))))
    }

    @Test("The client answers a repeating body with the saved people themselves, and decodes any other")
    func client() async throws {
        let saved = try Self.saved()
        let http = FakeHTTPClient(["/employee_list": .respond(200, Self.body(Self.elements))])
        let client = DirectoryClient(urls: [Self.url], http: http, timeout: 5)
        let repeated = try await client.fetch(Self.url, decodingAfter: { DirectoryRoster(saved) }).get()
        #expect(repeated.records == saved)
        #expect(repeated.records.withUnsafeBufferPointer(\.baseAddress) == saved.withUnsafeBufferPointer(\.baseAddress),
                "the saved array, not a decoded copy")
        let other = Array(saved.dropLast())
        let fresh = try await client.fetch(Self.url, decodingAfter: { DirectoryRoster(other) }).get()
        #expect(fresh.records == saved)
        #expect(fresh.records.withUnsafeBufferPointer(\.baseAddress) != saved.withUnsafeBufferPointer(\.baseAddress))
        #expect(try await client.fetch(Self.url).get().records == saved)
    }
}
