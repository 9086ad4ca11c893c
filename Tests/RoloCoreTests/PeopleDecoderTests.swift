import Foundation
import RoloCore
import Testing

@Suite("PeopleDecoder reads the real ME server and its RAML alike")
struct PeopleDecoderTests {
    private func employee(_ fixture: String) throws -> Employee {
        try PeopleDecoder.decodeEmployee(Fixture.data("people/\(fixture)"))
    }

    private func decodingError(_ fixture: String, list: Bool = false) throws -> FetchError? {
        let data = try Fixture.data("people/\(fixture)")
        return #expect(throws: FetchError.self) {
            if list { _ = try PeopleDecoder.decodeEmployees(data) } else { _ = try PeopleDecoder.decodeEmployee(data) }
        }
    }

    @Test("The real server's bare list and the RAML's wrapped list decode the same")
    func listShapes() throws {
        let bare = try PeopleDecoder.decodeEmployees(Fixture.data("people/list-bare.json")).records
        let wrapped = try PeopleDecoder.decodeEmployees(Fixture.data("people/list-wrapped.json")).records
        #expect(bare == wrapped)
        #expect(bare.map(\.id) == [1, 2])
        #expect(bare.map(\.fullName) == ["John Doe", "Emmett Brown"])
        #expect(bare[1].gender == "male")
        #expect(bare[1].birthDate.display == "14 February 1969")
    }

    @Test("thumbImage wrapped in literal quotes and plain thumbImage both decode to the JPEG")
    func thumbnails() throws {
        let jpeg = try Fixture.tinyJPEG()
        #expect(try employee("employee-thumb-quoted.json").thumbImage == .bytes(jpeg))
        #expect(try employee("employee-thumb-plain.json").thumbImage == .bytes(jpeg))
        #expect(try employee("employee-thumb-plain.json").image == .bytes(jpeg))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
    }

    @Test("A MIME image with a newline every 76 characters decodes")
    func mimeImage() throws {
        #expect(try employee("employee-image-mime.json").image == .bytes(Fixture.tinyJPEG()))
    }

    @Test("An image without its '=' padding decodes")
    func unpaddedImage() throws {
        #expect(try employee("employee-image-unpadded.json").image == .bytes(Fixture.tinyJPEG()))
    }

    @Test("Null and absent images are .absent")
    func missingImages() throws {
        for fixture in ["employee-images-null.json", "employee-images-absent.json"] {
            let decoded = try employee(fixture)
            #expect(decoded.thumbImage == .absent)
            #expect(decoded.image == .absent)
        }
    }

    @Test("Invalid base64 keeps the employee and marks the image invalid")
    func invalidImage() throws {
        let decoded = try employee("employee-image-invalid-base64.json")
        #expect(decoded.fullName == "John Doe")
        #expect(decoded.thumbImage == .invalid("not valid base64"))
        #expect(decoded.image == .invalid("not valid base64"))
    }

    @Test(
        "Birth dates with and without a zero-padded day, before 1900 and in the future",
        arguments: [
            ("employee-day-padded.json", "1 January 1980", 1980),
            ("employee-day-unpadded.json", "1 January 1980", 1980),
            ("employee-date-pre-1900.json", "29 February 1896", 1896),
            ("employee-date-future.json", "3 March 2091", 2091),
        ]
    )
    func birthDates(fixture: String, display: String, year: Int) throws {
        let date = try employee(fixture).birthDate
        #expect(date.display == display)
        #expect(date.year == year)
    }

    @Test("An unparsable birth date keeps its raw text")
    func unparsableDate() throws {
        let date = try employee("employee-date-unparsable.json").birthDate
        #expect(date.year == nil)
        #expect(date.display == "sometime in the 1980s")
    }

    @Test("An id may come as a numeric string or an integer-valued number")
    func lenientID() throws {
        #expect(try employee("employee-id-numeric-string.json").id == 7)
        #expect(try employee("employee-id-integral-float.json").id == 7)
    }

    @Test("An id that isn't a whole number is rejected, naming the field")
    func badID() throws {
        for fixture in ["employee-id-wrong-type.json", "employee-id-fraction.json"] {
            let error = try decodingError(fixture)
            #expect(error?.kind == .badResponse)
            #expect(error?.message == "The people server sent data rolo can't read ('id' should be a whole number) — r to retry")
        }
    }

    @Test("A number where a name is due is taken as text")
    func numericName() throws {
        #expect(try employee("employee-name-number.json").lastName == "42")
    }

    @Test("Escape sequences and bidi overrides in names are removed")
    func escapeInName() throws {
        let decoded = try employee("employee-escape-in-name.json")
        #expect(decoded.firstName == "EvilRed")
        #expect(decoded.lastName == "eoD")
    }

    @Test("Unknown keys are ignored")
    func unknownKeys() throws {
        #expect(try employee("employee-unknown-keys.json").fullName == "John Doe")
    }

    @Test("A record missing a required field is skipped with its index and the field; the others are kept")
    func missingField() throws {
        let list = try PeopleDecoder.decodeEmployees(Fixture.data("people/list-missing-field.json"))
        #expect(list.records.map(\.id) == [1])
        #expect(list.skipped == [SkippedRecord(index: 1, problem: .missing("first_name"))])
    }

    @Test("A record that isn't an object is rejected")
    func notAnObject() throws {
        let error = try decodingError("employee-not-object.json")
        #expect(error?.message == "The people server sent data rolo can't read (not an object) — r to retry")
    }

    @Test("Malformed JSON says so")
    func malformed() throws {
        let error = try decodingError("malformed.json", list: true)
        #expect(error?.message == "The people server sent data rolo can't read (not valid JSON) — r to retry")
        #expect(error?.detail.contains("not valid JSON") == true)
    }

    @Test("HTML where JSON was due says so")
    func html() throws {
        let error = try decodingError("server-error.html", list: true)
        #expect(error?.message == "The people server sent an HTML page instead of JSON — r to retry")
    }

    @Test("An empty body says so")
    func empty() {
        let error = #expect(throws: FetchError.self) { try PeopleDecoder.decodeEmployees(Data(" \n".utf8)) }
        #expect(error?.message == "The people server sent an empty answer — r to retry")
    }

    @Test("Health as a bare string, as a message object, and anything else")
    func health() throws {
        #expect(try PeopleDecoder.decodeHealth(Fixture.data("people/health-bare.json")) == .ok)
        #expect(try PeopleDecoder.decodeHealth(Fixture.data("people/health-object.json")) == .ok)
        #expect(try PeopleDecoder.decodeHealth(Fixture.data("people/health-unhealthy.json")) == .unhealthy("Database down"))
        #expect(throws: FetchError.self) { try PeopleDecoder.decodeHealth(Data("[1]".utf8)) }
    }

    /// Correctness only: how fast this decodes is `make bench`'s to say (LoadBench), since a
    /// wall-clock bound here failed on a loaded machine (10.03 s against 10 s in a debug build).
    @Test("Employees carrying 600 KB images decode, every byte of each image intact")
    func largeList() throws {
        let jpeg = Data((0..<450_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let image = jpeg.base64EncodedString(options: .lineLength76Characters).replacingOccurrences(of: "\r\n", with: "\n")
        let record = #"{"id":0,"first_name":"A","last_name":"B","gender":"f","birth_date":"1 May 1990","image":"#
        let one = record + (try String(decoding: JSONEncoder().encode(image), as: UTF8.self)) + "}"
        let body = Data(("[" + Array(repeating: one, count: 40).joined(separator: ",") + "]").utf8)
        #expect(body.count > 24_000_000)
        let employees = try PeopleDecoder.decodeEmployees(body).records
        #expect(employees.count == 40)
        #expect(employees.allSatisfy { $0.image == .bytes(jpeg) })
    }
}
