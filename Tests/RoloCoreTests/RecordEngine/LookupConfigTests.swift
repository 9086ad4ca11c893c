import Foundation
import Testing
@testable import RoloCore

/// `[[sources.lookups]]`: read with the config file in the issue's syntax, each mistake named
/// by its line.
@Suite("Configured sources: lookups in the config file")
struct LookupConfigTests {
    private let head = """
        [[sources]]
        name = "contacts"
        url = "https://api.example.com/v1/people"
        records = "data"
        label = "{name}"
        columns = [ { title = "Organisation", value = "{org.name}" } ]

        """

    private let orgs = """

        [[sources]]
        name = "orgs"
        url = "https://api.example.com/v1/organizations"
        records = "data"
        label = "{name} ({address})"

        """

    @Test("The issue's syntax: name, field, url, records, id, source and its own paging; the source's label goes with it")
    func issueSyntax() throws {
        let sources = try RecordSourceFixtures.sources(head + """
            [[sources.lookups]]
            name = "org"                     # templates use {org.name}, {org.address}, …
            field = "org_id"                 # a number, a string, or {"value": 7}
            url = "https://api.example.com/v1/organizations"   # paged with its own [sources.lookups.paging]
            records = "data"
            id = "id"
            source = "orgs"                  # optional

            [sources.lookups.paging]
            style = "offset"
            param = "start"
            size_param = "limit"
            size = 500

            [[sources.lookups]]
            name = "owner"
            field = "owner_id.value"
            url = "https://api.example.com/v1/users"

            """ + orgs)
        let lookups = sources[0].lookups
        #expect(lookups.map(\.name) == ["org", "owner"])
        let org = lookups[0]
        #expect(org.field == JSONPath("org_id") && org.url == "https://api.example.com/v1/organizations")
        #expect(org.records == JSONPath("data") && org.id == JSONPath("id") && org.source == "orgs")
        #expect(org.paging == RecordPaging(style: .offset, param: "start", first: 1, sizeParam: "limit", size: 500))
        #expect(org.label?.description == "{name} ({address})", "the named source's label names a looked-up record")
        #expect(org.place.hasSuffix("config.toml, line 7"))
        let owner = lookups[1]
        #expect(owner.id == JSONPath("id") && owner.records == nil && owner.source == nil && owner.paging == nil && owner.label == nil)
        #expect(sources[1].lookups.isEmpty)
    }

    @Test("Mistakes name their line", arguments: [
        ("name = \"org\"\nfield = \"org_id\"\nurl = \"https://x.example/orgs\"\ncolour = \"red\"", "line 11: unknown key 'colour' in a lookup of source 'contacts'"),
        ("name = \"org\"\nfeild = \"org_id\"\nurl = \"https://x.example/orgs\"", "line 9: unknown key 'feild' in a lookup of source 'contacts' (did you mean 'field'?)"),
        ("name = \"org\"\nurl = \"https://x.example/orgs\"", "line 7: lookup 'org' of source 'contacts' needs field = \"…\""),
        ("name = \"org\"\nfield = \"org_id\"", "line 7: lookup 'org' of source 'contacts' needs url = \"https://…\""),
        ("field = \"org_id\"\nurl = \"https://x.example/orgs\"", "line 7: a lookup of source 'contacts' needs name = \"…\""),
        ("name = \"Org\"\nfield = \"org_id\"\nurl = \"https://x.example/orgs\"", "line 8: lookup name 'Org' of source 'contacts' should be lower-case"),
        ("name = \"org\"\nfield = \"org..id\"\nurl = \"https://x.example/orgs\"", "line 9: 'org[\"\"].id' in field of lookup 'org' of source 'contacts' isn't a field path"),
        ("name = \"org\"\nfield = \"org_id\"\nurl = \"ftp://x.example/orgs\"", "line 10: the url of lookup 'org' of source 'contacts' should be an http:// or https:// address"),
        ("name = \"org\"\nfield = \"org_id\"\nurl = \"https://x.example/orgs\"\nsource = \"orgz\"", "line 11: lookup 'org' of source 'contacts' names source 'orgz', which isn't a configured source (did you mean 'orgs'?)"),
        ("name = \"org\"\nfield = \"org_id\"\nurl = \"https://x.example/orgs\"\nsource = 7", "line 11: 'source' of lookup 'org' of source 'contacts' should be text in quotes"),
        ("name = \"org\"\nfield = \"org_id\"\nurl = \"https://x.example/orgs\"\n[sources.lookups.paging]\nstyle = \"pages\"", "line 12: unknown paging style 'pages' of lookup 'org' of source 'contacts'"),
        ("name = \"org\"\nfield = \"org_id\"\nurl = \"https://x.example/orgs\"\n[sources.lookups.paging]\nstyle = \"page\"\nsize = 10", "line 13: the page size of lookup 'org' of source 'contacts' needs size_param = \"…\", the query parameter it is sent in"),
    ])
    func mistakes(lines: String, message: String) throws {
        let text = try #require(try RecordSourceFixtures.configError(head + "[[sources.lookups]]\n" + lines + "\n" + orgs))
        #expect(text.hasPrefix("config.toml, " + message), "\(text)")
    }

    @Test("Two lookups of one name are an error naming the second and the first; a lookup named as a record's field is fine")
    func duplicateName() throws {
        let lookup = "[[sources.lookups]]\nname = \"org\"\nfield = \"org_id\"\nurl = \"https://x.example/orgs\"\n"
        let text = try #require(try RecordSourceFixtures.configError(head + lookup + lookup))
        #expect(text.hasPrefix("config.toml, line 11: source 'contacts' has two lookups named 'org' (the first at config.toml, line 7)"), "\(text)")
        let clash = try RecordSourceFixtures.source(head + "[[sources.lookups]]\nname = \"name\"\nfield = \"org_id\"\nurl = \"https://x.example/orgs\"\n")
        #expect(clash.lookups.map(\.name) == ["name"])
    }

    @Test("'lookups' written as one value is an error naming its line")
    func notTables() throws {
        let text = try #require(try RecordSourceFixtures.configError(head + "lookups = \"org\"\n"))
        #expect(text.hasPrefix("config.toml, line 7: 'lookups' of source 'contacts' should be [[sources.lookups]] tables"), "\(text)")
    }

    @Test("Headers go to a lookup's list only on the source's origin, and so does where an answer says it failed")
    func headersByOrigin() throws {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "contacts"
            url = "https://api.example.com/v1/people"
            headers = { Authorization = "Bearer ${TOKEN}" }
            error = "error"

            [[sources.lookups]]
            name = "org"
            field = "org_id"
            url = "https://api.example.com/v1/organizations"

            [[sources.lookups]]
            name = "owner"
            field = "owner_id"
            url = "https://elsewhere.example/users"
            """)
        let environment = ["TOKEN": "t0k3n"]
        #expect(try source.lookups[0].endpoint(of: source, environment: environment).headers == ["Authorization": "Bearer t0k3n"])
        #expect(try source.lookups[1].endpoint(of: source, environment: environment).headers.isEmpty)
        #expect(throws: ConfigError.self) { try source.lookups[0].endpoint(of: source, environment: [:]) }
        #expect(try Self.errorPaths(source, environment) == [JSONPath("error"), nil])
    }

    /// Where each lookup's list of `source` is read for errors, as its sync pages it.
    static func errorPaths(_ source: RecordSource, _ environment: [String: String]) throws -> [JSONPath?] {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: source)
        let sync = try LookupSync(source: source, store: LookupStore(beside: store), client: FakeHTTPClient(), environment: environment)
        return sync.pagers.map(\.pager.source.error)
    }
}
