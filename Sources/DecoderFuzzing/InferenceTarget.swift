import Foundation
import RoloCore

/// `rolo add`'s inference over an unknown API's answers, served by a fake client in memory (no
/// sockets): the first request gets the first page, every later one (the second page, a
/// detail, a probe of the paging) the second.
enum InferenceTarget {
    /// The pages of an input: `{"first": {answer}, "second": {answer}}` (each an answer as
    /// ``FuzzAnswer`` reads an envelope), or bytes whose first RS byte (0x1E) parts the first
    /// page's body from the second's; without one, both pages are the same body.
    static func pages(_ input: [UInt8]) -> (first: FuzzAnswer, second: FuzzAnswer) {
        if input.first == UInt8(ascii: "{"), let envelope = try? EngineJSON.parse(Data(input)),
           let first = envelope["first"], let firstBody = first["body"] {
            let second = envelope["second"].flatMap { page in page["body"].map { FuzzAnswer(envelope: page, body: $0) } }
            let one = FuzzAnswer(envelope: first, body: firstBody)
            return (one, second ?? one)
        }
        guard let split = input.firstIndex(of: 0x1E) else { return (FuzzAnswer(input), FuzzAnswer(input)) }
        return (FuzzAnswer(Array(input[..<split])), FuzzAnswer(Array(input[(split + 1)...])))
    }

    /// The table inferred, checked for what `rolo add` prints and writes: no escapes in its
    /// remarks, doubts or lines, and a table the config file's reader reads.
    static func infer(_ input: Data) throws -> Any {
        let (first, second) = pages([UInt8](input))
        let client = FakeHTTPClient(first: first, second: second)
        let adder = SourceAdder(name: "fuzzed", url: "https://api.example.com/v1/people?team=7", headers: [], http: client, environment: [:])
        let inferred: InferredSource
        do {
            inferred = try waitFor { try await adder.infer().source }
        } catch let error as AddError {
            try FuzzProblem.check(message: error.description, "rolo add's error")
            throw FuzzRefused()
        }
        if let found = UnsafeText.find(in: inferred) {
            throw FuzzProblem("rolo add's table holds text a terminal would act on at \(found.path): \(found.text.debugDescription.prefix(80))")
        }
        do {
            let read = try EngineDefinitions.readConfig(inferred.toml)
            guard read.configuredSources.sources.count == 1 else {
                throw FuzzProblem("rolo add wrote \(read.configuredSources.sources.count) sources, not one:\n\(inferred.toml.prefix(400))")
            }
        } catch let error as ConfigError {
            throw FuzzProblem("rolo add wrote a table the config file's reader refuses: \(error.message.prefix(200))\n\(inferred.toml.prefix(600))")
        }
        return inferred.entries.count + inferred.paging.count
    }
}

/// An HTTP client answering from memory: `first` to the first request, `second` to the rest.
final class FakeHTTPClient: HTTPClient, @unchecked Sendable {
    private let first: FuzzAnswer
    private let second: FuzzAnswer
    private let lock = NSLock()
    private var sent = 0

    init(first: FuzzAnswer, second: FuzzAnswer) {
        self.first = first
        self.second = second
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let count = lock.withLock { sent += 1; return sent }
        return (count == 1 ? first : second).response(from: request.url)
    }
}
