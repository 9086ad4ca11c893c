import Foundation
import Testing
@testable import RoloCore

@Suite("The directory's plain records read from their bytes, exactly as JSONDecoder reads them")
struct DirectoryPlainReaderTests {
    /// Every plain form: keys in any order, blanks to trim, no phone, a null or blank phone,
    /// projects absent, null, empty, or holding nulls and blank names, non-ASCII, whitespace.
    private static let plain = [
        #"{"fname": "Mari", "lname": "Tamm", "contact_details": {"email": "m@t", "phone": "+372 5100000"}, "position": "IOS", "projects": ["A", "B"]}"#,
        #"{"position": "web", "projects": null, "contact_details": {"phone": null, "email": " j@o "}, "lname": "Õunapuu", "fname": " Jüri "}"#,
        "{\n \"fname\" : \"Анна\" ,\t\"lname\":\"Иванова\",\"contact_details\":{\"email\":\"a@i\"},\"position\":\"Data Scientist\",\"projects\":[]\n}",
        #"{"fname": "Ülle", "lname": "Kask\#u{a0}", "contact_details": {"email": "u@k", "phone": "  "}, "position": "PM", "projects": [null, " ", "Päevik", null]}"#,
        #"{"fname": "", "lname": "👩🏽‍💻", "contact_details": {"email": ""}, "position": ""}"#,
    ]

    /// JSONDecoder's reading of `elements` (a run's bytes between its brackets).
    private func decoded(_ elements: String) throws -> [DirectoryEmployee] {
        try JSONDecoder().decode(DirectoryList.self, from: Data("[\(elements)]".utf8)).employees.records
    }

    private func plain(_ elements: String, count: Int) -> [DirectoryEmployee]? {
        Array(elements.utf8).withUnsafeBufferPointer { DirectoryRecord.readPlain($0, count: count) }
    }

    @Test("Every plain form reads as JSONDecoder reads it")
    func sameAsDecoder() throws {
        let elements = " " + Self.plain.joined(separator: ",\n ") + " \n"
        let read = try #require(plain(elements, count: Self.plain.count))
        #expect(read == (try decoded(elements)))
        #expect(read[1].firstName == "Jüri")
        #expect(read[1].phone == nil)
        #expect(read[3].projects == ["Päevik"])
        #expect(read[3].phone == nil)
        #expect(read[3].lastName == "Kask", "a no-break space trimmed as the decoder trims it")
    }

    @Test("Anything else is left to JSONDecoder", arguments: [
        #"{"fname": "M\"a", "lname": "T", "contact_details": {"email": "e"}, "position": "IOS"}"#,
        #"{"fname": "M\u00e4", "lname": "T", "contact_details": {"email": "e"}, "position": "IOS"}"#,
        "{\"fname\": \"M\ta\", \"lname\": \"T\", \"contact_details\": {\"email\": \"e\"}, \"position\": \"IOS\"}",
        #"{"fname": 5, "lname": "T", "contact_details": {"email": "e"}, "position": "IOS"}"#,
        #"{"fname": null, "lname": "T", "contact_details": {"email": "e"}, "position": "IOS"}"#,
        #"{"lname": "T", "contact_details": {"email": "e"}, "position": "IOS"}"#,
        #"{"fname": "M", "lname": "T", "position": "IOS"}"#,
        #"{"fname": "M", "lname": "T", "contact_details": null, "position": "IOS"}"#,
        #"{"fname": "M", "lname": "T", "contact_details": {"phone": "5"}, "position": "IOS"}"#,
        #"{"fname": "M", "lname": "T", "contact_details": {"email": "e", "phone": 5}, "position": "IOS"}"#,
        #"{"fname": "M", "lname": "T", "contact_details": {"email": "e", "fax": "5"}, "position": "IOS"}"#,
        #"{"fname": "M", "lname": "T", "contact_details": {"email": "e"}, "position": "IOS", "age": 5}"#,
        #"{"fname": "M", "fname": "N", "lname": "T", "contact_details": {"email": "e"}, "position": "IOS"}"#,
        #"{"fname": "M", "lname": "T", "contact_details": {"email": "e"}, "position": "IOS", "projects": ["A", 3]}"#,
        #"{"fname": "M", "lname": "T", "contact_details": {"email": "e"}, "position": "IOS", "projects": "A"}"#,
        #"{"fname": "M", "lname": "T", "contact_details": {"email": "e"}, "position": "IOS", "projects": ["A",]}"#,
        #"{"fname": "M", "lname": "T", "contact_details": {"email": "e"}, "position": "IOS",}"#,
        #"{"fname": "M", "lname": "T", "contact_details": {"email": "e"}, "position": "IOS"} {}"#,
        #"{}"#, #"[]"#, #""employee""#, #"null"#, "",
    ])
    func notPlain(element: String) {
        #expect(plain(element, count: 1) == nil)
    }

    @Test("Invalid UTF-8 and a count that doesn't match are left to JSONDecoder")
    func wrongBytesOrCount() throws {
        var bytes = Array(Self.plain[0].utf8)
        bytes[try #require(bytes.firstIndex(of: UInt8(ascii: "M")))] = 0xFF
        #expect(bytes.withUnsafeBufferPointer { DirectoryRecord.readPlain($0, count: 1) } == nil)
        let two = Self.plain[0] + "," + Self.plain[1]
        #expect(plain(two, count: 1) == nil)
        #expect(plain(two, count: 3) == nil)
        #expect(plain(two, count: 2)?.count == 2)
    }

    @Test("A blank end is a space separator (Zs) or the tab, ASCII or not")
    func blankEnds() {
        for value in UInt32(0)...0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let blank = scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
            #expect(DirectoryRecord.isBlank(scalar) == blank, "U+\(String(value, radix: 16))")
        }
        #expect(DirectoryRecord.clean(" \u{A0}Mari\t") == "Mari")
        #expect(DirectoryRecord.clean("Mari Tamm") == "Mari Tamm")
    }

    @Test("5,000 plain people, a few unreadable: runs read plainly or by JSONDecoder give the whole decode's list")
    func mixedRuns() throws {
        let people = (0..<5_000).map { index in
            index % 997 == 11
                ? #"{"fname": "A", "lname": "B", "contact_details": {"phone": "5"}, "position": "IOS"}"#
                : #"{"fname": "Mari", "lname": "Tamm-\#(index)", "contact_details": {"email": "p\#(index)@e", "phone": "+372 \#(index)"}, "position": "WEB", "projects": ["P\#(index % 7)"]}"#
        }
        let body = Data(#"{"employees": [\#(people.joined(separator: ","))]}"#.utf8)
        let whole = try JSONDecoder().decode(DirectoryList.self, from: body).employees
        #expect(whole.skipped.map(\.index) == [11, 1008, 2005, 3002, 3999, 4996])
        #expect(try DirectoryDecoder.decodeEmployees(body) == whole)
        let list = try #require(JSONScan.arrayMember("employees", of: body))
        #expect(RecordRuns.decode(DirectoryRecord.self, from: body, array: list, elementsPerRun: 100, width: 2) == whole)
    }
}

@Suite("People with the same projects share one array")
struct SharedProjectsTests {
    private static func person(_ name: String, _ projects: [String]) -> String {
        #"{"fname": "\#(name)", "lname": "L", "contact_details": {"email": "e"}, "position": "IOS", "projects": \#(projects)}"#
    }

    private static func storage(_ projects: [String]) -> UnsafePointer<String>? {
        projects.withUnsafeBufferPointer(\.baseAddress)
    }

    @Test("A listing's run: equal lists are one array, other lists their own; the people read as before")
    func listing() throws {
        let elements = [
            Self.person("A", ["Tere", "Kiri"]), Self.person("B", ["Kiri"]), Self.person("C", ["Tere", "Kiri"]),
            Self.person("D", []), Self.person("E", ["Tere", " ", "Kiri"]),
        ].joined(separator: ",")
        let read = try #require(Array(elements.utf8).withUnsafeBufferPointer { DirectoryRecord.readPlain($0, count: 5) })
        #expect(read.map(\.projects) == [["Tere", "Kiri"], ["Kiri"], ["Tere", "Kiri"], [], ["Tere", "Kiri"]])
        #expect(Self.storage(read[2].projects) == Self.storage(read[0].projects))
        #expect(Self.storage(read[4].projects) == Self.storage(read[0].projects), "equal once blanks are dropped")
        #expect(Self.storage(read[1].projects) != Self.storage(read[0].projects))
    }

    @Test("A saved file's run shares them too")
    func savedFile() throws {
        let person = #"{"email":"e","firstName":"F","lastName":"L","position":"IOS","projects":["Tere","Kiri"]}"#
        let elements = [person, person.replacingOccurrences(of: "\"F\"", with: "\"G\"")].joined(separator: ",")
        let read = try #require(Array(elements.utf8).withUnsafeBufferPointer {
            DirectorySnapshotStore.SavedEmployee.readPlain($0, count: 2)
        })
        #expect(read.map(\.firstName) == ["F", "G"])
        #expect(Self.storage(read[1].projects) == Self.storage(read[0].projects))
    }
}
