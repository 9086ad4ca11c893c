import FlyingFox
import Foundation

/// Elasticsearch's search of a `people` index, served under `/__paging/elasticsearch`: `POST` (or
/// `GET`) `/people/_search` with an optional JSON body `{"size", "from", "sort", "search_after",
/// "query"}` (`size` and `from` may come as URL parameters too; the body's win) answers
/// `{"took", "timed_out", "_shards", "hits": {"total", "max_score", "hits"}}`, `size` 10 and
/// `from` 0 by default. Hits come in id order, the only sort it offers, and carry `"sort": [id]`
/// only when the request asked for a sort; `search_after: [id]` starts after that id. Refusals
/// are Elasticsearch's: `from` with `search_after` (400), a result window past
/// `index.max_result_window` (10,000), which Elasticsearch answers with a 500 from every shard,
/// and a body that isn't a JSON object (400 `parsing_exception`).
struct ElasticsearchSearchAPI: StandInAPI {
    static let defaultSize = 10
    /// `index.max_result_window`: how far `from + size` may reach.
    static let maximumWindow = 10_000

    private let people: PagingPeople
    private let count: Int

    let prefix = "/__paging/elasticsearch"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.elasticsearchHits)
    }

    var routes: [StandInRoute] {
        [HTTPMethod.POST, .GET].map { method in
            StandInRoute("elasticsearch.search", method, "/people/_search") { request in try await search(request) }
        }
    }

    /// Elasticsearch's 404 for an index it doesn't have.
    func notFound() -> HTTPResponse {
        Self.failure("index_not_found_exception", "no such index", status: .notFound)
    }

    /// Elasticsearch's 500, for a request made to fail.
    func internalError() -> HTTPResponse {
        Self.failure("exception", "the stand-in failed this request", status: .internalServerError)
    }

    /// A refusal found while reading the request, thrown to the handler, which answers it as is.
    private enum Refusal: Error {
        case answer(HTTPResponse)
    }

    /// A search: its parameters read from the body and the URL, then checked as Elasticsearch
    /// checks them, before the hits are made.
    private func search(_ request: StandInRequest) async throws -> HTTPResponse {
        do {
            let body = try Self.document(try await request.http.bodyData)
            let size = try Self.integer("size", body: body, request: request) ?? Self.defaultSize
            let from = try Self.integer("from", body: body, request: request)
            var start = from ?? 0
            if let after = Self.value("search_after", in: body) {
                guard (from ?? 0) == 0 else { throw Self.illegal("Cannot use [from] parameter with [search_after]") }
                guard let values = after as? [Any], values.count == 1 else {
                    throw Self.illegal("search_after has \((after as? [Any])?.count ?? 0) value(s) but sort has 1.")
                }
                guard let id = Self.whole(values[0]) else { throw Self.illegal("Failed to parse search_after value for field [id].") }
                start = max(0, id)
            }
            let window = (from ?? 0) > Int.max - size ? Int.max : (from ?? 0) + size
            guard window <= Self.maximumWindow else { return Self.windowTooLarge(window) }
            let sorted = body["sort"].map { !($0 is NSNull) } ?? (request.http.query["sort"] != nil)
            let first = min(count, start), end = first + min(size, count - first)
            let hits = first < end ? (first + 1...end).map { hit($0, sorted: sorted) } : []
            return PagingPeople.json(.object([
                ("took", .int(3)), ("timed_out", .bool(false)),
                ("_shards", .object([("total", .int(1)), ("successful", .int(1)), ("skipped", .int(0)), ("failed", .int(0))])),
                ("hits", .object([
                    ("total", .object([("value", .int(count)), ("relation", .string("eq"))])), ("max_score", .null), ("hits", .array(hits)),
                ])),
            ]))
        } catch Refusal.answer(let response) {
            return response
        }
    }

    /// Hit `number`, person `number`, with its sort value when the search asked for a sort.
    private func hit(_ number: Int, sorted: Bool) -> StandInJSON {
        let person = people.person(number)
        var fields: [(String, StandInJSON)] = [
            ("_index", .string("people")), ("_id", .string(String(number))), ("_score", .null),
            ("_source", .object([("id", .int(number)), ("name", .string("\(person.first) \(person.last)")), ("email", .string(person.email))])),
        ]
        if sorted { fields.append(("sort", .array([.int(number)]))) }
        return .object(fields)
    }

    /// The body as a JSON object; an empty body is `{}`, anything but an object a `parsing_exception`.
    private static func document(_ body: Data) throws -> [String: Any] {
        guard body.contains(where: { !(Character(UnicodeScalar($0)).isWhitespace) }) else { return [:] }
        guard let parsed = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed) else {
            throw Refusal.answer(failure("parsing_exception", "Unexpected character: the request body is not JSON", status: .badRequest,
                                         at: [("line", .int(1)), ("col", .int(1))]))
        }
        guard let object = parsed as? [String: Any] else {
            throw Refusal.answer(failure("parsing_exception", "Unknown key for a START_ARRAY in [].", status: .badRequest,
                                         at: [("line", .int(1)), ("col", .int(1))]))
        }
        return object
    }

    /// Parameter `name` from the body, else the URL; nil when neither has it, a 400 when it isn't
    /// a whole number of at least 0.
    private static func integer(_ name: String, body: [String: Any], request: StandInRequest) throws -> Int? {
        guard let written = value(name, in: body) ?? request.http.query[name] else { return nil }
        guard let number = whole(written) else {
            throw illegal("Failed to parse int parameter [\(name)] with value [\(written)]")
        }
        guard number >= 0 else { throw illegal("[\(name)] parameter cannot be negative, found [\(number)]") }
        return number
    }

    /// The body's `name`, nil when it is absent or `null` (as a client fills in a template's
    /// first page).
    private static func value(_ name: String, in body: [String: Any]) -> Any? {
        body[name].flatMap { $0 is NSNull ? nil : $0 }
    }

    /// `value` as a whole number: a JSON number, or text of one, as Elasticsearch reads both.
    private static func whole(_ value: Any) -> Int? {
        if let text = value as? String { return Int(text) }
        if let number = value as? Int { return number }
        return (value as? Double).flatMap { Int(exactly: $0) }
    }

    /// Elasticsearch's 400 for a request it can't run.
    private static func illegal(_ reason: String) -> Refusal {
        Refusal.answer(failure("illegal_argument_exception", reason, status: .badRequest))
    }

    /// The answer a window past `index.max_result_window` gets: every shard fails, so a 500.
    private static func windowTooLarge(_ window: Int) -> HTTPResponse {
        let reason = "Result window is too large, from + size must be less than or equal to: [\(maximumWindow)] but was [\(window)]. "
            + "See the scroll api for a more efficient way to request large data sets. "
            + "This limit can be set by changing the [index.max_result_window] index level setting."
        return PagingPeople.json(.object([
            ("error", .object([
                ("root_cause", .array([.object([("type", .string("illegal_argument_exception")), ("reason", .string(reason))])])),
                ("type", .string("search_phase_execution_exception")), ("reason", .string("all shards failed")),
                ("phase", .string("query")), ("grouped", .bool(true)),
            ])),
            ("status", .int(500)),
        ]), status: .internalServerError)
    }

    /// Elasticsearch's `{"error": {"root_cause": [cause], …cause}, "status"}` for one cause of
    /// `type` and `reason`, with `at` (where in the body) added to both.
    private static func failure(_ type: String, _ reason: String, status: HTTPStatusCode, at: [(String, StandInJSON)] = []) -> HTTPResponse {
        let cause: [(String, StandInJSON)] = [("type", .string(type)), ("reason", .string(reason))] + at
        return PagingPeople.json(.object([
            ("error", .object([("root_cause", .array([.object(cause)]))] + cause)), ("status", .int(status.code)),
        ]), status: status)
    }
}
