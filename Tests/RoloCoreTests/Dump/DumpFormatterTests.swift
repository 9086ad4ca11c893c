import Foundation
@testable import RoloCore
import Testing

@Suite("DumpFormatter writes JSON, JSON Lines, RFC 4180 CSV and escaped TSV")
struct DumpFormatterTests {
    private let names = ["name", "n", "ok", "tags", "none"]
    private let tricky: [DumpValue] = [.text("Mägi, \"Jüri\"\nline two"), .number(-7), .bool(true), .list(["a;b", "c"]), .null]

    private func write(_ format: DumpFormat, _ records: [[DumpValue]]) -> String {
        var formatter = DumpFormatter(format: format, names: names)
        return formatter.header() + records.map { formatter.record($0) }.joined() + formatter.footer()
    }

    @Test("CSV quotes a field with a comma, a quote or a line break, doubles the quotes, ends rows with CRLF")
    func csvQuoting() {
        #expect(write(.csv, [tricky, [.text("plain"), .number(0), .bool(false), .list([]), .null]]) == """
            name,n,ok,tags,none\r
            "Mägi, ""Jüri""
            line two",-7,true,a;b; c,\r
            plain,0,false,,\r

            """)
    }

    @Test("TSV has no quoting: tab, line break, carriage return and backslash are escaped")
    func tsvEscaping() {
        let values: [DumpValue] = [.text("a\\b"), .text("x\ny"), .bool(false), .list(["p", "q"]), .null]
        #expect(write(.tsv, [values]) == "name\tn\tok\ttags\tnone\na\\\\b\tx\\ny\tfalse\tp; q\t\n")
    }

    @Test("JSON keeps types and Unicode, escapes quotes, backslashes and line breaks")
    func json() throws {
        let text = write(.json, [tricky, tricky])
        #expect(text == """
            [
            {"name": "Mägi, \\"Jüri\\"\\nline two", "n": -7, "ok": true, "tags": ["a;b", "c"], "none": null},
            {"name": "Mägi, \\"Jüri\\"\\nline two", "n": -7, "ok": true, "tags": ["a;b", "c"], "none": null}
            ]

            """)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed[0]["name"] as? String == "Mägi, \"Jüri\"\nline two")
    }

    @Test("No records: an empty JSON array, nothing for JSON Lines, the header for CSV and TSV")
    func empty() {
        #expect(write(.json, []) == "[]\n")
        #expect(write(.jsonl, []) == "")
        #expect(write(.csv, []) == "name,n,ok,tags,none\r\n")
        #expect(write(.tsv, []) == "name\tn\tok\ttags\tnone\n")
    }

    @Test("Escape sequences, controls and bidi overrides are removed in every format, as on screen")
    func cleaned() {
        let values: [DumpValue] = [.text("Evil\u{1B}[31mRed\u{7}\u{202E}x"), .text("\u{1B}]52;c;aGk=\u{7}"), .bool(true), .list(["\u{9B}2Jz"]), .null]
        for format in DumpFormat.allCases {
            let text = write(format, [values])
            #expect(text.contains("EvilRedx"), "\(format)")
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E }, "\(format)")
            #expect(!text.contains("52;"), "\(format): an OSC 52 write never reaches a clipboard")
        }
    }

    @Test("JSON Lines: one object a line")
    func jsonLines() {
        #expect(write(.jsonl, [[.text("a"), .number(1), .bool(false), .list([]), .null]])
            == "{\"name\": \"a\", \"n\": 1, \"ok\": false, \"tags\": [], \"none\": null}\n")
    }
}

@Suite("DumpSchema picks --fields")
struct DumpSchemaTests {
    @Test("--fields picks and orders, drops repeats and blanks, accepts any case")
    func picks() throws {
        let schema = try DumpSchemas.people.selecting(" gender, ID ,,gender")
        #expect(schema.names == ["gender", "id"])
        let employee = Employee(id: 3, firstName: "Mari", lastName: "Tamm", gender: "female", birthDate: BirthDate("5 March 1980"))
        #expect(schema.values(of: employee) == [.text("female"), .number(3)])
        #expect(DumpSchemas.people.values(of: employee).last == .text("1980-03-05"))
        #expect(DumpSchemas.people.values(of: Employee(id: 1, firstName: "", lastName: "", gender: "", birthDate: BirthDate("soon"))).last == .text("soon"))
    }

    @Test("An unknown field or an empty list is a usage error naming every field")
    func refuses() {
        #expect(throws: DumpError(.usage, "pipedrive has no field 'org' — its fields are \(DumpSchemas.pipedrive.names.joined(separator: ", "))")) {
            try DumpSchemas.pipedrive.selecting("name,org")
        }
        #expect(throws: DumpError(.usage, "--fields needs at least one field; foods has \(DumpSchemas.foods.names.joined(separator: ", "))")) {
            try DumpSchemas.foods.selecting(" , ")
        }
    }

    @Test("Every source names its fields once, in snake_case")
    func names() throws {
        for source in SourceID.allCases {
            let names = try #require(SourceRegistry.catalog().definition(source)).dumpFields
            #expect(Set(names).count == names.count, "\(source)")
            #expect(names.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "_" } }, "\(source): \(names)")
        }
    }
}

@Suite("DumpError words a fetch failure for a script")
struct DumpErrorTests {
    @Test("The screen's key hints are dropped: a pipeline can't press r")
    func keyHints() {
        #expect(DumpError.withoutKeyHint("Can't reach h:1 — is the server running? r to retry") == "Can't reach h:1 — is the server running?")
        #expect(DumpError.withoutKeyHint("h:1 didn't answer within 30 s — r to retry") == "h:1 didn't answer within 30 s")
        #expect(DumpError.withoutKeyHint("Tartu didn't load — showing Tallinn only; r to retry") == "Tartu didn't load — showing Tallinn only")
        #expect(DumpError.withoutKeyHint("Pipedrive is rate-limiting rolo — wait 3 s, then r") == "Pipedrive is rate-limiting rolo — wait 3 s")
        #expect(DumpError.withoutKeyHint("The people server answered 404 — check the people URL") == "The people server answered 404 — check the people URL")
    }
}
