import FlyingFox
import Foundation

/// Intercom's contacts, served under `/__paging/intercom`: `GET /contacts?per_page=&starting_after=`
/// answers `{"type": "list", "data", "total_count", "pages": {"type": "pages", "page", "per_page",
/// "total_pages", "next": {"page", "starting_after"}}}`, `per_page` 50 by default (at most 150),
/// and `starting_after` an opaque base64 cursor as Intercom's (`[created_at, "id", page]`); the
/// last page's `pages` has no `next`. A cursor it didn't make is Intercom's 400 `error.list`.
struct IntercomContactsAPI: StandInAPI {
    static let defaultPerPage = 50
    static let maximumPerPage = 150
    /// The `request_id` every error names.
    static let requestID = "000e8rolostandin0q2g"

    private let people: PagingPeople
    private let count: Int

    let prefix = "/__paging/intercom"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.intercomContacts)
    }

    var routes: [StandInRoute] {
        [StandInRoute("intercom.contacts", .GET, "/contacts") { request in contacts(request) }]
    }

    /// Intercom's 404 `error.list`, for a path it doesn't serve.
    func notFound() -> HTTPResponse {
        Self.errors("not_found", "Resource Not Found", status: .notFound)
    }

    /// Intercom's 500 `error.list`, for a request made to fail.
    func internalError() -> HTTPResponse {
        Self.errors("server_error", "Server Error", status: .internalServerError)
    }

    /// Contact `number`'s 24 hex digits, shaped as Intercom's: its creation time, then its number.
    static func id(_ number: Int) -> String {
        String(format: "%08x%016x", createdAt(number), number)
    }

    /// When contact `number` was created, in Unix seconds.
    static func createdAt(_ number: Int) -> Int {
        1_700_000_000 + number
    }

    /// The cursor that goes on after contact `last`, to page `page`.
    static func cursor(after last: Int, page: Int) -> String {
        PagingPeople.token("[\(createdAt(last)),\"\(id(last))\",\(page)]")
    }

    /// A page of contacts: `per_page` of them after the contact the cursor names.
    private func contacts(_ request: StandInRequest) -> HTTPResponse {
        let perPage = PagingPeople.number(request, "per_page", in: 1...Self.maximumPerPage, default: Self.defaultPerPage)
        var start = 0, page = 1
        if let cursor = request.http.query["starting_after"] {
            guard let place = place(cursor) else {
                return Self.errors("parameter_invalid", "starting_after is invalid", status: .badRequest)
            }
            (start, page) = place
        }
        let end = start + min(perPage, count - start)
        var pages: [(String, StandInJSON)] = [
            ("type", .string("pages")), ("page", .int(page)), ("per_page", .int(perPage)),
            ("total_pages", .int((count + perPage - 1) / perPage)),
        ]
        if end < count {
            pages.append(("next", .object([("page", .int(page + 1)), ("starting_after", .string(Self.cursor(after: end, page: page + 1)))])))
        }
        return PagingPeople.json(.object([
            ("type", .string("list")), ("data", .array(start < end ? (start + 1...end).map(contact) : [])),
            ("total_count", .int(count)), ("pages", .object(pages)),
        ]))
    }

    /// The last contact before a cursor and the page it leads to, nil unless it is exactly a
    /// cursor this list hands out.
    private func place(_ cursor: String) -> (last: Int, page: Int)? {
        guard let text = PagingPeople.untoken(cursor),
              let fields = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any], fields.count == 3,
              let created = fields[0] as? Int, let page = fields[2] as? Int
        else { return nil }
        let last = created - Self.createdAt(0)
        guard last >= 1, last < count, page >= 2, Self.cursor(after: last, page: page) == cursor else { return nil }
        return (last, page)
    }

    /// Contact `number`, person `number`, as Intercom lists a user.
    private func contact(_ number: Int) -> StandInJSON {
        let person = people.person(number)
        return .object([
            ("type", .string("contact")), ("id", .string(Self.id(number))), ("role", .string("user")),
            ("email", .string(person.email)), ("name", .string("\(person.first) \(person.last)")),
            ("created_at", .int(Self.createdAt(number))),
        ])
    }

    /// Intercom's `{"type": "error.list", "request_id", "errors": [{"code", "message"}]}`.
    private static func errors(_ code: String, _ message: String, status: HTTPStatusCode) -> HTTPResponse {
        PagingPeople.json(.object([
            ("type", .string("error.list")), ("request_id", .string(requestID)),
            ("errors", .array([.object([("code", .string(code)), ("message", .string(message))])])),
        ]), status: status)
    }
}
