import Foundation
import RoloCore
import Testing

@Suite("DirectoryDecoder reads the employee_list shape and names what is wrong")
struct DirectoryDecoderTests {
    private func decode(_ name: String) throws -> [DirectoryEmployee] {
        try DirectoryDecoder.decodeEmployees(try Fixture.data("directory/\(name)")).records
    }

    private func problem(_ name: String) throws -> FetchError? {
        let data = try Fixture.data("directory/\(name)")
        return #expect(throws: FetchError.self) { try DirectoryDecoder.decodeEmployees(data) }
    }

    @Test("Every field of the seed's schema is read; absent phone and projects are nil and []")
    func fullShape() throws {
        let employees = try decode("tallinn.json")
        #expect(employees.count == 3)
        #expect(employees[0] == DirectoryEmployee(
            firstName: "Peeter", lastName: "Termomeeter", email: "peeter@telisa.ee", phone: "55 555 555",
            position: .ios, projects: ["MyCoolApp", "OneTimeThing"]))
        #expect(employees[1].phone == nil)
        #expect(employees[2].projects == [])
        #expect(employees[2].fullName == "Jüri Õunapuu")
    }

    @Test("null is taken as absent; blank phones and empty project names are dropped; positions in any case")
    func nullsAndBlanks() throws {
        let employees = try decode("nulls.json")
        #expect(employees[0].phone == nil)
        #expect(employees[0].projects == [])
        #expect(employees[0].position == .tester)
        #expect(employees[1].phone == nil)
        #expect(employees[1].projects == ["Kratt"])
        #expect(employees[1].position == .web)
    }

    @Test("An unknown position is OTHER; names are trimmed")
    func unknownPosition() throws {
        let employees = try decode("tartu.json")
        #expect(employees[2].position == .other)
        #expect(employees[0].firstName == "mari-liis")
    }

    @Test("Every kind of space is trimmed from the ends of a field, none from inside it")
    func unicodeBlanksTrimmed() throws {
        let body = #"{"employees": [{"fname": "\u00a0Mari\u3000", "lname": "\u2003Tamm Kask\t", "position": "WEB", "contact_details": {"email": " m@t\u2009"}}]}"#
        let employee = try #require(try DirectoryDecoder.decodeEmployees(Data(body.utf8)).records.first)
        #expect(employee.firstName == "Mari")
        #expect(employee.lastName == "Tamm Kask")
        #expect(employee.email == "m@t")
    }

    @Test("Escape sequences and controls never reach the terminal")
    func sanitized() throws {
        let employee = try #require(try decode("escape-in-name.json").first)
        #expect(employee.firstName == "EvilRed")
        #expect(employee.lastName == "Mallory")
    }

    @Test("A person without an email is skipped, naming the nested field and the record's index")
    func missingEmail() throws {
        let list = try DirectoryDecoder.decodeEmployees(try Fixture.data("directory/missing-email.json"))
        #expect(list.skipped.map(\.index) == [1])
        #expect(list.skipped.map(\.reason) == ["'contact_details.email' is missing"])
        #expect(!list.records.isEmpty)
    }

    @Test("Missing names and wrong project types skip the person, naming the field", arguments: [
        ("missing-lname.json", "'lname' is missing"),
        ("project-number.json", "'projects[1]' should be text"),
    ])
    func skipped(file: String, reason: String) throws {
        let list = try DirectoryDecoder.decodeEmployees(try Fixture.data("directory/\(file)"))
        #expect(list.skipped.first?.index == 0)
        #expect(list.skipped.first?.reason == reason)
    }

    @Test("A missing list and broken JSON are the whole answer's fault", arguments: [
        ("no-employees.json", "'employees' is missing"),
        ("truncated.json", "not valid JSON"),
    ])
    func problems(file: String, reason: String) throws {
        let error = try problem(file)
        #expect(error?.message.contains("(\(reason))") == true, "\(error?.message ?? "")")
    }

    @Test("An HTML page is said to be one")
    func html() {
        let error = #expect(throws: FetchError.self) {
            try DirectoryDecoder.decodeEmployees(Data("<html><body>502</body></html>".utf8))
        }
        #expect(error?.message == "The directory server sent an HTML page instead of JSON — r to retry")
    }

    @Test("Positions: codes in any case; titles for headers")
    func positions() {
        #expect(DirectoryEmployee.Position(serverValue: " android ") == .android)
        #expect(DirectoryEmployee.Position(serverValue: "Data Scientist") == .other)
        #expect(DirectoryEmployee.Position.allCases.map(\.title) == ["iOS", "Android", "Web", "PM", "Tester", "Sales", "Other"])
    }
}
