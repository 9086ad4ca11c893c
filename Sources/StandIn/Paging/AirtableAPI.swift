import FlyingFox
import Foundation

/// Airtable's list records, served under `/__paging/airtable`: `GET
/// /v0/appROLO/People?pageSize=&offset=` answers `{"records": [{"id", "createdTime", "fields"}],
/// "offset"}`, `pageSize` 100 by default (1 to 100, anything else Airtable's 422), and `offset`
/// an opaque `itr…/rec…` text naming the page it was handed out with and the last record sent,
/// absent on the last page. An offset it didn't make is the 422 `INVALID_OFFSET_VALUE`; one that
/// ``StandInOptions/airtableExpiry`` expires is `LIST_RECORDS_ITERATOR_NOT_AVAILABLE`, which
/// Airtable sends with a type and no message.
struct AirtableAPI: StandInAPI {
    static let defaultPageSize = 100
    static let maximumPageSize = 100

    private let people: PagingPeople
    private let count: Int
    private let refusals: PageTokenRefusals

    let prefix = "/__paging/airtable"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.airtableRecords)
        refusals = PageTokenRefusals(options.airtableExpiry)
    }

    var routes: [StandInRoute] {
        [StandInRoute("airtable.list", .GET, "/v0/appROLO/People") { request in records(request) }]
    }

    /// Airtable's 404 for a base or table it doesn't know: a bare `NOT_FOUND`.
    func notFound() -> HTTPResponse {
        PagingPeople.json(.object([("error", .string("NOT_FOUND"))]), status: .notFound)
    }

    /// Airtable's 500, for a request made to fail.
    func internalError() -> HTTPResponse {
        Self.error("SERVER_ERROR", "Try again. If the problem persists, contact support.", status: .internalServerError)
    }

    /// `recROLO0000000007` for record 7: `rec` and fourteen characters, as Airtable's ids.
    static func id(_ number: Int) -> String {
        "recROLO" + String(format: "%010d", number)
    }

    /// The offset handed out with page `page`, whose last record is `last`.
    static func offset(page: Int, last: Int) -> String {
        "itrROLO" + String(format: "%010d", page) + "/" + id(last)
    }

    /// A page of records: `pageSize` of them after the record the offset names.
    private func records(_ request: StandInRequest) -> HTTPResponse {
        var pageSize = Self.defaultPageSize
        if let asked = request.http.query["pageSize"] {
            guard let number = Int(asked), (1...Self.maximumPageSize).contains(number) else {
                return Self.error("INVALID_REQUEST_UNKNOWN", "Invalid request: parameter validation failed. Check your request data.")
            }
            pageSize = number
        }
        var start = 0, page = 1
        if let offset = request.http.query["offset"] {
            guard let place = place(offset) else {
                return Self.error("INVALID_OFFSET_VALUE", "The value of offset \(offset) is invalid")
            }
            if refusals.refuses(page: place.page) {
                return Self.error("LIST_RECORDS_ITERATOR_NOT_AVAILABLE", nil)
            }
            (start, page) = (place.last, place.page + 1)
        }
        let end = start + min(pageSize, count - start)
        var fields: [(String, StandInJSON)] = [("records", .array(start < end ? (start + 1...end).map(record) : []))]
        if end < count { fields.append(("offset", .string(Self.offset(page: page, last: end)))) }
        return PagingPeople.json(.object(fields))
    }

    /// The page an offset was handed out with and the last record before it, nil unless it is
    /// exactly an offset this table hands out.
    private func place(_ offset: String) -> (page: Int, last: Int)? {
        let parts = offset.split(separator: "/")
        guard parts.count == 2, let page = Int(parts[0].dropFirst("itrROLO".count)), let last = Int(parts[1].dropFirst("recROLO".count)),
              page >= 1, last >= 1, last < count, Self.offset(page: page, last: last) == offset
        else { return nil }
        return (page, last)
    }

    /// Record `number`: its id, creation time and fields, person `number`'s.
    private func record(_ number: Int) -> StandInJSON {
        let person = people.person(number)
        return .object([
            ("id", .string(Self.id(number))), ("createdTime", .string("2026-01-02T03:04:05.000Z")),
            ("fields", .object([
                ("Name", .string("\(person.first) \(person.last)")), ("Email", .string(person.email)), ("Number", .int(number)),
            ])),
        ])
    }

    /// Airtable's `{"error": {"type", "message"}}`, 422 unless said otherwise; a nil message is left out.
    private static func error(_ type: String, _ message: String?, status: HTTPStatusCode = .unprocessableContent) -> HTTPResponse {
        var fields: [(String, StandInJSON)] = [("type", .string(type))]
        if let message { fields.append(("message", .string(message))) }
        return PagingPeople.json(.object([("error", .object(fields))]), status: status)
    }
}
