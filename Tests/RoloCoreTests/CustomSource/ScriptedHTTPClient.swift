import Foundation
import RoloCore

/// An ``HTTPClient`` that answers by the whole URL, query included, each URL's answers given in
/// turn (the last repeats): what paging needs, where ``FakeHTTPClient`` answers by path.
final class ScriptedHTTPClient: HTTPClient, @unchecked Sendable {
    /// A canned answer.
    struct Answer {
        var status = 200
        var body: Data
        var headers: [String: String] = [:]
    }

    private let lock = NSLock()
    private var answers: [String: [Answer]]
    private var sent: [HTTPRequest] = []

    init(_ answers: [String: [Answer]]) {
        self.answers = answers
    }

    /// Every request sent so far.
    var requests: [HTTPRequest] { lock.withLock { sent } }

    /// The URLs asked for, in order.
    var urls: [String] { requests.map(\.url.absoluteString) }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer: Answer? = lock.withLock {
            sent.append(request)
            guard let queue = answers[request.url.absoluteString], let first = queue.first else { return nil }
            if queue.count > 1 { answers[request.url.absoluteString] = Array(queue.dropFirst()) }
            return first
        }
        guard let answer else { return HTTPResponse(status: 404, body: Data("no such page".utf8), url: request.url) }
        return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body, url: request.url)
    }
}

extension ScriptedHTTPClient.Answer {
    /// A 200 with the fixture `custom/<name>` as its body.
    static func fixture(_ name: String, headers: [String: String] = [:]) throws -> Self {
        Self(body: try Fixture.data("custom/" + name), headers: headers)
    }

    /// A 200 with `json` as its body.
    static func json(_ json: String, headers: [String: String] = [:]) -> Self {
        Self(body: Data(json.utf8), headers: headers)
    }
}
