import Foundation
import Testing
@testable import RoloCore

@Suite("RecordSource JSON: values, dotted paths, templates and the records path")
struct RecordJSONTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8))
    }

    @Test("Members keep their order, numbers their text, escapes and surrogate pairs are read")
    func parsing() throws {
        let value = try parse(#"{"b": 12.50, "a": [true, null, -1e3], "s": "tab\tline\u00e9 \ud83d\ude00 \ud800"}"#)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a", "s"])
        #expect(value["b"] == .number("12.50"))
        #expect(value["a"] == .array([.bool(true), .null, .number("-1e3")]))
        #expect(value["s"] == .string("tab\tlineé 😀 \u{FFFD}"))
        #expect(try parse("\u{FEFF}[1]") == .array([.number("1")]))
    }

    @Test("Bad JSON says what and where; nesting past the limit is refused, not a crash")
    func syntaxErrors() {
        func failure(_ text: String) -> JSONSyntaxError? {
            #expect(throws: JSONSyntaxError.self) { try parse(text) }
        }
        #expect(failure(#"{"a": 1,}"#) == JSONSyntaxError(offset: 8, reason: "an object key that isn't a string"))
        #expect(failure(#"["abc"#)?.reason == "a string that doesn't end")
        #expect(failure("[01x]")?.reason == "a list item not followed by , or ]")
        #expect(failure("<html>")?.reason == "a value that isn't JSON")
        #expect(failure("[1] [2]")?.reason == "more text after the JSON value")
        #expect(failure(String(repeating: "[", count: 100_000))?.reason == "lists or objects nested over 256 deep")
    }

    @Test("Written back, a value reads the same")
    func roundTrip() throws {
        let text = #"{"name":"Ann \"A\" \\ B","n":[1,2.5e-3,{"k":null}],"ctl":"\u0001\n","ok":false}"#
        let value = try parse(text)
        #expect(value.jsonText == text)
        #expect(try parse(value.jsonText) == value)
    }

    @Test("Written strings escape quotes, backslashes and every control, and keep the rest as it is")
    func writtenStrings() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let written = JSONValue.string(controls).jsonText
        #expect(written.hasPrefix(#""\u0000\u0001"#) && written.contains(#"\u001f""#))
        #expect(written.contains(#"\u0008\t\n\u000b\u000c\r\u000e"#))
        #expect(try parse(written) == .string(controls))
        for text in ["", "plain", #"a "quoted" \ word"#, "Jüri Иванов 東京 👩‍👩‍👧 e\u{301}", "\u{7F}del stays", "\"\"", "end\\"] {
            #expect(try parse(JSONValue.string(text).jsonText) == .string(text), "\(text)")
            #expect(DumpEscaping.jsonString(text) == JSONValue.string(text).jsonText)
        }
        #expect(JSONValue.string("Jüri \u{7F}").jsonText == "\"Jüri \u{7F}\"")
    }

    @Test("Dotted paths step into objects and, by number, into lists")
    func paths() throws {
        let user = try parse(#"{"emails": [{"value": "a@x"}, {"value": "b@x"}], "address": {"city": "Tartu"}, "0": "zero"}"#)
        #expect(user.value(at: JSONPath("emails.1.value")) == .string("b@x"))
        #expect(user.value(at: JSONPath("address.city"))?.text == "Tartu")
        #expect(user.value(at: JSONPath("0")) == .string("zero"))
        #expect(user.value(at: JSONPath("emails.2.value")) == nil)
        #expect(user.value(at: JSONPath("address.city.name")) == nil)
        #expect(user.value(at: JSONPath("")) == user)
        #expect(!JSONPath("a..b").isWellFormed)
        #expect(user.fieldPaths.map(\.description) == ["emails.0.value", "emails.1.value", "address.city", "0"])
    }

    @Test("Templates: missing values are empty, numbers and bools are text, server text is made safe")
    func templates() throws {
        let record = try parse(#"{"first": "Ada", "last": "Love\u001b[31mlace", "age": 36, "admin": true, "tags": ["a", "b"], "x": null}"#)
        #expect(try RecordTemplate("{first} {last}").render(record) == "Ada Lovelace")
        #expect(try RecordTemplate("{age} / {admin} / {tags} / [{x}] [{nope.deeper}]").render(record) == "36 / true / a, b / [] []")
        #expect(try RecordTemplate("{{literal}} {first}").render(record) == "{literal} Ada")
        #expect(throws: TemplateSyntaxError.self) { try RecordTemplate("{first") }
        #expect(throws: TemplateSyntaxError.self) { try RecordTemplate("first}") }
        #expect(throws: TemplateSyntaxError.self) { try RecordTemplate("{}") }
    }

    @Test("A URL template percent-encodes values inside it, and takes a lone value as the whole URL")
    func urlTemplates() throws {
        let record = try parse(#"{"id": "a/b c", "avatar": "https://img.example/u/1.png?s=64"}"#)
        #expect(try RecordTemplate("https://api.example/people/{id}").url(for: record)?.absoluteString
            == "https://api.example/people/a%2Fb%20c")
        #expect(try RecordTemplate("{avatar}").url(for: record)?.absoluteString == "https://img.example/u/1.png?s=64")
        #expect(try RecordTemplate("https://api.example/{missing}").url(for: record) == nil)
    }

    @Test("A path no record has is named, with a near miss and the fields records do have")
    func templateCheck() throws {
        let records = try [#"{"first_name": "Ada", "last_name": "L", "email": "a@x", "emails": [{"v": 1}, {"v": 2}]}"#, #"{"first_name": "B"}"#].map(parse)
        #expect(TemplateCheck.problems("label", paths: [JSONPath("first_nme"), JSONPath("last_name")], records: records)
            == ["label: no record has 'first_nme' (did you mean 'first_name'?) — records have first_name, last_name, email, emails.0.v"])
        #expect(TemplateCheck.problems("label", paths: [JSONPath("last_name")], records: records).isEmpty)
        #expect(TemplateCheck.problems("label", paths: [JSONPath("zzz")], records: []).isEmpty)
    }

    @Test("The records path: found, or what the answer is instead")
    func recordsPath() throws {
        let foods = try parse(#"{"foods": [{"id": 1}], "totalCount": 1}"#)
        #expect(try RecordsLocator.records(in: foods, at: JSONPath("foods")).count == 1)
        // Pipedrive v1's page after the last.
        #expect(try RecordsLocator.records(in: try parse(#"{"success": true, "data": null}"#), at: JSONPath("data")).isEmpty)
        func message(_ answer: JSONValue, _ path: String?) -> String? {
            #expect(throws: RecordsPathError.self) { try RecordsLocator.records(in: answer, at: path.map(JSONPath.init)) }?.description
        }
        #expect(message(foods, "items") == "no list at 'items': the answer is an object with keys foods, totalCount (a list of records is at 'foods')")
        #expect(message(foods, "totalCount") == "no list at 'totalCount': it is a number")
        #expect(message(try parse(#"{"data": {"items": 3}}"#), "data.items.x") == "no list at 'data.items.x': 'data.items' is a number")
        #expect(message(foods, nil) == "the answer is an object with keys foods, totalCount, not a list (a list of records is at 'foods') — set records = \"…\" to the list's path")
    }
}

@Suite("RecordSource pictures: an address or base64 bytes")
struct RecordPictureTests {
    @Test("A URL field is fetched, base64 (bare or as a data: URL) is decoded, nothing is nil")
    func pictures() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let record = JSONValue.object([
            JSONMember("avatar", .string("https://avatars.example/u/1?v=4")),
            JSONMember("photo", .string(png.base64EncodedString())),
            JSONMember("inline", .string("data:image/png;base64," + png.base64EncodedString())),
            JSONMember("broken", .string("not base64 at all!")),
            JSONMember("login", .string("octo cat")),
        ])
        #expect(RecordPicture(try RecordTemplate("{avatar}"), record: record) == .url(URL(string: "https://avatars.example/u/1?v=4")!))
        #expect(RecordPicture(try RecordTemplate("https://img.example/{login}.png"), record: record)
            == .url(URL(string: "https://img.example/octo%20cat.png")!))
        #expect(RecordPicture(try RecordTemplate("{photo}"), record: record) == .bytes(png))
        #expect(RecordPicture(try RecordTemplate("{inline}"), record: record) == .bytes(png))
        #expect(RecordPicture(try RecordTemplate("{broken}"), record: record) == .invalid("not valid base64"))
        #expect(RecordPicture(try RecordTemplate("{missing}"), record: record) == nil)
    }
}
