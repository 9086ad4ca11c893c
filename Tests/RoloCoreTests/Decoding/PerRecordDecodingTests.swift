import Foundation
import RoloCore
import Testing

@Suite("Every source's list decoder skips a record it can't read and keeps the rest")
struct PerRecordDecodingTests {
    private func json(_ text: String) -> Data { Data(text.utf8) }

    private static let employee = #"{"id": 1, "first_name": "Mari", "last_name": "Tamm", "gender": "female", "birth_date": "1 May 1980"}"#

    @Test("people: an id of 2^63, an id that is text and a null name are skipped, their neighbours kept")
    func people() throws {
        let body = json("""
            [\(Self.employee),
             {"id": 9223372036854775808, "first_name": "Big", "last_name": "Id", "gender": "x", "birth_date": "1 May 1980"},
             {"id": "seven", "first_name": "Text", "last_name": "Id", "gender": "x", "birth_date": "1 May 1980"},
             {"id": 4, "first_name": null, "last_name": "Null", "gender": "x", "birth_date": "1 May 1980"},
             {"id": 5, "first_name": "Jüri", "last_name": "Saar", "gender": "male", "birth_date": "2 June 1970"}]
            """)
        let list = try PeopleDecoder.decodeEmployees(body)
        #expect(list.records.map(\.id) == [1, 5])
        #expect(list.skipped.map(\.index) == [1, 2, 3])
        #expect(list.skipped.map(\.reason) == [
            "'id' should be a whole number", "'id' should be a whole number", "'first_name' is missing",
        ])
        #expect(list.skipped.notice(singular: "employee", plural: "employees")
            == "3 employees skipped: an id that isn't a number, and other reasons — details in the log")
    }

    @Test("The notice names the one reason when every skipped record shares it")
    func noticeOneReason() throws {
        let body = json(#"[{"id": "a"}, \#(Self.employee), {"id": "b"}]"#)
        let list = try PeopleDecoder.decodeEmployees(body)
        #expect(list.records.count == 1)
        #expect(list.skipped.notice(singular: "employee", plural: "employees")
            == "2 employees skipped: an id that isn't a number — details in the log")
        #expect(list.skipped.logLines(of: "employee") == [
            "employee at index 0 skipped: 'id' should be a whole number",
            "employee at index 2 skipped: 'id' should be a whole number",
        ])
    }

    @Test("The log lines stop at a limit and count the rest, so a hostile list can't flood the log")
    func logLimit() {
        let skipped = (0..<120).map { SkippedRecord(index: $0, problem: .missing("id")) }
        let lines = skipped.logLines(of: "food", limit: 50)
        #expect(lines.count == 51)
        #expect(lines.last == "70 more food records skipped")
    }

    @Test("An answer wrong as a whole is still an error, not a list with everything skipped")
    func wholeAnswerWrong() {
        for body in ["<html>502</html>", "", #"{"message": "Ok"}"#, "42", "[1, 2"] {
            #expect(throws: FetchError.self, "\(body)") { _ = try PeopleDecoder.decodeEmployees(json(body)) }
            #expect(throws: FetchError.self, "\(body)") { _ = try FoodsDecoder.decodeFoods(json(body)) }
            #expect(throws: FetchError.self, "\(body)") { _ = try DirectoryDecoder.decodeEmployees(json(body)) }
        }
    }

    @Test("A record that isn't an object, or a nested value of any shape, is stepped over whole")
    func nestedJunk() throws {
        let body = json(#"[[1, [2, {"x": 3}]], "text", null, \#(Self.employee), {"id": {"deep": [1, 2]}}]"#)
        let list = try PeopleDecoder.decodeEmployees(body)
        #expect(list.records.map(\.id) == [1])
        #expect(list.skipped.map(\.index) == [0, 1, 2, 4])
        #expect(list.skipped.first?.summary == "a record that isn't an object")
    }

    @Test("foods: a food without an id or with an object for a name is skipped")
    func foods() throws {
        let body = json("""
            [{"id": 1, "name": "Soup"}, {"name": "No id"}, {"id": 3, "name": {"en": "Stew"}}, {"id": "a7", "name": "Kiluvõileib"}]
            """)
        let list = try FoodsDecoder.decodeFoods(body)
        #expect(list.records.map(\.id) == ["1", "a7"])
        #expect(list.skipped.map(\.index) == [1, 2])
        #expect(list.skipped.map(\.reason) == ["'id' is missing", "'name' should be text"])
    }

    @Test("directory: a person without contact details or with a null first name is skipped")
    func directory() throws {
        let body = json("""
            {"employees": [
              {"fname": "Mari", "lname": "Tamm", "contact_details": {"email": "mari@example.com"}, "position": "IOS"},
              {"fname": "No", "lname": "Contact", "position": "WEB"},
              {"fname": null, "lname": "Null", "contact_details": {"email": "n@example.com"}, "position": "PM"},
              {"fname": "Jüri", "lname": "Saar", "contact_details": {"email": "juri@example.com"}, "position": "PM"}]}
            """)
        let list = try DirectoryDecoder.decodeEmployees(body)
        #expect(list.records.map(\.firstName) == ["Mari", "Jüri"])
        #expect(list.skipped.map(\.index) == [1, 2])
        #expect(list.skipped.map(\.summary) == ["a missing contact_details", "a missing fname"])
    }

    @Test("randomuser: a person with neither login.uuid nor a name or email is skipped, the page's info kept")
    func randomUser() throws {
        let body = json("""
            {"results": [{"login": {"uuid": "u1"}, "name": {"first": "A", "last": "B"}}, {"gender": "male"},
                         {"login": {"uuid": "u3"}}], "info": {"seed": "s", "page": 2, "results": 3}}
            """)
        let page = try RandomUserDecoder.decodePage(body)
        #expect(page.persons.map(\.id) == ["u1", "u3"])
        #expect(page.skipped.map(\.index) == [1])
        #expect(page.page == 2)
    }

    @Test("pipedrive: a person with a text id is kept as sent but read as no person; the page's cursor kept")
    func pipedrive() throws {
        let body = json("""
            {"success": true, "data": [{"id": 1, "name": "Ada"}, {"id": "x", "name": "Bad"}, {"id": 3, "name": "Cy"}],
             "additional_data": {"next_cursor": "c2"}}
            """)
        let page = try PipedrivePageReadingTests.page(body, api: .v2)
        #expect(page.records.map(\.id) == ["1", "x", "3"])
        #expect(page.records.compactMap { PipedriveAccount.person($0, lookups: .none)?.id } == ["1", "3"])
        #expect(page.skipped.isEmpty)
        #expect(page.next?.cursor == "c2")
    }
}
