import Foundation

/// A Pipedrive account on the record engine: its persons are the configured source rolo ships
/// (``PipedriveDefinition/definition(companyURL:api:)``), stored in `custom_record` like any
/// configured source's, paged by the engine's pager in Pipedrive's words
/// (``refusal(_:)``), and, with API v2, which names a person's organisation and
/// owner by id only, preceded by the organisations' and users' lists (its lookups) in the same
/// sync and through the same pacer. What is Pipedrive's own stays here: reading a stored record as
/// a ``PipedrivePerson`` with its names.
public struct PipedriveAccount: Sendable {
    /// The persons as a configured source.
    public let source: RecordSource
    /// Where the persons are stored.
    public let store: RecordStore
    /// Where the organisations' and users' names are stored.
    public var lookups: LookupStore { LookupStore(beside: store) }
    /// The pager of the persons; nil for an account only read from the store.
    let pager: RecordPager?
    /// The sync of the names, with API v2; v1 persons carry their names.
    let names: LookupSync?
    let now: @Sendable () -> Date

    /// The account at `companyURL` with `token`, paged with `api` in pages of `pageSize`,
    /// stored in `database`. Throws a ``ConfigError`` when the URL makes no definition.
    public init(
        companyURL: URL, token: String, api: PipedriveAPIVersion, http: any HTTPClient, database: RoloDatabase,
        pageSize: Int = 500, timeout: TimeInterval = 30,
        sleep: @escaping RecordPager.Sleep = { try await Task.sleep(for: .seconds($0)) },
        now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        var source = try PipedriveDefinition.source(companyURL: companyURL.absoluteString, api: api)
        source.paging?.size = pageSize
        let environment = ["PIPEDRIVE_API_TOKEN": token]
        let endpoint = try source.endpoint(environment: environment)
        self.source = source
        store = RecordStore(database: database, source: source)
        pager = RecordPager(
            source: source, endpoint: endpoint, client: http, timeout: timeout, sleep: sleep, now: now, refusal: Self.refusal)
        if api == .v2 {
            var named = source
            for index in named.lookups.indices { named.lookups[index].paging?.size = pageSize }
            names = try LookupSync(
                source: named, store: LookupStore(beside: store), client: http, environment: environment, timeout: timeout,
                sleep: sleep, refusal: Self.refusal)
        } else {
            names = nil
        }
        self.now = now
    }

    /// The stored persons of an account that isn't configured (or isn't asked): read, never
    /// fetched.
    public init(storedIn database: RoloDatabase, api: PipedriveAPIVersion = .v2) throws(ConfigError) {
        // The company URL only makes the requests, which this account never sends.
        let source = try PipedriveDefinition.source(companyURL: "https://company.pipedrive.com", api: api)
        self.source = source
        store = RecordStore(database: database, source: source)
        pager = nil
        names = nil
        now = Date.init
    }

    /// The sync of the persons (and, with v2, their names first); nil when only stored.
    public func sync() -> RecordSync? {
        pager.map { RecordSync(pager: $0, store: store, lookups: names, now: now) }
    }

    /// The error Pipedrive's answer `response` stands for, in Pipedrive's words: a refused token
    /// (401), a rate limit (429, with its reset), the API's `{"success": false, "error": …}`
    /// under any status ("Pipedrive says: …"), any other status that isn't a success. Nil for
    /// an answer that is none of these. `answer` is the body already parsed, when it was. The
    /// pager and the lookups' sync ask it of every answer (``RecordPager/Refusal``).
    public static func refusal(_ response: HTTPResponse, _ answer: JSONValue? = nil) -> FetchError? {
        switch response.status {
        case 401: return .pipedriveUnauthorized(response)
        case 429: return .pipedriveRateLimited(response, limit: RateLimit(response))
        default: break
        }
        let answer = answer ?? (ResponseBody(response.body) == .json ? try? JSONValue.parse(response.body) : nil)
        if let text = answer.flatMap(refusalText) {
            let kind: FetchError.Kind = response.isSuccess ? .badResponse : .httpStatus(response.status)
            return FetchError.refusal(by: "Pipedrive", text, body: response.body, kind: kind).located(at: response)
        }
        return response.isSuccess ? nil : FetchError.unexpectedStatus(response, service: "Pipedrive")
    }

    /// The API's words when `answer` is `{"success": false, "error": ...}` (or has an error and
    /// no `success`): "the request failed" when it has none; nil for anything else.
    static func refusalText(_ answer: JSONValue) -> String? {
        guard case .object = answer else { return nil }
        let success: Bool? = if case .bool(let flag)? = answer["success"] { flag } else { nil }
        guard success == false || (success == nil && !answer.isAbsentOrNull("error")) else { return nil }
        let text = (try? answer.lenientString("error"))?.sanitizedForTerminal
        return text.flatMap { $0.isEmpty ? nil : $0 } ?? "the request failed"
    }

    /// The person a stored record is, with its organisation's and owner's names from `lookups`
    /// where it names them by id; nil when the record isn't a person rolo can read.
    public static func person(_ record: JSONRecord, lookups: LookupValues) -> PipedrivePerson? {
        (try? PipedrivePerson(json: record.value))?.resolved(with: lookups)
    }
}
