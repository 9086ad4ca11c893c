import Foundation

/// Runs a source's HTTP actions: fills the request from a record and the inputs, sends it
/// through the ``HTTPClient`` with the care a write needs, and says what came of it.
///
/// Retries: a 429 was refused before anything was applied, so it is sent again after the wait
/// `Retry-After` names (a few times at most). Any other failure of a POST or PATCH is never
/// sent again by rolo, as it may have been applied; a PUT, DELETE or GET is sent once more
/// after a connection error only (nothing reached the server, and the method is idempotent),
/// unless it is `optimistic`: the list is read again after its failure, and the user decides.
public struct ActionRunner: Sendable {
    /// Waits a number of seconds; tests pass one that returns at once.
    public typealias Sleep = @Sendable (Double) async throws -> Void

    /// The source's name as the user knows it, for messages.
    public let sourceTitle: String
    /// The source's configured URL: paths are resolved against it, and its headers go only to
    /// its origin (scheme, host and port).
    public let base: URL?
    /// The source's headers, their `${VAR}`s expanded.
    let headers: [String: String]
    /// Values kept out of every message.
    let secrets: [String]
    let client: any HTTPClient
    let timeout: TimeInterval
    /// Where read-only mode was turned on (`--read-only`, `ROLO_READ_ONLY`, a config line); nil
    /// when it is off.
    let readOnly: String?
    let sleep: Sleep
    let now: @Sendable () -> Date

    /// The most times a 429 is waited out before the action fails.
    static let rateLimitTries = 5

    /// A runner of actions against `base` with `headers`.
    public init(
        sourceTitle: String, base: URL?, headers: [String: String] = [:], secrets: [String] = [], client: any HTTPClient,
        timeout: TimeInterval = 30, readOnly: String? = nil,
        sleep: @escaping Sleep = { try await Task.sleep(for: .seconds($0)) }, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.sourceTitle = sourceTitle
        self.base = base
        self.headers = headers
        self.secrets = secrets
        self.client = client
        self.timeout = timeout
        self.readOnly = readOnly
        self.sleep = sleep
        self.now = now
    }

    /// A runner of `source`'s actions, its URL and headers from `endpoint`.
    public init(
        source: RecordSource, endpoint: RecordEndpoint, client: any HTTPClient, timeout: TimeInterval = 30,
        readOnly: String? = nil, sleep: @escaping Sleep = { try await Task.sleep(for: .seconds($0)) }
    ) {
        self.init(
            sourceTitle: source.title,
            base: URL(string: endpoint.url.replacingEvery("{page}", with: "1").replacingEvery("{offset}", with: "0")),
            headers: endpoint.headers, secrets: endpoint.secrets, client: client, timeout: timeout, readOnly: readOnly, sleep: sleep)
    }

    /// Why `action` may not run at all: read-only mode and a write, or a record its `when`
    /// leaves out; nil when it may.
    public func refusal(of action: RecordAction, for record: JSONValue) -> ActionFailure? {
        if let refused = readOnlyRefusal(of: action) { return refused }
        if let when = action.when, !when.holds(for: record) {
            return ActionFailure(.refused, "'\(action.name)' doesn't apply to this record (when = '\(when.description.sanitizedForTerminal)')")
        }
        return nil
    }

    /// Why read-only mode refuses `action`: a write while it is on; nil otherwise.
    public func readOnlyRefusal(of action: RecordAction) -> ActionFailure? {
        guard let readOnly, action.isWrite, case .http(let http) = action.effect else { return nil }
        return ActionFailure(
            .refused, "rolo is read-only (\(readOnly)): '\(action.name)' would send a \(http.method.rawValue) — turn read-only off to act")
    }

    /// The request `action` sends for `values`: its URL and body filled in, and the source's
    /// headers when the URL is on the source's origin.
    public func request(_ action: HTTPAction, _ values: ActionValues) throws(ActionFailure) -> HTTPRequest {
        let url = try values.url(action.url, relativeTo: base).get()
        var headers = base.flatMap(Origin.init)?.includes(url) == true ? self.headers : [:]
        var body: Data?
        if let template = action.body {
            body = Data(template.filled(values).jsonText.utf8)
            headers["Content-Type"] = "application/json"
        }
        if headers.keys.allSatisfy({ $0.lowercased() != "accept" }) { headers["Accept"] = "application/json" }
        return HTTPRequest(method: action.method.rawValue, url: url, headers: headers, body: body, timeout: timeout)
    }

    /// Runs HTTP action `action` for `values` (its inputs checked first); throws why it failed.
    public func run(_ action: RecordAction, _ values: ActionValues) async throws(ActionFailure) -> ActionOutcome {
        guard case .http(let http) = action.effect else {
            if case .setTitle = action.effect { throw ActionFailure(.usage, "'\(action.name)' sets the list's title on rolo's screen, not a request") }
            throw ActionFailure(.usage, "'\(action.name)' is a command, not an HTTP request")
        }
        if let refused = refusal(of: action, for: values.record) { throw refused }
        try Self.checkInputs(action, values)
        let response = try await send(try self.request(http, values), failingAt: http.error, reconnects: http.optimistic == nil)
        if let path = http.success { try checkSuccess(response, at: path, action.name) }
        switch http.then {
        case .refetch: return .refetch
        case .remove: return .removed
        case .update:
            guard let record = try? JSONValue.parse(response.body), case .object = record else {
                throw ActionFailure(
                    .request, "\(sourceTitle) did it, but its answer isn't the record (not a JSON object) — use then = \"refetch\"",
                    status: response.status)
            }
            return .updated(record)
        }
    }

    /// Sends `request` under the retry rules; the answer when it is a success, and when its
    /// body holds nothing but null or false at `errorPath` (an action's `error`), whatever its status.
    /// `reconnects` false sends it once after a connection error too.
    func send(_ request: HTTPRequest, failingAt errorPath: JSONPath? = nil, reconnects: Bool = true) async throws(ActionFailure) -> HTTPResponse {
        let idempotent = ["GET", "PUT", "DELETE"].contains(request.method)
        var limited = 0
        var reconnected = !reconnects
        while true {
            let response: HTTPResponse
            do {
                response = try await client.send(request)
            } catch let error as FetchError {
                if idempotent, !reconnected, error.kind == .unreachable {
                    reconnected = true
                    continue
                }
                throw ActionFailure(.request, redacting(error.message.withoutKeyHint))
            } catch {
                throw ActionFailure(.request, redacting(String(describing: error)))
            }
            if let errorPath, response.status != 429, let said = Self.error(in: response.body, at: errorPath) {
                throw ActionFailure(.request, redacting("\(sourceTitle) refused: \(said)"), status: response.status)
            }
            if response.isSuccess { return response }
            if response.status == 429, limited < Self.rateLimitTries - 1 {
                limited += 1
                let wait = RetryAfter.seconds(response, now: now()) ?? Double(1 << (limited - 1))
                do {
                    try await sleep(wait)
                } catch {
                    throw ActionFailure(.request, "\(sourceTitle) is rate-limiting rolo, and the wait was cancelled")
                }
                continue
            }
            throw failure(response)
        }
    }

    /// Fails unless `response`'s body holds true at `path` (an action's `success`): false is the
    /// server saying no; an answer without it (an HTML page, another shape) isn't a yes either.
    private func checkSuccess(_ response: HTTPResponse, at path: JSONPath, _ name: String) throws(ActionFailure) {
        let said = (try? JSONValue.parse(response.body))?.value(at: path)
        guard said != .bool(true) else { return }
        let message = if said == .bool(false) {
            "\(sourceTitle) didn't save the \(name)"
        } else if response.bodyKind == .html {
            "\(sourceTitle) sent an HTML page instead of saving the \(name)"
        } else {
            "\(sourceTitle) sent an answer rolo can't read to the \(name)"
        }
        throw ActionFailure(.request, message, status: response.status)
    }

    /// What `body` says at `path` when it holds something other than null or false there, cleaned and
    /// cut for a banner: text as it is, anything else as its JSON; nil otherwise.
    static func error(in body: Data, at path: JSONPath) -> String? {
        guard let value = (try? JSONValue.parse(body))?.value(at: path), value != .null, value != .bool(false) else { return nil }
        let said = (value.text ?? value.jsonText).sanitizedForTerminal.trimmingWhitespace
        let text = said.isEmpty ? "(no reason given)" : said
        return text.count > APIErrorText.limit ? String(text.prefix(APIErrorText.limit)) + "…" : text
    }

    /// "HTTP 422 from api.example.com: title can't be blank".
    private func failure(_ response: HTTPResponse) -> ActionFailure {
        var message = "HTTP \(response.status) from \(response.url.endpoint)"
        if response.status == 429 { message += " (rate-limited \(Self.rateLimitTries) times)" }
        if let said = APIErrorText.message(in: response.body) {
            message += ": " + said
        } else if response.bodyKind == .html {
            message += " (an HTML page)"
        }
        return ActionFailure(.request, redacting(message), status: response.status)
    }

    private func redacting(_ text: String) -> String {
        redactingSecrets(text, secrets: secrets)
    }

    /// Every input `action` declares has a value, and a choice's is one of its choices.
    public static func checkInputs(_ action: RecordAction, _ values: ActionValues) throws(ActionFailure) {
        for input in action.inputs {
            guard let value = values.inputs[input.name] else {
                throw ActionFailure(.usage, "'\(action.name)' needs the input '\(input.name)' (\(input.title))")
            }
            if case .choice(let choices) = input.kind, !choices.contains(value) {
                throw ActionFailure(
                    .usage, "'\(value.sanitizedForTerminal)' isn't a choice of '\(input.name)' — the choices are \(choices.joined(separator: ", "))")
            }
        }
        if let unknown = values.inputs.keys.sorted().first(where: { action.input(named: $0) == nil }) {
            let names = action.inputs.map(\.name)
            let known = names.isEmpty ? "it has no inputs" : "its inputs are \(names.joined(separator: ", "))"
            throw ActionFailure(.usage, "'\(action.name)' has no input '\(unknown.sanitizedForTerminal)' — \(known)")
        }
    }
}
