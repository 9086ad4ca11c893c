import Foundation
import RoloCore

/// An action's answer, read as the action runner reads it: through `success`, `error` and
/// `then` (update, refetch, remove), a 429's `Retry-After` waited out at once.
enum ActionTarget {
    /// The actions every answer goes through, read by the config file's reader.
    static let actions: [RecordAction] = {
        do {
            return try EngineDefinitions.readConfig(toml).configuredSources.sources.first?.actions ?? []
        } catch {
            FileHandle.standardError.write(Data("rolo-fuzz: the actions' definitions don't read: \(error)\n".utf8))
            exit(2)
        }
    }()

    static let toml = #"""
        [[sources]]
        name = "tickets"
        url = "https://api.example.com/v1/tickets"
        label = "{title}"

        [[sources.actions]]
        name = "close"
        key = "x"
        title = "Close the ticket"
        method = "PATCH"
        url = "/tickets/{id}"
        body = { status = "closed", note = "{input.note}" }
        then = "update"
        error = "error"
        success = "success"
        inputs = [{ name = "note", title = "Why", kind = "text" }]

        [[sources.actions]]
        name = "star"
        key = "s"
        title = "Star it"
        method = "POST"
        url = "/tickets/{id}/star"
        then = "update"
        error = "errors.0.message"

        [[sources.actions]]
        name = "ping"
        key = "p"
        title = "Ping its owner"
        method = "PUT"
        url = "/tickets/{id}/ping"
        success = 'result["ok.really"]'

        [[sources.actions]]
        name = "drop"
        key = "d"
        title = "Delete it"
        method = "DELETE"
        url = "/tickets/{id}"
        then = "remove"
        error = "result.-1.error"
        """#

    /// The record and inputs every action runs on.
    static let values = ActionValues(record: .object([JSONMember("id", .number("42")), JSONMember("title", .string("Printer on fire"))]),
                                     inputs: ["note": "done"])

    /// Every action run against the answer: a message shown on its failure must be one clean
    /// line; an update's record is stored as sent (and drawn through templates, fuzzed apart).
    static func answer(_ input: Data) throws -> Any {
        let answer = FuzzAnswer([UInt8](input))
        let client = FakeHTTPClient(first: answer, second: answer)
        let runner = ActionRunner(sourceTitle: "Tickets", base: URL(string: "https://api.example.com/v1/tickets"), client: client,
                                  sleep: { _ in }, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        var worked = 0
        for action in actions {
            do {
                _ = try waitFor { try await runner.run(action, values) }
                worked += 1
            } catch let failure as ActionFailure {
                try FuzzProblem.check(message: failure.message, "\(action.name)'s failure")
            }
        }
        return try FuzzRefused.unless(worked)
    }
}
