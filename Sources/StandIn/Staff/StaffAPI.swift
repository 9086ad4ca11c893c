import FlyingFox
import Foundation
import Logging

/// A company's staff directory in Django REST framework's shape, served under `/staff`: the list
/// at `http://127.0.0.1:<port>/staff/api/people/` answers `{"count", "next", "previous",
/// "results"}`, where `next` is the whole URL of the next page (an opaque base64 `cursor` and
/// the `page_size`, 20 by default, at most 50) and null on the last; each person in full at
/// `/staff/api/people/<uuid>/`, and the departments their `dept_id` names at
/// `/staff/api/departments/` (one page). Every 3rd person carries a photo as a base64 `data:` URL, the
/// others none. ``StandInOptions/staffNextLoops`` makes the last page's `next` name the page
/// itself, as a buggy server's can. The list has an `ETag` that changes with every write, answers
/// `If-None-Match` with it 304, and `updated_after=<ISO 8601>` lists only the people changed
/// since (``StaffAPI/conditions(_:)``).
struct StaffAPI: StandInAPI {
    static let defaultPageSize = 20
    static let maximumPageSize = 50

    let catalog: StaffCatalog
    /// What PATCH, DELETE and notes changed (``StaffAPI/writeRoutes``).
    let edits = StaffEdits()
    private let photos: SquarePortraits
    private let nextLoops: Bool

    let prefix = "/staff"

    /// The API over the staff generated from `options`.
    init(options: StandInOptions, logger: Logger) {
        catalog = StaffCatalog(seed: options.seed, count: options.staffMembers)
        // Numbered from 40,000 so these faces differ from the other APIs'.
        photos = SquarePortraits(seed: options.seed, firstID: 40_000, name: "staff photo", logger: logger)
        nextLoops = options.staffNextLoops
    }

    var routes: [StandInRoute] {
        [
            StandInRoute("staff.list", .GET, "/api/people/") { request in
                await list(request)
            },
            StandInRoute("staff.person", .GET, "/api/people/<id>/") { request in
                await person(request)
            },
            StandInRoute("staff.departments", .GET, "/api/departments/") { _ in
                let departments = StaffCatalog.departmentRecords
                return Self.json(.object([
                    ("count", .int(departments.count)), ("next", .null), ("previous", .null), ("results", .array(departments)),
                ]))
            },
        ] + writeRoutes
    }

    func notFound() -> HTTPResponse {
        Self.json(.object([("detail", .string("Not found."))]), status: .notFound)
    }

    func internalError() -> HTTPResponse {
        Self.json(.object([("detail", .string("A server error occurred."))]), status: .internalServerError)
    }

    /// `?cursor=&page_size=&updated_after=`; a cursor that isn't one of this API's is DRF's 404.
    private func list(_ request: StandInRequest) async -> HTTPResponse {
        let query = request.http.query
        let since: Date?, etag: String
        switch await conditions(request) {
        case .answer(let response): return response
        case .list(let after, let tag): (since, etag) = (after, tag)
        }
        let size = query["page_size"].flatMap { Int($0) }.map { min(Self.maximumPageSize, max(1, $0)) } ?? Self.defaultPageSize
        var start = 0
        if let cursor = query["cursor"] {
            guard let offset = Self.offset(fromCursor: cursor) else {
                return Self.json(.object([("detail", .string("Invalid cursor"))]), status: .notFound)
            }
            start = offset
        }
        let remaining = await edits.remaining(of: catalog.count, changedAfter: since)
        let end = min(remaining.count, start + size)
        var results: [StandInJSON] = []
        for number in (start < end ? Array(remaining[start..<end]) : []) {
            results.append(await edits.applied(catalog.person(number, photo: await photo(number), full: false), number: number))
        }
        let filter = query["updated_after"].map { "&updated_after=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? ""
        let page = { (offset: Int) in
            "http://\(request.http.headers[.host] ?? "127.0.0.1")\(prefix)/api/people/?cursor=\(Self.cursor(offset))&page_size=\(size)\(filter)"
        }
        let next: StandInJSON = end < remaining.count ? .string(page(end)) : nextLoops ? .string(page(start)) : .null
        var response = Self.json(.object([
            ("count", .int(remaining.count)), ("next", next),
            ("previous", start > 0 ? .string(page(max(0, start - size))) : .null), ("results", .array(results)),
        ]))
        response.headers[HTTPHeader("ETag")] = etag
        return response
    }

    private func person(_ request: StandInRequest) async -> HTTPResponse {
        guard let number = catalog.number(ofID: request.parameters["id", default: ""]), await !edits.isDeleted(number) else {
            return notFound()
        }
        return await person(number)
    }

    /// Person `number` in full, with what clients changed.
    func person(_ number: Int) async -> HTTPResponse {
        Self.json(await edits.applied(catalog.person(number, photo: await photo(number), full: true), number: number))
    }

    /// Person `number`'s photo as a `data:` URL, for every 3rd: one of a few faces, since a
    /// page answers only once its photos are drawn, and drawing one for every person made a
    /// loaded machine's first pages take longer than a client waits.
    private func photo(_ number: Int) async -> String? {
        guard number % 3 == 1 else { return nil }
        let face = (number / 3) % Self.faces
        return "data:image/jpeg;base64," + (await photos.jpeg(number: face, edge: 40)).base64EncodedString()
    }

    /// How many different faces the photos show.
    static let faces = 4

    /// Base64 of `o=<offset>`, opaque to clients as DRF's cursors are; its `=` must be
    /// percent-encoded in the URL, and a client that copies `next` whole never has to know.
    private static func cursor(_ offset: Int) -> String {
        (Data("o=\(offset)".utf8).base64EncodedString()).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    private static func offset(fromCursor cursor: String) -> Int? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8), text.hasPrefix("o="),
              let offset = Int(text.dropFirst(2)), offset >= 0
        else { return nil }
        return offset
    }

    static func json(_ value: StandInJSON, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json"], body: value.encoded(.compact))
    }
}
