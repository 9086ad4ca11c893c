import Foundation
import Testing
@testable import RoloCore

@Suite("RecordSource config: [[sources]] and tabs in config.toml")
struct ConfiguredSourceTests {
    private let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    private var path: String { home.path + "/config.toml" }

    private func load(_ file: String, mode: Int = 0o600) throws -> ConfiguredSources {
        try home.write("config.toml", file, mode: mode)
        return try SettingsLoader.load(options: [:], environment: ["HOME": home.path], configFile: path).configuredSources
    }

    private func error(_ file: String, mode: Int = 0o600) -> String? {
        #expect(throws: ConfigError.self) { try load(file, mode: mode) }?.message
    }

    static let issueExample = """
        tabs = ["team", "pipedrive", "people"]

        [[sources]]
        name = "team"
        title = "Team"
        url = "https://api.example.com/v1/people"
        headers = { Authorization = "Bearer ${TEAM_TOKEN}" }
        records = "data.items"
        id = "id"
        label = "{first_name} {last_name}"
        columns = [ { title = "Email", value = "{email}" }, { title = "City", value = "{address.city}", width = 16 } ]
        group = "{department}"
        sort = "{last_name}"
        search = ["first_name", "last_name", "email"]
        image = "{avatar_url}"
        thumbnail = "{avatar_small}"
        detail_url = "https://api.example.com/v1/people/{id}"
        fields = ["email", "phone", "address.city"]
        max_records = 100000
        offline = true

        [sources.paging]
        style = "page"
        param = "page"
        first = 1
        size_param = "per_page"
        size = 50
        next = "meta.next_cursor"
        total = "totalCount"
        """

    @Test("The issue's example reads whole, every key in its place")
    func issueExampleReads() throws {
        let config = try load(Self.issueExample)
        #expect(config.tabs == ["team", "pipedrive", "people"])
        #expect(config.tabNames(builtIn: SourceRegistry.catalog().ids) == ["team", "pipedrive", "people"])
        let team = try #require(config.source(named: "team"))
        #expect(team.title == "Team")
        #expect(team.url == "https://api.example.com/v1/people")
        #expect(team.headers == [RecordHeader(name: "Authorization", value: "Bearer ${TEAM_TOKEN}")])
        #expect(team.records == JSONPath("data.items"))
        #expect(team.label.paths == [JSONPath("first_name"), JSONPath("last_name")])
        #expect(team.columns.map(\.title) == ["Email", "City"])
        #expect(team.columns[1].width == 16)
        #expect(team.columns[1].value.paths == [JSONPath("address.city")])
        #expect(team.group?.description == "{department}")
        #expect(team.search == ["first_name", "last_name", "email"].map(JSONPath.init))
        #expect(team.detailURL?.description == "https://api.example.com/v1/people/{id}")
        #expect(team.fields?.map(\.description) == ["email", "phone", "address.city"])
        #expect(team.maxRecords == 100_000 && team.offline)
        #expect(team.paging == RecordPaging(
            style: .page, param: "page", first: 1, sizeParam: "per_page", size: 50, next: .path(JSONPath("meta.next_cursor")),
            total: .path(JSONPath("totalCount"))))
        #expect(team.place == path + ", line 3")
    }

    @Test("Defaults: title is the name, id is id, the label is the id, one request, offline, the five tabs then these")
    func defaults() throws {
        let config = try load("""
            [[sources]]
            name = "users"
            url = "https://jsonplaceholder.typicode.com/users"
            """)
        let users = try #require(config.sources.first)
        #expect(users.title == "users" && users.id == JSONPath("id") && users.label.paths == [JSONPath("id")])
        #expect(users.paging == nil && users.offline && users.maxRecords == 100_000 && users.records == nil)
        #expect(config.tabs == nil)
        #expect(config.tabNames(builtIn: SourceRegistry.catalog().ids) == ["people", "directory", "foods", "randomuser", "pipedrive", "users"])
        #expect(users.searchPaths == [JSONPath("id")])
    }

    @Test("offline = false keeps a source in memory; offline = \"no\" is an error naming the key")
    func offlineFlag() throws {
        let config = try load("""
            [[sources]]
            name = "users"
            url = "https://jsonplaceholder.typicode.com/users"
            offline = false
            """)
        #expect(config.sources.first?.offline == false)
        let message = try #require(error("""
            [[sources]]
            name = "users"
            url = "https://jsonplaceholder.typicode.com/users"
            offline = "no"
            """))
        #expect(message.contains("offline") && message.contains("true or false"))
    }

    @Test("Paging params default from the style unless the URL holds {page} or {offset}")
    func pagingDefaults() throws {
        let sources = try RecordSourceFixtures.sources("""
            [[sources]]
            name = "a"
            url = "https://x.example/a"
            [sources.paging]
            style = "page"

            [[sources]]
            name = "b"
            url = "https://x.example/b/{offset}"
            [sources.paging]
            style = "offset"
            first = 0

            [[sources]]
            name = "c"
            url = "https://x.example/c"
            [sources.paging]
            style = "cursor"
            next = "meta.next"
            """)
        #expect(sources.map { $0.paging?.param } == ["page", nil, "cursor"])
        #expect(sources[1].paging?.first == 0)
    }

    @Test("An unknown key names its line, its source and the nearest key")
    func unknownKey() {
        let message = error("""
            [[sources]]
            name = "team"
            url = "https://x.example/people"

            [[sources]]
            name = "crew"
            url = "https://x.example/crew"
            lable = "{name}"
            """)
        #expect(message == "\(path), line 8: unknown key 'lable' in source 'crew' (did you mean 'label'?)")
    }

    @Test("An unknown paging key and an unknown style name their line")
    func unknownPaging() {
        #expect(error("""
            [[sources]]
            name = "team"
            url = "https://x.example/people"
            [sources.paging]
            style = "pages"
            """) == "\(path), line 5: unknown paging style 'pages' of source 'team' (did you mean 'page'?) — the styles are page, offset, cursor, link, next-url")
        #expect(error("""
            [[sources]]
            name = "team"
            url = "https://x.example/people"
            [sources.paging]
            style = "page"
            sise = 10
            """)?.hasPrefix("\(path), line 6: unknown key 'sise' in the paging of source 'team' (did you mean 'size'?)") == true)
    }

    @Test("Cursor and next-url paging need next")
    func pagingNeedsNext() {
        for style in ["cursor", "next-url"] {
            let message = error("""
                [[sources]]
                name = "team"
                url = "https://x.example/people"

                [sources.paging]
                style = "\(style)"
                """)
            #expect(message?.hasPrefix("\(path), line 6: \(style) paging of source 'team' needs next = \"…\"") == true)
        }
    }

    @Test("A source without url says so at its table")
    func missingURL() {
        #expect(error("""
            timeout = 5

            [[sources]]
            name = "team"
            """) == "\(path), line 3: source 'team' needs url = \"https://…\", the list's address")
    }

    @Test("Names: the pattern, a built-in's name, a command word, a name taken")
    func badNames() {
        func message(_ name: String, twice: Bool = false) -> String? {
            let table = "[[sources]]\nname = \"\(name)\"\nurl = \"https://x.example/\"\n"
            return error(twice ? table + "\n" + table : table)
        }
        #expect(message("Team")?.hasPrefix("\(path), line 2: source name 'Team' should be lower-case letters") == true)
        #expect(message("9lives")?.contains("starting with a letter") == true)
        #expect(message("pipedrive") == "\(path), line 1: source name 'pipedrive' is a built-in source's — choose another name")
        #expect(message("dump") == "\(path), line 1: source name 'dump' is a rolo command — choose another name")
        #expect(message("demo-server")?.contains("is a rolo command") == true)
        #expect(message("team", twice: true) == "\(path), line 5: source name 'team' is taken by the source at \(path), line 1 — choose another name")
    }

    @Test("tabs must name sources, each once")
    func tabsChecked() {
        let table = "\n[[sources]]\nname = \"team\"\nurl = \"https://x.example/\"\n"
        #expect(error("tabs = [\"team\", \"peple\"]" + table)
            == "\(path), line 1: tabs names 'peple', which isn't a source (did you mean 'people'?) — the sources are people, directory, foods, randomuser, pipedrive, team")
        #expect(error("tabs = [\"team\", \"team\"]" + table) == "\(path), line 1: tabs names 'team' twice — list each source once")
        #expect(error("tabs = \"team\"" + table)?.hasPrefix("\(path), line 1: 'tabs' should be a list of source names") == true)
    }

    @Test("A placeholder the paging style doesn't fill, and a URL that isn't http, are refused")
    func urlChecked() {
        #expect(error("[[sources]]\nname = \"a\"\nurl = \"https://x.example/{page}\"\n")
            == "\(path), line 3: the url of source 'a' holds {page}, which only [sources.paging] style = \"page\" fills in")
        #expect(error("[[sources]]\nname = \"a\"\nurl = \"ftp://x.example/\"\n")?.contains("should be an http:// or https:// address") == true)
        #expect(error("[[sources]]\nname = \"a\"\nurl = \"https://x.example/?k=${KEY\"\n")?.contains("holds a ${ that isn't ${NAME}") == true)
    }

    @Test("A template that can't be read names its key")
    func badTemplate() {
        #expect(error("[[sources]]\nname = \"a\"\nurl = \"https://x.example/\"\nlabel = \"{name\"\n")
            == "\(path), line 4: label of source 'a': a { that isn't closed — write fields as {name} or {address.city}")
    }

    @Test("A header written out needs a private file; ${VAR} headers don't")
    func literalHeaderNeedsPrivateFile() throws {
        let literal = "[[sources]]\nname = \"a\"\nurl = \"https://x.example/\"\nheaders = { Authorization = \"Bearer abc123\" }\n"
        #expect(error(literal, mode: 0o644)
            == "\(path) holds header values of source 'a' written out (not ${VAR}) but other users can read it — run chmod 600 \(path)")
        #expect(try load(literal, mode: 0o600).sources.count == 1)
        let fromEnvironment = "[[sources]]\nname = \"a\"\nurl = \"https://x.example/\"\nheaders = { Authorization = \"Bearer ${A_TOKEN}\" }\n"
        #expect(try load(fromEnvironment, mode: 0o644).sources.count == 1)
    }

    @Test("A misspelt top-level key may be tabs")
    func topLevelSuggestion() {
        #expect(error("tab = [\"people\"]\n") == "\(path), line 1: unknown key 'tab' (did you mean 'tabs'?)")
    }
}
