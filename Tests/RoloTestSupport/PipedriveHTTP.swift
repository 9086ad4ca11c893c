import Foundation
import RoloCore
import Testing

/// Pipedrive's side of the wire, for the tests' fake accounts: what a request asks (read from
/// the URL the shipped definition's pager sends), and the answers an
/// account gives, shaped as Pipedrive shapes them (v2: `data` and `additional_data.next_cursor`;
/// v1: `data`, `null` when empty, and `additional_data.pagination`), with `x-ratelimit-*`
/// headers; a refusal is the status and body that ``PipedriveAccount/refusal(_:)`` turns into
/// the error a test scripted.
public enum PipedriveHTTP {
    /// The company URL the fake accounts answer at.
    public static let baseURL = URL(string: "https://acme.pipedrive.com")!
    /// The API token the fake accounts accept in `x-api-token`.
    public static let token = "fake-pipedrive-token-4711"

    /// What a request asks of an account.
    public enum Asked: Sendable, Equatable {
        /// A persons page: v2 from `cursor` (nil for the first), v1 from `start`.
        case persons(PipedriveAPIVersion, after: PipedrivePageToken?, limit: Int)
        /// An organisations page from `cursor` (nil for the first).
        case organizations(after: String?, limit: Int)
        /// Every user at once.
        case users
    }

    /// What `request` asks, or nil when it is no GET a Pipedrive account serves: another path
    /// or method, or a limit or start that isn't a number.
    public static func asked(_ request: HTTPRequest) -> Asked? {
        guard request.method == "GET", let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else {
            return nil
        }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { _, last in last }
        // Pipedrive pages 100 at a time when not told; a limit that isn't a number is no request of its.
        let limit: Int? = query["limit"].map { Int($0) } ?? 100
        switch components.path {
        case "/api/v2/persons":
            guard let limit else { return nil }
            return .persons(.v2, after: query["cursor"].flatMap { $0.isEmpty ? nil : .cursor($0) }, limit: limit)
        case "/v1/persons":
            guard let limit, let start = Int(query["start"] ?? "0") else { return nil }
            return .persons(.v1, after: start == 0 ? nil : .start(start), limit: limit)
        case "/api/v2/organizations":
            guard let limit else { return nil }
            return .organizations(after: query["cursor"].flatMap { $0.isEmpty ? nil : $0 }, limit: limit)
        case "/v1/users":
            return .users
        default:
            return nil
        }
    }

    /// A persons page of API `api` holding `persons`, followed by the page at `next` (nil on the
    /// last), naming the account's `total` when given.
    public static func persons(
        _ persons: [PipedrivePerson], api: PipedriveAPIVersion, start: Int, limit: Int, next: PipedrivePageToken?,
        total: Int?, to request: HTTPRequest, rateLimit: RateLimit
    ) -> HTTPResponse {
        var additional: [JSONMember] = []
        switch api {
        case .v2:
            var cursor = JSONValue.null
            if case .cursor(let value)? = next { cursor = .string(value) }
            additional.append(JSONMember("next_cursor", cursor))
            if let total { additional.append(JSONMember("total_count", number(total))) }
        case .v1:
            var pagination = [JSONMember("start", number(start)), JSONMember("limit", number(limit))]
            var nextStart: Int?
            if case .start(let value)? = next { nextStart = value }
            pagination.append(JSONMember("more_items_in_collection", .bool(nextStart != nil)))
            if let nextStart { pagination.append(JSONMember("next_start", number(nextStart))) }
            if let total { pagination.append(JSONMember("total_count", number(total))) }
            additional.append(JSONMember("pagination", .object(pagination)))
        }
        let data: JSONValue = api == .v1 && persons.isEmpty
            ? .null : .array(persons.map { api == .v2 ? $0.v2JSON : $0.v1JSON })
        return answer(
            .object([JSONMember("success", .bool(true)), JSONMember("data", data), JSONMember("additional_data", .object(additional))]),
            to: request, rateLimit: rateLimit)
    }

    /// A names page: `names` in id order, followed by the page at `nextCursor` (v2's
    /// organisations), or the whole list with no `additional_data` (v1's users).
    public static func names(_ names: [Int: String], nextCursor: String?, paged: Bool, to request: HTTPRequest, rateLimit: RateLimit) -> HTTPResponse {
        let data = JSONValue.array(nameRecords(names).map(\.value))
        var members = [JSONMember("success", .bool(true)), JSONMember("data", data)]
        if paged {
            members.append(JSONMember("additional_data", .object([JSONMember("next_cursor", nextCursor.map(JSONValue.string) ?? .null)])))
        }
        return answer(.object(members), to: request, rateLimit: rateLimit)
    }

    /// `names` as the records of an organisations' or users' list, in id order: each its id and
    /// name, as Pipedrive lists them and a sync stores them.
    public static func nameRecords(_ names: [Int: String]) -> [JSONRecord] {
        names.keys.sorted().map { id in
            JSONRecord(id: String(id), value: .object([JSONMember("id", number(id)), JSONMember("name", .string(names[id] ?? ""))]))
        }
    }

    /// `value` as a 200 with Pipedrive's content type and `rateLimit` in its headers.
    public static func answer(_ value: JSONValue, status: Int = 200, to request: HTTPRequest, rateLimit: RateLimit) -> HTTPResponse {
        var headers = ["Content-Type": "application/json; charset=utf-8"]
        if let remaining = rateLimit.remaining { headers["x-ratelimit-remaining"] = String(remaining) }
        if let reset = rateLimit.resetSeconds { headers["x-ratelimit-reset"] = String(reset) }
        return HTTPResponse(status: status, headers: headers, body: Data(value.jsonText.utf8), url: request.url)
    }

    // MARK: - Refusals

    /// Pipedrive's `{"success": false, "error": text}` with `status`.
    public static func refused(_ status: Int, _ text: String, to request: HTTPRequest, rateLimit: RateLimit = RateLimit()) -> HTTPResponse {
        answer(
            .object([JSONMember("success", .bool(false)), JSONMember("error", .string(text)), JSONMember("errorCode", number(status))]),
            status: status, to: request, rateLimit: rateLimit)
    }

    /// A 429 naming its reset in `x-ratelimit-reset` (and `Retry-After`, when whole seconds), or
    /// no reset at all.
    public static func rateLimited(retryAfter: TimeInterval?, to request: HTTPRequest) -> HTTPResponse {
        var response = refused(429, "Request over limit", to: request, rateLimit: RateLimit(remaining: 0, resetSeconds: retryAfter))
        if let retryAfter, retryAfter == retryAfter.rounded(), retryAfter < 1e9 { response.headers["retry-after"] = String(Int(retryAfter)) }
        return response
    }

    /// The answer that `error`, a test's scripted failure, stands for: a 429 with its reset, a 401,
    /// or another status with the API's words the message quotes ("Pipedrive says: …"). Nil for a
    /// failure that isn't an answer (unreachable, timed out …), which the fake throws as the
    /// HTTP layer would.
    public static func answer(standingFor error: FetchError, to request: HTTPRequest) -> HTTPResponse? {
        guard case .httpStatus(let status) = error.kind else { return nil }
        switch status {
        case 429: return rateLimited(retryAfter: error.retryAfter, to: request)
        case 401: return refused(401, "unauthorized access", to: request)
        default: return refused(status, apiWords(error.message), to: request)
        }
    }

    /// The error the engine's pager makes of the answer `error` stands for at `path`, in
    /// Pipedrive's words (``PipedriveAccount/refusal(_:)``): what a test expects back from a
    /// scripted failure.
    public static func error(_ error: FetchError, at path: String) -> FetchError {
        let request = HTTPRequest(url: baseURL.appendingPathComponent(path))
        guard let response = answer(standingFor: error, to: request) else { return error }
        return PipedriveAccount.refusal(response) ?? error
    }

    /// The words Pipedrive said in `message` ("Pipedrive says: forbidden — r to retry" →
    /// "forbidden"), else the whole message.
    static func apiWords(_ message: String) -> String {
        var words = Substring(message)
        if words.hasPrefix("Pipedrive says: ") { words = words.dropFirst("Pipedrive says: ".count) }
        if let end = words.range(of: " — ", options: .backwards) { words = words[..<end.lowerBound] }
        return String(words)
    }

    // MARK: - Misuse

    /// A request no Pipedrive account serves: the running test fails saying which, and the
    /// request is answered as Pipedrive answers an unknown path, a 404 whose error names it.
    public static func notServed(_ request: HTTPRequest, by fake: String, sourceLocation: SourceLocation = #_sourceLocation) -> HTTPResponse {
        let asked = "\(request.method) \(request.url.absoluteString)"
        Issue.record("\(fake) doesn't serve \(asked)", sourceLocation: sourceLocation)
        return refused(404, "\(fake) doesn't serve \(asked)", to: request)
    }

    /// A request without the account's token in `x-api-token`: Pipedrive's 401.
    public static func unauthorized(_ request: HTTPRequest) -> HTTPResponse? {
        request.headers["x-api-token"] == token ? nil : refused(401, "unauthorized access", to: request)
    }

    private static func number(_ value: Int) -> JSONValue { .number(String(value)) }
}

extension PipedrivePerson {
    /// The person as API v2 sends one: `org_id` and `owner_id` as plain ids, `emails` and `phones`
    /// as lists, RFC 3339 times, `picture_id` when there is a picture; the rest as in
    /// ``v1JSON``, whose entries v2 shares. A name the person carries besides (a test's person
    /// made with names) travels as `org_name`/`owner_name`, which v1 sends and v2 leaves out, so
    /// the person reads back as the test made it.
    public var v2JSON: JSONValue {
        guard case .object(let v1) = v1JSON else { return v1JSON }
        var members: [JSONMember] = []
        for member in v1 {
            switch member.key {
            case "email", "phone": members.append(JSONMember(member.key + "s", member.value))
            case "org_id", "owner_id", "org_name", "owner_name", "add_time", "update_time", "has_pic": continue
            default: members.append(member)
            }
        }
        members.append(JSONMember("org_id", organizationID.map { .number(String($0)) } ?? .null))
        members.append(JSONMember("owner_id", ownerID.map { .number(String($0)) } ?? .null))
        if let organizationName { members.append(JSONMember("org_name", .string(organizationName))) }
        if let ownerName { members.append(JSONMember("owner_name", .string(ownerName))) }
        if let addTime { members.append(JSONMember("add_time", .string(addTime.formatted(.iso8601)))) }
        if let updateTime { members.append(JSONMember("update_time", .string(updateTime.formatted(.iso8601)))) }
        members.append(JSONMember("picture_id", hasPicture ? .number(Int(id).map(String.init) ?? "1") : .null))
        return .object(members)
    }
}
