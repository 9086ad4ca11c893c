import Foundation
import Testing
@testable import RoloCore

/// A configured source's `links`: read and checked with the config file, and made into each
/// record's addresses.
@Suite("Configured sources: links")
struct RecordLinksTests {
    private let head = """
        [[sources]]
        name = "crm"
        url = "https://crm.example/api/people"

        """

    @Test("links are read in order; each record's address is its template filled in, values percent-encoded")
    func read() throws {
        let source = try RecordSourceFixtures.source(head + """
            links = [ { title = "In the CRM", url = "https://{company}.crm.example/person/{id}" },
                      { title = "Homepage", url = "{homepage}" } ]
            """)
        #expect(source.links.map(\.title) == ["In the CRM", "Homepage"])
        let record = try JSONValue.parse(Data(#"{"id": 7, "company": "acme", "homepage": "https://ada.example/"}"#.utf8))
        #expect(source.links[0].address(for: record) == "https://acme.crm.example/person/7")
        #expect(source.links[1].address(for: record) == "https://ada.example/")
        let odd = try JSONValue.parse(Data(#"{"id": "a/b c", "company": "acme", "homepage": "javascript:alert(1)"}"#.utf8))
        #expect(source.links[0].address(for: odd) == "https://acme.crm.example/person/a%2Fb%20c")
        #expect(source.links[1].address(for: odd) == nil, "a field's value is a link only when it is an http(s) address")
        let missing = try JSONValue.parse(Data(#"{"company": "acme"}"#.utf8))
        #expect(source.links[0].address(for: missing) == nil)
        #expect(try RecordSourceFixtures.source(head).links.isEmpty)
    }

    @Test("Mistakes name the line of links", arguments: [
        ("links = \"https://x.example\"", "config.toml, line 4: 'links' of source 'crm' should be a list of tables"),
        ("links = [ \"https://x.example\" ]", "config.toml, line 4: each of the links of source 'crm' should be a table"),
        ("links = [ { title = \"A\" } ]", "config.toml, line 4: each link of source 'crm' needs title = \"…\" and url = \"https://…\""),
        ("links = [ { title = \"A\", url = \"https://x/{id\" } ]", "config.toml, line 4: the url of link 'A' of source 'crm': a { that isn't closed"),
        ("links = [ { title = \"A\", url = \"ftp://x/{id}\" } ]", "config.toml, line 4: the url of link 'A' of source 'crm' should be an http:// or https:// address"),
        ("links = [ { title = \"A\", url = \"https://x/{id}\", target = \"_blank\" } ]", "config.toml, line 4: unknown key 'target' in a link of source 'crm'"),
        ("links = [ { titel = \"A\", url = \"https://x/{id}\" } ]", "config.toml, line 4: unknown key 'titel' in a link of source 'crm' (did you mean 'title'?)"),
    ])
    func mistakes(line: String, message: String) throws {
        let text = try #require(try RecordSourceFixtures.configError(head + line + "\n"))
        #expect(text.hasPrefix(message), "\(text)")
    }
}
