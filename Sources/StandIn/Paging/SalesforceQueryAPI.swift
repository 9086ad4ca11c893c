import FlyingFox
import Foundation

/// Salesforce's SOQL query, served under `/__paging/salesforce`: `GET
/// /services/data/v59.0/query?q=` (any query text) answers `{"totalSize", "done",
/// "nextRecordsUrl", "records"}` of contacts, 2000 a batch or what the header
/// `Sforce-Query-Options: batchSize=N` asks (200 to 2000). The next batch is `nextRecordsUrl`, a
/// bare path `…/query/<locator>-<start>` without a query string, absent once `done` is true. The
/// locator names the page it was handed out with and carries the batch size (which Salesforce
/// keeps on its side); one it didn't make, or one ``StandInOptions/salesforceExpiry`` expires, is
/// the 400 `INVALID_QUERY_LOCATOR`. Errors are Salesforce's bare array of `{"message", "errorCode"}`.
struct SalesforceQueryAPI: StandInAPI {
    static let defaultBatchSize = 2000
    static let batchSizes = 200...2000
    static let queryPath = "/services/data/v59.0/query"

    private let people: PagingPeople
    private let count: Int
    private let refusals: PageTokenRefusals

    let prefix = "/__paging/salesforce"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.salesforceContacts)
        refusals = PageTokenRefusals(options.salesforceExpiry)
    }

    var routes: [StandInRoute] {
        [
            StandInRoute("salesforce.query", .GET, Self.queryPath) { request in query(request) },
            StandInRoute("salesforce.more", .GET, Self.queryPath + "/<locator>") { request in more(request) },
        ]
    }

    /// Salesforce's 404, for a path it doesn't serve.
    func notFound() -> HTTPResponse {
        Self.errors("The requested resource does not exist", "NOT_FOUND", status: .notFound)
    }

    /// Salesforce's 500, for a request made to fail; it names an error id, as Salesforce does.
    func internalError() -> HTTPResponse {
        Self.errors(
            "An unexpected error occurred. Please include this ErrorId if you contact support: 1936414722-51412 (-1350815470)",
            "UNKNOWN_EXCEPTION", status: .internalServerError)
    }

    /// `003ROLO000000007` for contact 7.
    static func id(_ number: Int) -> String {
        "003ROLO" + String(format: "%09d", number)
    }

    /// The locator handed out with page `page` of batches of `batchSize`: `01gROLO`, the batch size
    /// in four digits (`0000` for the default, so the usual locator reads as Salesforce's), the
    /// page in six.
    static func locator(page: Int, batchSize: Int) -> String {
        "01gROLO" + String(format: "%04d%06d", batchSize == defaultBatchSize ? 0 : batchSize, page)
    }

    /// A query's first batch, its size read from `Sforce-Query-Options`.
    private func query(_ request: StandInRequest) -> HTTPResponse {
        guard let soql = request.http.query["q"], !soql.isEmpty else {
            return Self.errors("A query string has to be specified", "MALFORMED_QUERY", status: .badRequest)
        }
        let options = request.http.headers[HTTPHeader("Sforce-Query-Options")] ?? ""
        let asked = options.split(separator: ",").lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("batchSize=") }
            .flatMap { Int($0.dropFirst("batchSize=".count)) }
        let batchSize = asked.map { min(Self.batchSizes.upperBound, max(Self.batchSizes.lowerBound, $0)) } ?? Self.defaultBatchSize
        return batch(start: 0, page: 1, batchSize: batchSize)
    }

    /// The batch a `nextRecordsUrl` names, its size read from the locator; a locator it didn't
    /// hand out, or an expired one, is refused.
    private func more(_ request: StandInRequest) -> HTTPResponse {
        let invalid = Self.errors("invalid query locator", "INVALID_QUERY_LOCATOR", status: .badRequest)
        let text = request.parameters["locator"] ?? ""
        let parts = text.split(separator: "-")
        guard parts.count == 2, let code = Int(parts[0].dropFirst("01gROLO".count).prefix(4)),
              let page = Int(parts[0].dropFirst("01gROLO".count + 4)), let start = Int(parts[1])
        else { return invalid }
        let batchSize = code == 0 ? Self.defaultBatchSize : code
        guard Self.batchSizes.contains(batchSize), page >= 1, start == page * batchSize, start < count,
              Self.locator(page: page, batchSize: batchSize) + "-\(start)" == text, !refusals.refuses(page: page)
        else { return invalid }
        return batch(start: start, page: page + 1, batchSize: batchSize)
    }

    /// Page `page`, the contacts after the first `start`.
    private func batch(start: Int, page: Int, batchSize: Int) -> HTTPResponse {
        let end = start + min(batchSize, count - start)
        var fields: [(String, StandInJSON)] = [("totalSize", .int(count)), ("done", .bool(end >= count))]
        if end < count {
            let next = "\(prefix)\(Self.queryPath)/\(Self.locator(page: page, batchSize: batchSize))-\(end)"
            fields.append(("nextRecordsUrl", .string(next)))
        }
        fields.append(("records", .array(start < end ? (start + 1...end).map(contact) : [])))
        return PagingPeople.json(.object(fields))
    }

    /// Contact `number`, person `number`, with the `attributes` Salesforce puts on every record.
    private func contact(_ number: Int) -> StandInJSON {
        let person = people.person(number)
        let id = Self.id(number)
        return .object([
            ("attributes", .object([("type", .string("Contact")), ("url", .string("/services/data/v59.0/sobjects/Contact/\(id)"))])),
            ("Id", .string(id)), ("Name", .string("\(person.first) \(person.last)")), ("Email", .string(person.email)),
        ])
    }

    /// Salesforce's error answer: a bare array of one `{"message", "errorCode"}`.
    private static func errors(_ message: String, _ code: String, status: HTTPStatusCode) -> HTTPResponse {
        PagingPeople.json(.array([.object([("message", .string(message)), ("errorCode", .string(code))])]), status: status)
    }
}
