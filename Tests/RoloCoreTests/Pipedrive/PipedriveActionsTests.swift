import Foundation
import Testing
@testable import RoloCore

@Suite("Pipedrive's shipped actions and the account as a source they run through")
struct PipedriveActionsTests {
    private func settings(url: String? = "https://acme.pipedrive.com", token: String? = "t0ken") -> Settings {
        var settings = Settings.defaults(environment: [:])
        settings.pipedriveURL = url.flatMap(URL.init(string:))
        settings.pipedriveToken = token
        return settings
    }

    /// A config file's one `[[actions]]` for Pipedrive, read as rolo reads the file.
    private func configured(name: String, key: String) throws -> [RecordAction] {
        let directory = try TemporaryDirectory()
        let file = try directory.write("config.toml", """
            [[actions]]
            source = "pipedrive"
            name = "\(name)"
            key = "\(key)"
            title = "Mine"
            method = "POST"
            url = "activities"
            """)
        return try SettingsLoader.load(options: [:], environment: ["HOME": directory.path], configFile: file)
            .configuredSources.actions(of: "pipedrive")
    }

    @Test("The note: POST notes beside /v1/persons with person_id and a text input; the token only from the environment given")
    func note() throws {
        let acting = try PipedriveDefinition.acting(settings(), configured: [], environment: ["HOME": "/h"])
        #expect(acting.source.name == "pipedrive" && acting.source.url == "https://acme.pipedrive.com/v1/persons")
        #expect(acting.source.records == JSONPath("data") && !acting.source.offline)
        #expect(acting.source.headers == [RecordHeader(name: "x-api-token", value: "${PIPEDRIVE_API_TOKEN}")])
        #expect(acting.environment == ["HOME": "/h", "PIPEDRIVE_API_TOKEN": "t0ken"])
        let note = try #require(acting.source.actions.first)
        #expect(acting.source.actions.map(\.name) == ["note"] && note.key == "N" && note.isWrite)
        #expect(note.inputs.map(\.name) == ["content"])
        guard case .http(let http) = note.effect else {
            Issue.record("the note is an HTTP action")
            return
        }
        #expect(http.method == .post)
        let values = ActionValues(record: .object([JSONMember("id", .number("7"))]), inputs: ["content": "hi"])
        #expect(try values.url(http.url, relativeTo: URL(string: acting.source.url)).get().absoluteString == "https://acme.pipedrive.com/v1/notes")
        let endpoint = try acting.source.endpoint(environment: acting.environment)
        #expect(endpoint.headers["x-api-token"] == "t0ken" && endpoint.secrets.contains("t0ken"))
    }

    @Test("A user's [[actions]] for Pipedrive come first; one of the same name replaces the shipped note, one on its key is a clash")
    func userActions() throws {
        let other = try configured(name: "call", key: "C")
        #expect(try PipedriveDefinition.acting(settings(), configured: other, environment: [:]).source.actions.map(\.name) == ["call", "note"])
        let sameName = try configured(name: "note", key: "M")
        #expect(try PipedriveDefinition.acting(settings(), configured: sameName, environment: [:]).source.actions.map(\.key) == ["M"])
    }

    @Test("The config as read holds the shipped note after the user's own actions, so rolo keys, [keys] and the key check see it")
    func inTheConfig() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("config.toml", "# nothing of Pipedrive's\n")
        let read = try SettingsLoader.load(options: [:], environment: ["HOME": directory.path], configFile: file)
        #expect(read.configuredSources.actions(of: "pipedrive").map(\.name) == ["note"])
        #expect(read.configuredSources.actions(of: "people").isEmpty)
        #expect(try configured(name: "call", key: "C").map(\.name) == ["call", "note"])
        let clash = #expect(throws: ConfigError.self) { try configured(name: "memo", key: "N") }
        #expect(clash?.message.hasSuffix("config.toml, line 4: 'N' for action 'memo' of pipedrive is already note's key on that tab — pick another key for the action (`rolo keys` lists the keys in use)") == true)
        #expect(try configured(name: "note", key: "M").map(\.key) == ["M"])
    }

    @Test("Without the company URL or the token: what to set")
    func unconfigured() {
        #expect(throws: ConfigError.self) { try PipedriveDefinition.acting(settings(url: nil), configured: [], environment: [:]) }
        let error = #expect(throws: ConfigError.self) { try PipedriveDefinition.acting(settings(token: ""), configured: [], environment: [:]) }
        #expect(error?.message.hasPrefix("Set your Pipedrive API token") == true)
    }
}
