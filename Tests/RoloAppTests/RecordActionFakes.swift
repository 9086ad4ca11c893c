import Foundation
@testable import RoloApp
import RoloCore
import Testing

/// The crew API with writes, over ``FakeHTTPClient``: GETs go to ``FakeCrewAPI``; every other
/// request is a write, answered from a script, once each in turn, and can be held until the test
/// lets it go. A write past the script fails the test.
actor CrewWithWrites: HTTPClient {
    /// A write's answer: a status, a body and headers.
    struct Answer {
        var status: Int
        var body: String
        var headers: [String: String] = [:]
    }

    let crew: FakeCrewAPI
    private let http = FakeHTTPClient()
    private static let write = FakeHTTPClient.Match.matching { $0.method != "GET" }

    init(count: Int) throws {
        crew = try FakeCrewAPI(count: count)
        http.on(.any, method: "GET", .forward(to: crew))
    }

    /// The writes sent, in order.
    var writes: [HTTPRequest] { http.requests.filter { $0.method != "GET" } }
    /// The next writes are answered with these, in turn.
    func answer(_ next: Answer...) { http.queue(next.map { .respond($0.status, $0.body, headers: $0.headers) }, for: Self.write) }
    /// Holds the next write until ``release(sourceLocation:)``.
    func holdNext() { http.hold(matching: Self.write) }
    /// Lets the held write go on.
    func release(sourceLocation: SourceLocation = #_sourceLocation) async { await http.release(sourceLocation: sourceLocation) }
    var heldCount: Int { http.heldCount }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await http.send(request)
    }
}

enum CrewActions {
    /// The crew's actions as a user writes them in its [[sources]] table.
    static let toml = #"""
        [[sources.actions]]
        name = "move"
        key = "T"
        title = "Move to a team"
        method = "PATCH"
        url = "https://crew.test/people/{id}"
        body = { team = "{input.team}", note = "{input.note}" }
        then = "update"
        confirm = true
        inputs = [ { name = "note", title = "Why", kind = "text" },
                   { name = "team", title = "Team", kind = "choice", choices = ["A", "B", "C"] } ]

        [[sources.actions]]
        name = "drop"
        key = "D"
        title = "Drop from the crew"
        when = 'team == "B"'
        method = "DELETE"
        url = "https://crew.test/people/{id}"
        then = "remove"

        [[sources.actions]]
        name = "touch"
        key = "U"
        title = "Mark as seen"
        method = "POST"
        url = "/people/{id}/seen"
        then = "refetch"

        [[sources.actions]]
        name = "hello"
        key = "H"
        title = "Say hello"
        command = ["sh", "-c", "echo hi $1", "--", "{first}"]
        mode = "output"
        """#

    /// A crew source with ``toml``'s actions over `api`, its actions sent through `api` with no
    /// real waits; read-only when `readOnly` names where it was turned on.
    @MainActor
    static func model(_ api: CrewWithWrites, database: RoloDatabase? = nil, readOnly: String? = nil,
                      busy: BusyTracker = BusyTracker()) throws -> RecordListModel {
        let model = try makeCrew(api.crew, toml: CrewSamples.toml(toml), database: database, busy: busy)
        let endpoint = try model.source.endpoint(environment: [:])
        model.actionState.session = ActionSession(runner: ActionRunner(
            source: model.source, endpoint: endpoint, client: api, readOnly: readOnly, sleep: { _ in }))
        return model
    }

    /// Person `n` as the server answers a PATCH: the record with `team`.
    static func person(_ n: Int, team: String) -> String {
        CrewSamples.person(n, tag: "", full: false).replacingOccurrences(of: #""team": "\#(n % 2 == 0 ? "B" : "A")""#, with: #""team": "\#(team)""#)
    }
}

/// The settings `toml` gives, read as rolo reads its config file from a home of its own that
/// the running test removes (its suite has `.temporaryDirectories`).
func loadSettings(_ toml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Settings {
    let (home, config) = try TemporaryDirectory.scopedConfig(toml, name: "rolo-actions", sourceLocation: sourceLocation)
    return try SettingsLoader.load(options: [:], environment: ["HOME": home], configFile: config)
}
