import Foundation
import RoloCore

/// An ``HTTPClient`` that records requests and answers from a table of paths, so the API clients'
/// mapping of statuses and bodies is tested without a network.
final class FakeHTTPClient: HTTPClient, @unchecked Sendable {
    /// A canned answer: a status and body, or a transport failure.
    enum Answer {
        case respond(Int, Data, headers: [String: String] = [:])
        case fail(FetchError)
    }

    private let lock = NSLock()
    private var answers: [String: Answer]
    private var sent: [HTTPRequest] = []

    /// Creates a client answering requests whose URL path is a key of `answers`; others get 404.
    init(_ answers: [String: Answer]) {
        self.answers = answers
    }

    /// From now on, answers requests for `path` with `answer`, as a server that changed.
    func set(_ path: String, _ answer: Answer) {
        lock.withLock { answers[path] = answer }
    }

    /// Every request sent so far.
    var requests: [HTTPRequest] { lock.withLock { sent } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer = lock.withLock {
            sent.append(request)
            return answers[request.url.path]
        }
        switch answer {
        case .respond(let status, let body, let headers):
            return HTTPResponse(status: status, headers: headers, body: body, url: request.url)
        case .fail(let error):
            throw error
        case nil:
            return HTTPResponse(status: 404, body: Data(), url: request.url)
        }
    }
}
