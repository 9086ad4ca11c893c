import Foundation
import StandIn
import Testing

/// The ME employees API, checked over a real socket against what the real `ppl_server.py` sends.
@Suite("People (ME) API")
struct PeopleAPITests {
    @Test("healthCheck answers the bare JSON string \"Ok\"")
    func health() async throws {
        try await withServer { server in
            let reply = try await request(server, "/healthCheck")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/json")
            // Flask-RESTful's output_json ends every body with a newline.
            #expect(reply.text == "\"Ok\"\n")
            #expect(try reply.json() as? String == "Ok")
        }
    }

    @Test("the list is a bare array with ids 1...N")
    func listIsBareArray() async throws {
        try await withServer(StandInOptions(employees: 30)) { server in
            let reply = try await request(server, "/employees")
            #expect(reply.status == 200)
            #expect(reply.text.hasPrefix("[\n    {\n        \"id\": 1,"))
            let list = try employees(reply)
            #expect(list.compactMap { $0["id"] as? Int } == Array(1...30))
            for employee in list {
                for key in ["first_name", "last_name", "gender", "birth_date"] {
                    #expect(employee[key] is String, "\(key) of \(employee["id"] ?? "?")")
                }
                #expect(["male", "female", "other"].contains(employee["gender"] as? String))
            }
        }
    }

    @Test("an empty list is []")
    func emptyList() async throws {
        try await withServer(StandInOptions(employees: 0)) { server in
            let reply = try await request(server, "/employees")
            #expect(reply.text == "[]\n")
        }
    }

    @Test("thumbImage is base64 of a 100×100 JPEG wrapped in literal double quotes")
    func thumbnail() async throws {
        try await withServer { server in
            let first = try #require(try employees(try await request(server, "/employees")).first)
            let value = try #require(first["thumbImage"] as? String)
            #expect(value.hasPrefix("\"/9j/"))
            #expect(value.hasSuffix("\""))
            try expectJPEG(Data(base64Encoded: String(value.dropFirst().dropLast())), width: 100, height: 100)
        }
    }

    @Test("image is MIME base64 of a 360×480 JPEG, lines of at most 76 characters")
    func image() async throws {
        try await withServer { server in
            let detail = try #require(try await request(server, "/employees/1").json() as? [String: Any])
            let value = try #require(detail["image"] as? String)
            let lines = value.split(separator: "\n")
            #expect(lines.count > 1)
            #expect(lines.allSatisfy { $0.count <= 76 })
            #expect(lines.dropLast().allSatisfy { $0.count == 76 })
            #expect(value.hasSuffix("\n"))
            try expectJPEG(Data(base64Encoded: value, options: .ignoreUnknownCharacters), width: 360, height: 480)
        }
    }

    @Test("the detail carries every field and the image")
    func detail() async throws {
        try await withServer { server in
            let reply = try await request(server, "/employees/2")
            #expect(reply.status == 200)
            let detail = try #require(try reply.json() as? [String: Any])
            #expect(detail["id"] as? Int == 2)
            #expect(detail["first_name"] as? String == "Emmett")
            #expect(detail["last_name"] as? String == "Brown")
            #expect(detail["birth_date"] as? String == "14 February 1969")
            #expect(detail["thumbImage"] is String)
            #expect(detail["image"] is String)
        }
    }

    @Test("only every fifth employee carries the full image in the list")
    func listImages() async throws {
        try await withServer { server in
            let list = try employees(try await request(server, "/employees"))
            let withImage = list.filter { $0["image"] != nil }.compactMap { $0["id"] as? Int }
            #expect(withImage == [5, 10, 15, 20])
        }
    }

    @Test("thumbImage is missing for some, null for others; image is null for some")
    func absentAndNullPictures() async throws {
        try await withServer { server in
            let list = try employees(try await request(server, "/employees"))
            let missing = list.filter { $0["thumbImage"] == nil }.compactMap { $0["id"] as? Int }
            let null = list.filter { $0["thumbImage"] is NSNull }.compactMap { $0["id"] as? Int }
            #expect(missing == [4, 16])
            #expect(null == [9, 21])
            let detail = try #require(try await request(server, "/employees/6").json() as? [String: Any])
            #expect(detail["image"] is NSNull)
        }
    }

    @Test("one image is not base64 and one is a truncated JPEG")
    func brokenImages() async throws {
        try await withServer { server in
            let invalid = try #require(try await request(server, "/employees/11").json() as? [String: Any])
            let text = try #require(invalid["image"] as? String)
            #expect(Data(base64Encoded: text, options: .ignoreUnknownCharacters) == nil)

            let truncated = try #require(try await request(server, "/employees/15").json() as? [String: Any])
            let base64 = try #require(truncated["image"] as? String)
            let jpeg = Data(base64Encoded: base64, options: .ignoreUnknownCharacters)
            // The headers survive the cut, the end-of-image marker does not.
            try expectJPEG(jpeg, width: 360, height: 480)
            #expect(jpeg?.suffix(2).elementsEqual([0xFF, 0xD9]) == false)
        }
    }

    @Test("birth dates are d MMMM yyyy, padded and not, one in the future, one before 1900")
    func birthDates() async throws {
        try await withServer(StandInOptions(employees: 60)) { server in
            let dates = try employees(try await request(server, "/employees")).compactMap { $0["birth_date"] as? String }
            let pattern = try Regex(#"^(\d{1,2}) (January|February|March|April|May|June|July|August|September|October|November|December) (\d{4})$"#)
            var years: [Int] = []
            for date in dates {
                let match = try #require(try pattern.wholeMatch(in: date), "\(date)")
                years.append(Int(match.output[3].substring ?? "") ?? 0)
            }
            #expect(dates.contains { $0.first == "0" })
            #expect(dates.contains { $0.split(separator: " ")[0].count == 1 })
            let thisYear = Calendar(identifier: .gregorian).component(.year, from: Date())
            #expect(years.filter { $0 > thisYear }.count == 1)
            #expect(years.filter { $0 < 1900 }.count == 1)
        }
    }

    @Test("names exercise the terminal: scripts, emoji, combining marks, a very long one")
    func names() async throws {
        try await withServer { server in
            let list = try employees(try await request(server, "/employees"))
            let names = list.map { "\($0["first_name"] ?? "") \($0["last_name"] ?? "")" }
            for expected in ["Jüri Õunapuu", "Tõnis Mägi", "Анна Иванова", "秀英 王", "محمد رضایی", "Zoë 🌟 Kask", "Kai 👩🏽‍💻 Tamm"] {
                #expect(names.contains(expected), "\(expected)")
            }
            #expect(names.contains { $0.unicodeScalars.contains("\u{301}") })
            #expect(names.contains { $0.count > 45 })
        }
    }

    @Test("the escape sequence is served raw, escaped only as Python's JSON escapes it")
    func escapeSequenceIsRaw() async throws {
        try await withServer { server in
            let reply = try await request(server, "/employees")
            #expect(reply.text.contains(#""first_name": "Evil\u001b[31mRed""#))
            // ensure_ascii: everything non-ASCII travels as \u escapes, astral planes as pairs.
            #expect(reply.text.contains(#""first_name": "J\u00fcri""#))
            #expect(reply.text.contains(#"Zo\u00eb \ud83c\udf1f"#))
            let names = try employees(reply).compactMap { $0["first_name"] as? String }
            #expect(names.contains("Evil\u{1B}[31mRed"))
        }
    }

    @Test("an unknown id is 404 with the bare string \"Not found\"", arguments: ["/employees/999", "/employees/0", "/employees/99999999999999999999999"])
    func unknownID(path: String) async throws {
        try await withServer { server in
            let reply = try await request(server, path)
            #expect(reply.status == 404)
            #expect(reply.header("Content-Type") == "application/json")
            #expect(reply.text == "\"Not found\"\n")
        }
    }

    @Test("a malformed path is Werkzeug's HTML 404", arguments: ["/employees/abc", "/nope", "/employees/", "/employees/-1", "/"])
    func malformedPath(path: String) async throws {
        try await withServer { server in
            let reply = try await request(server, path)
            #expect(reply.status == 404)
            #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
            #expect(reply.text == """
                <!doctype html>
                <html lang=en>
                <title>404 Not Found</title>
                <h1>Not Found</h1>
                <p>The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.</p>

                """)
        }
    }

    @Test("another method is Flask-RESTful's 405 with an Allow header")
    func wrongMethod() async throws {
        try await withServer { server in
            let reply = try await request(server, "/employees", method: "POST")
            #expect(reply.status == 405)
            #expect(reply.header("Allow") == "GET, HEAD, OPTIONS")
            let body = try #require(try reply.json() as? [String: String])
            #expect(body == ["message": "The method is not allowed for the requested URL."])
            #expect(await server.requestCount("people.list") == 0)
        }
    }

    @Test("HEAD answers the GET's headers without a body")
    func head() async throws {
        try await withServer { server in
            let reply = try await request(server, "/healthCheck", method: "HEAD")
            #expect(reply.status == 200)
            #expect(reply.body.isEmpty)
            #expect(reply.header("Content-Length") == "5")
        }
    }

    @Test("concurrent cold requests get the same list")
    func concurrentColdList() async throws {
        try await withServer { server in
            async let first = request(server, "/employees")
            async let second = request(server, "/employees")
            let (a, b) = try await (first, second)
            #expect(a.status == 200)
            #expect(a.body == b.body)
        }
    }
}
