import FlyingFox
import Foundation

/// What lets a client fetch only what changed: the list's `ETag` (weak, one for the whole
/// directory as it stands: every write changes it, and with it every page's), a 304 to an
/// `If-None-Match` that names it, and `updated_after`, which lists the people changed after an
/// ISO 8601 time (a person no client changed last changed long before; deletions aren't listed).
extension StaffAPI {
    /// What the list does with a request's conditions.
    enum Conditions {
        /// Answered already: a 304, or a 400 for an `updated_after` that isn't a time.
        case answer(HTTPResponse)
        /// Lists the people changed after `since` (all for nil), under `etag`.
        case list(since: Date?, etag: String)
    }

    /// The request's `updated_after` and `If-None-Match`, read against the directory now.
    func conditions(_ request: StandInRequest) async -> Conditions {
        var since: Date?
        if let text = request.http.query["updated_after"] {
            guard let date = try? Date(text, strategy: .iso8601) else {
                return .answer(Self.json(.object([("updated_after", .array([.string("Enter a valid date/time.")]))]), status: .badRequest))
            }
            since = date
        }
        let version = await edits.version
        // The page asked for is in it, so that one page's tag isn't another's.
        let page = request.http.query.filter { $0.name != "updated_after" }.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let filter = since.map { "@\(Int($0.timeIntervalSince1970))" } ?? ""
        let etag = "W/\"staff-\(version)-\(page.filter { $0 != "\"" })\(filter)\""
        if request.http.headers[HTTPHeader("If-None-Match")] == etag {
            var response = HTTPResponse(statusCode: .notModified)
            response.headers[HTTPHeader("ETag")] = etag
            return .answer(response)
        }
        return .list(since: since, etag: etag)
    }
}
