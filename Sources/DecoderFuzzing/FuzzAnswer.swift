import Foundation
import RoloCore

/// A server's answer made from fuzz bytes: status, header fields and body.
///
/// An input that is a JSON object with a `body` member is an envelope,
/// `{"status": 200, "headers": {"Link": "<…>; rel=\"next\""}, "body": …}` (a string body is the
/// body's text, anything else its JSON), so the JSON mutator changes headers and body alike;
/// any other input is a 200's body as it is, so byte mutations reach the JSON parser.
struct FuzzAnswer {
    var status = 200
    var headers: [String: String] = ["content-type": "application/json"]
    var body: Data

    init(_ input: [UInt8]) {
        guard input.first == UInt8(ascii: "{"), let envelope = try? EngineJSON.parse(Data(input)), let body = envelope["body"] else {
            self.init(raw: Data(input))
            return
        }
        self.init(envelope: envelope, body: body)
    }

    private init(raw: Data) {
        body = raw
    }

    init(envelope: EngineJSON, body: EngineJSON) {
        self.body = Data((body.textValue ?? body.jsonText).utf8)
        if let status = envelope["status"]?.integer { self.status = status }
        if case .object(let members)? = envelope["headers"] {
            for member in members { headers[member.key] = member.value.textValue ?? member.value.jsonText }
        }
    }

    /// The answer as `url` sent it.
    func response(from url: URL) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: body, url: url)
    }

    /// The envelope for a seed.
    static func envelope(status: Int = 200, headers: [String: String], body: String) -> [UInt8] {
        let fields = headers.sorted { $0.key < $1.key }.map { JSONMember($0.key, .string($0.value)) }
        let value = EngineJSON.object([
            JSONMember("status", .number(String(status))), JSONMember("headers", .object(fields)),
            JSONMember("body", (try? EngineJSON.parse(Data(body.utf8))) ?? .string(body)),
        ])
        return Array(value.jsonText.utf8)
    }
}

extension EngineJSON {
    /// A string's text; nil for anything else.
    var textValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// A broken promise found inside a target (a message shown to the user holding escapes, say),
/// which ``FuzzTarget/check(_:)`` reports as a problem.
struct FuzzProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// Throws when `message`, shown to the user, is empty or holds text a terminal would act on.
    static func check(message: String, _ what: String) throws {
        if case .problem(let problem) = FuzzOutcome.judge(message: message) { throw FuzzProblem("\(what): \(problem)") }
    }

    /// Throws when `text`, drawn on the screen, holds text a terminal would act on.
    static func check(rendered text: String, _ what: String) throws {
        if let found = UnsafeText.find(in: text) {
            throw FuzzProblem("\(what) holds text a terminal would act on: \(found.text.debugDescription.prefix(80))")
        }
    }
}

/// What a target throws when it refused its input everywhere with a clear message (each
/// already checked), for the campaign to count as an error: a fuzzer whose inputs all pass
/// explores one path only.
struct FuzzRefused: Error {
    /// Throws unless `count`, what was read, is more than none.
    static func unless(_ count: Int) throws -> Int {
        guard count > 0 else { throw FuzzRefused() }
        return count
    }
}

/// Runs async work to its end from a synchronous fuzz case: the fakes answer at once, so this
/// waits for nothing but the work itself.
func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}

/// The engine's JSON (this module's own ``JSONValue`` is the mutator's).
typealias EngineJSON = RoloCore.JSONValue
