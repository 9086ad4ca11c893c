import Foundation
import RoloCore
import Synchronization
import Testing

/// The one fake ``HTTPClient``: answers requests from routes (a method and a path, a whole URL,
/// or any test of the request), each route's answers given in turn with the last repeating, or
/// passed on to another client (a real server); or from a queue of answers given once each, as a
/// script; records every request and the most in flight at once; can hold requests in flight
/// until the test lets them go.
///
/// Misuse fails the running test with a message and never traps: a request no route or queued
/// answer answers (with `otherwise: .unexpected`) records an issue and is answered with an
/// unreachable error; a route with no answers likewise; a release with nothing held records an
/// issue after 30 s.
public final class FakeHTTPClient: HTTPClient, Sendable {
    /// A canned answer: a status, body and headers, or a transport failure.
    public struct Answer: Sendable {
        public var status: Int
        public var body: Data
        public var headers: [String: String]
        /// When set, the request throws this instead of answering.
        public var error: FetchError?
        /// When set, this client answers the request instead (a real server behind the fake).
        public var client: (any HTTPClient)?
        /// When set, the request throws a failure of this kind from the request's server.
        public var failure: FetchError.Kind?

        public init(status: Int = 200, body: Data, headers: [String: String] = [:]) {
            self.status = status
            self.body = body
            self.headers = headers
        }

        /// `status` with `body`.
        public static func respond(_ status: Int, _ body: Data, headers: [String: String] = [:]) -> Answer {
            Answer(status: status, body: body, headers: headers)
        }

        /// `status` with `body` as UTF-8.
        public static func respond(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Answer {
            Answer(status: status, body: Data(body.utf8), headers: headers)
        }

        /// A 200 with `json` as its body.
        public static func json(_ json: String, headers: [String: String] = [:]) -> Answer {
            Answer(body: Data(json.utf8), headers: headers)
        }

        /// A transport failure: the request throws `error`.
        public static func fail(_ error: FetchError) -> Answer {
            var answer = Answer(status: 0, body: Data())
            answer.error = error
            return answer
        }

        /// A transport failure of `kind` from the request's server, as the HTTP client reports
        /// one: "Can't reach api.example.com — r to retry".
        public static func fail(_ kind: FetchError.Kind) -> Answer {
            var answer = Answer(status: 0, body: Data())
            answer.failure = kind
            return answer
        }

        /// Whatever `client` answers: the request passed on to it, as to a real server, and
        /// recorded and counted here like any other.
        public static func forward(to client: any HTTPClient) -> Answer {
            var answer = Answer(status: 0, body: Data())
            answer.client = client
            return answer
        }
    }

    /// Which requests a route answers or a hold holds.
    public enum Match: Sendable {
        /// Every request.
        case any
        /// Requests whose URL path is this, whatever the query.
        case path(String)
        /// Requests for exactly this URL, query included.
        case url(String)
        /// Requests this test accepts.
        case matching(@Sendable (HTTPRequest) -> Bool)

        func accepts(_ request: HTTPRequest) -> Bool {
            switch self {
            case .any: true
            case .path(let path): request.url.path == path
            case .url(let url): request.url.absoluteString == url
            case .matching(let test): test(request)
            }
        }
    }

    /// What becomes of a request no route answers.
    public enum Unrouted: Sendable {
        /// A mistake in the test: an issue is recorded and the request fails as unreachable.
        case unexpected
        /// A 404 with `body`, as a server without that path answers.
        case notFound(body: Data = Data())
    }

    /// Which requests a route, a queued answer or a hold takes: those `match` accepts, of
    /// `method` when it is given.
    private struct Filter {
        var method: String?
        var match: Match

        func accepts(_ request: HTTPRequest) -> Bool {
            (method.map { $0 == request.method } ?? true) && match.accepts(request)
        }
    }

    private struct Route {
        var filter: Filter
        var answers: [Answer]
        var compute: (@Sendable (HTTPRequest) -> Answer)?
    }

    private struct Queued {
        var filter: Filter
        var answer: Answer
    }

    private struct Hold {
        var filter: Filter
        var count: Int
    }

    private struct State {
        var routes: [Route] = []
        var queued: [Queued] = []
        var sent: [HTTPRequest] = []
        var holds: [Hold] = []
        var held: [CheckedContinuation<Void, Never>] = []
        /// How many times ``releaseAll()`` ran: a request held before the latest one goes on.
        var releases = 0
        var inFlight = 0
        var mostInFlight = 0
    }

    private let state = Mutex(State())
    private let unrouted: Unrouted

    /// A client with no routes yet (add them with ``on(_:method:_:)``); any other request is
    /// `otherwise`'s.
    public init(otherwise: Unrouted = .unexpected) {
        unrouted = otherwise
    }

    /// A client answering requests whose URL path is a key of `answers`; others get `otherwise`,
    /// a 404 unless said.
    public convenience init(_ answers: [String: Answer], otherwise: Unrouted = .notFound()) {
        self.init(otherwise: otherwise)
        for (path, answer) in answers { on(.path(path), answer) }
    }

    /// A client answering requests for exactly a URL of `answers` (query included) with its
    /// answers in turn, the last repeating: what paging needs. Others get `otherwise`, a 404.
    public convenience init(byURL answers: [String: [Answer]], otherwise: Unrouted = .notFound(body: Data("no such page".utf8))) {
        self.init(otherwise: otherwise)
        for (url, answers) in answers { on(.url(url), answers: answers) }
    }

    /// A client answering every request with `answer`: `.json("{}")` is a server that takes every
    /// write.
    public convenience init(always answer: Answer) {
        self.init()
        on(.any, answer)
    }

    /// A client answering each request, whatever its URL, with the next of `answers`, once each:
    /// a request past the last is unexpected (the test fails).
    public convenience init(inTurn answers: [Answer]) {
        self.init()
        queue(answers)
    }

    /// Answers the next requests `match` accepts (of `method`, when given) with `answers`, once
    /// each, after the answers queued before; a queued answer goes before any route, and a
    /// request no queued answer accepts goes to the routes.
    public func queue(_ answers: [Answer], for match: Match = .any, method: String? = nil) {
        state.withLock { state in
            state.queued += answers.map { Queued(filter: Filter(method: method, match: match), answer: $0) }
        }
    }

    /// Answers requests `match` accepts (of `method`, when given) with `answers` in turn, the last
    /// repeating; a later route is asked before an earlier one.
    public func on(_ match: Match, method: String? = nil, _ answers: Answer...) {
        on(match, method: method, answers: answers)
    }

    /// ``on(_:method:_:)`` with the answers as an array.
    public func on(_ match: Match, method: String? = nil, answers: [Answer]) {
        state.withLock { $0.routes.append(Route(filter: Filter(method: method, match: match), answers: answers)) }
    }

    /// Answers requests `match` accepts with what `answer` makes of each, as a server computing
    /// its answer.
    public func on(_ match: Match, method: String? = nil, answer: @escaping @Sendable (HTTPRequest) -> Answer) {
        state.withLock { $0.routes.append(Route(filter: Filter(method: method, match: match), answers: [], compute: answer)) }
    }

    /// From now on, answers requests for `path` with `answer`, as a server that changed.
    public func set(_ path: String, _ answer: Answer) {
        on(.path(path), answer)
    }

    /// Every request sent so far.
    public var requests: [HTTPRequest] { state.withLock { $0.sent } }

    /// The URLs asked for, in order.
    public var urls: [String] { requests.map(\.url.absoluteString) }

    /// Holds the next `count` requests `match` accepts (of `method`, when given) until
    /// ``release(newest:within:sourceLocation:)``.
    public func hold(_ count: Int = 1, method: String? = nil, matching match: Match = .any) {
        state.withLock { $0.holds.append(Hold(filter: Filter(method: method, match: match), count: count)) }
    }

    /// Holds no more requests from now on; those held stay held until released.
    public func stopHolding() {
        state.withLock { $0.holds.removeAll() }
    }

    /// The most requests that were in flight at once (held ones included).
    public var mostInFlight: Int { state.withLock { $0.mostInFlight } }

    /// How many requests are held now.
    public var heldCount: Int { state.withLock { $0.held.count } }

    /// Holds no more requests from now on, and lets every held one go on.
    public func releaseAll() {
        let held = state.withLock { state in
            state.holds.removeAll()
            state.releases += 1
            defer { state.held.removeAll() }
            return state.held
        }
        for request in held { request.resume() }
    }

    /// Lets the oldest held request (the newest, with `newest`) go on, once there is one: within
    /// `within`, else the test fails here and nothing is released.
    public func release(newest: Bool = false, within limit: Duration = waitBound,
                        sourceLocation: SourceLocation = #_sourceLocation) async {
        guard await poll(within: limit, { heldCount > 0 }),
              let request = state.withLock({ newest ? $0.held.popLast() : $0.held.popFirst() }) else {
            Issue.record("release: no request was held within \(limit) to let go", sourceLocation: sourceLocation)
            return
        }
        request.resume()
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (answer, holds) = state.withLock { state -> (Answer?, Int?) in
            state.sent.append(request)
            state.inFlight += 1
            state.mostInFlight = max(state.mostInFlight, state.inFlight)
            var holds: Int?
            if let index = state.holds.firstIndex(where: { $0.filter.accepts(request) }) {
                holds = state.releases
                state.holds[index].count -= 1
                if state.holds[index].count <= 0 { state.holds.remove(at: index) }
            }
            if let index = state.queued.firstIndex(where: { $0.filter.accepts(request) }) {
                return (state.queued.remove(at: index).answer, holds)
            }
            guard let index = state.routes.lastIndex(where: { $0.filter.accepts(request) }) else { return (nil, holds) }
            if let compute = state.routes[index].compute { return (compute(request), holds) }
            return (state.routes[index].answers.nextAnswer(), holds)
        }
        defer { state.withLock { $0.inFlight -= 1 } }
        if let releases = holds {
            await withCheckedContinuation { continuation in
                let released = state.withLock { state in
                    if state.releases == releases { state.held.append(continuation) }
                    return state.releases != releases
                }
                if released { continuation.resume() }
            }
        }
        guard let answer else { return try unanswered(request) }
        if let error = answer.error { throw error }
        if let kind = answer.failure {
            throw FetchError(kind: kind, endpoint: request.url.endpoint, message: "Can't reach \(request.url.endpoint) — r to retry", detail: "")
        }
        if let client = answer.client { return try await client.send(request) }
        return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body, url: request.url)
    }

    private func unanswered(_ request: HTTPRequest) throws -> HTTPResponse {
        switch unrouted {
        case .notFound(let body):
            return HTTPResponse(status: 404, body: body, url: request.url)
        case .unexpected:
            Issue.record("FakeHTTPClient: an unexpected request, no route answers it: \(request.method) \(request.url.absoluteString)")
            throw FetchError(kind: .unreachable, endpoint: request.url.host ?? "fake",
                             message: "The fake has no answer for \(request.method) \(request.url.absoluteString)", detail: "")
        }
    }
}
