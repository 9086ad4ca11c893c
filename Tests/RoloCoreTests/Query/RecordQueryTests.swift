import Foundation
import Testing
@testable import RoloCore

/// The query language of `/` and `rolo dump --query`: its terms as written, and which records
/// they match, in which order.
@Suite("Queries: field terms, negations, presence, numbers, dates and sorts")
struct RecordQueryTests {
    private static let source: RecordSource = {
        // swiftlint:disable:next force_try
        try! RecordSourceFixtures.source("""
            [[sources]]
            name = "tickets"
            url = "https://t.example/tickets"
            label = "{title}"
            columns = [ { title = "Home city", value = "{address.city}" }, { title = "Status", value = "{status}" } ]
            """)
    }()

    private static let records: [JSONValue] = [
        #"{"id":1,"title":"Ada Lovelace","status":"open","address":{"city":"Tallinn"},"age":36,"email":"ada@x","updated":"2026-11-30T10:00:00Z","key":"AP-10"}"#,
        #"{"id":2,"title":"Bo Berg","status":"closed","address":{"city":"Tartu"},"age":"41","email":"","updated":"2026-10-01","key":"AP-9"}"#,
        #"{"id":3,"title":"Cy Dahl","status":"open","address":{"city":"Pärnu"},"age":"unknown","tags":[],"updated":"Sun, 29 Nov 2026 08:00:00 +0000","key":"AP-100"}"#,
        #"{"id":4,"title":"Di Eze","status":"Open","address":{"city":"TALLINN"},"email":null,"key":"ap-1"}"#,
    ].map { try! JSONValue.parse(Data($0.utf8)) }  // swiftlint:disable:this force_try

    private static let now = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01T00:00:00Z

    /// The ids `text` matches, in its order.
    private func ids(_ text: String) throws -> [String] {
        let query = try RecordQuery.parse(text)
        let evaluator = try QueryEvaluator(query, source: Self.source, records: Self.records, now: Self.now)
        let matching = Self.records.filter { evaluator.matches($0, searchText: Self.source.searchText($0, lookups: .none)) }
        return evaluator.sorted(matching) { $0 }.compactMap { $0["id"]?.text }
    }

    @Test("Terms as written: fields, alternatives, phrases, negations, presence, comparisons and sorts")
    func parse() throws {
        let query = try RecordQuery.parse(#"city:tallinn,tartu status=Open "ada love" -status:closed -word has:email age>=30 updated>7d sort:-updated sort:name free text"#)
        #expect(query.clauses.map(\.negated) == [false, false, false, true, true, false, false, false])
        #expect(query.clauses[0].term == .field("city", .contains(["tallinn", "tartu"])))
        #expect(query.clauses[1].term == .field("status", .equals(["Open"])))
        #expect(query.clauses[2].term == .phrase("ada love"))
        #expect(query.clauses[4].term == .word("word"))
        #expect(query.clauses[5].term == .field("email", .present))
        #expect(query.clauses[6].term == .field("age", .compare(.atLeast, .number(30))))
        #expect(query.clauses[7].term == .field("updated", .compare(.above, .age(7 * 86_400))))
        #expect(query.sorts == [RecordQuery.Sort(field: "updated", descending: true), RecordQuery.Sort(field: "name", descending: false)])
        #expect(query.text == "free text")
        #expect(try RecordQuery.parse(#"city:"new york""#).clauses.first?.term == .field("city", .contains(["new york"])))
    }

    @Test("Malformed terms say which, in a sentence")
    func malformed() {
        let cases: [(String, String)] = [
            (#""ada love"#, #"a phrase isn't closed: "ada love… needs its closing ""#),
            ("age>abc", "'abc' in age>abc isn't a number, a date like 2026-11-01 or an age like 7d"),
            ("sort:", "'sort:' sorts by no field: write sort:name or sort:-updated"),
            ("has:", "'has:' names no field: write has:email"),
            ("city:", "'city:' has no value: write city:something"),
            ("-sort:name", "'-sort:name' negates a sort: write sort:-name for the reverse"),
            (String(repeating: "a", count: 10_000), "the query is 10000 characters long; 4096 at most"),
            // What was typed is quoted as text: a pasted escape sequence can't reach the terminal.
            ("age>\u{1B}[2J1\u{7}", "'1' in age>1 isn't a number, a date like 2026-11-01 or an age like 7d"),
        ]
        for (text, message) in cases {
            #expect(throws: QueryError(message), "\(text.prefix(20))") { try RecordQuery.parse(text) }
        }
    }

    @Test("Matching: contains and equals folded, a column's title, negation, presence, numbers and dates")
    func matching() throws {
        #expect(try ids("address.city:tallinn") == ["1", "4"])
        #expect(try ids("home_city:tallinn,tartu") == ["1", "2", "4"])
        #expect(try ids("status=open") == ["1", "3", "4"])
        #expect(try ids("-status:closed") == ["1", "3", "4"])
        #expect(try ids("address.city:parnu") == ["3"], "accents fold")
        #expect(try ids("has:email") == ["1"])
        #expect(try ids("-has:email") == ["2", "3", "4"], "\"\", null and missing are all lacking")
        #expect(try ids("age>=40") == ["2"], "text that is a number compares; \"unknown\" doesn't")
        #expect(try ids("age<40") == ["1"])
        #expect(try ids("updated>2026-11-01") == ["1", "3"], "ISO and RFC 2822 alike")
        #expect(try ids("updated>7d") == ["1", "3"])
        #expect(try ids("updated<7d") == ["2"])
        #expect(try ids(#""ada love""#) == ["1"])
        #expect(try ids("-berg") == ["1", "3", "4"])
        #expect(try ids("label:dahl") == ["3"])
        #expect(try ids("lovelace status:open") == ["1"], "free text beside the terms")
    }

    @Test("Sorting: natural order, numbers before text, the lacking last either way, stable")
    func sorting() throws {
        #expect(try ids("sort:key") == ["4", "2", "1", "3"], "ap-1, AP-9, AP-10, AP-100")
        #expect(try ids("sort:-key") == ["3", "1", "2", "4"])
        #expect(try ids("sort:age") == ["1", "2", "3", "4"], "36, 41, then text, then none")
        #expect(try ids("sort:-age") == ["2", "1", "3", "4"], "the lacking stay last")
        #expect(try ids("sort:updated") == ["2", "3", "1", "4"], "as instants, ISO and RFC 2822 alike; the lacking last")
        #expect(try ids("sort:status sort:-id") == ["2", "4", "3", "1"], "the first decides first, ties by the second")
    }

    @Test("A field no record has, no column and no lookup: said, with the fields there are")
    func unknownField() throws {
        let query = try RecordQuery.parse("ctiy:tallinn")
        #expect(throws: QueryError("no field 'ctiy' — address.city, id, key, title, age, email, …")) {
            try QueryEvaluator(query, source: Self.source, records: Self.records)
        }
    }

    @Test("Instants: ISO 8601 with offsets and fractions, a day's start in UTC, RFC 2822")
    func instants() {
        #expect(Instant.parse("2026-11-01") == Date(timeIntervalSince1970: 1_793_491_200))
        #expect(Instant.parse("2026-11-01T02:00:00+02:00") == Date(timeIntervalSince1970: 1_793_491_200))
        #expect(Instant.parse("2026-11-01T00:00:00.500Z") == Date(timeIntervalSince1970: 1_793_491_200.5))
        #expect(Instant.parse("2026-11-01 00:00:00") == Date(timeIntervalSince1970: 1_793_491_200))
        #expect(Instant.parse("Sun, 01 Nov 2026 00:00:00 +0000") == Date(timeIntervalSince1970: 1_793_491_200))
        #expect(Instant.parse("2026-02-30") == nil)
        #expect(Instant.parse("10126") == nil)
        #expect(Instant.parse("not a date at all") == nil)
    }

    @Test("[[sources.views]]: a name, a query that reads and columns the source has, each mistake with its line")
    func views() throws {
        let head = """
            [[sources]]
            name = "tickets"
            url = "https://t.example/tickets"
            columns = [ { title = "Name", value = "{name}" }, { title = "Email", value = "{email}" } ]

            [[sources.views]]
            name = "Open in Tallinn"
            query = "city:tallinn -status:closed sort:-updated"
            columns = ["Email", "label"]

            """
        let source = try RecordSourceFixtures.source(head)
        #expect(source.views.map(\.name) == ["Open in Tallinn"])
        #expect(source.views.first?.columns == ["Email"], "the label always shows")
        #expect(source.views.first?.query.sorts == [RecordQuery.Sort(field: "updated", descending: true)])
        let cases: [(String, String)] = [
            ("[[sources.views]]\nname = \"Bad\"\nquery = \"age>abc\"\n",
             "config.toml, line 12: the query of view 'Bad' of source 'tickets': 'abc' in age>abc isn't a number, a date like 2026-11-01 or an age like 7d"),
            ("[[sources.views]]\nname = \"Cols\"\nquery = \"x\"\ncolumns = [\"Emial\"]\n",
             "config.toml, line 13: view 'Cols' of source 'tickets' shows column 'Emial', which source 'tickets' hasn't (did you mean 'Email'?) — its columns are Name, Email"),
            ("[[sources.views]]\nname = \"Open in Tallinn\"\nquery = \"x\"\n",
             "config.toml, line 11: source 'tickets' has two views named 'Open in Tallinn' (the first at config.toml, line 7) — name each once"),
            ("[[sources.views]]\nname = \"Q\"\n", "config.toml, line 10: view 'Q' of source 'tickets' needs query = \"…\", like \"status:open sort:-updated\""),
        ]
        for (more, message) in cases {
            let said = try RecordSourceFixtures.configError(head + more)
            #expect(said == message)
        }
    }
}
