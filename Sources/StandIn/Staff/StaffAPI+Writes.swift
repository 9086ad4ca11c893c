import FlyingFox
import Foundation

/// The staff directory's writes, as Django REST framework answers them: `PATCH
/// /api/people/<id>/` sets the fields given (the person in full back; a blank title or name is
/// a 400 naming the field), `DELETE` answers 204, `POST /api/people/<id>/notes/` with
/// `{"text": …}` adds a note (201 with the note). Failures and 429s come on demand through
/// `/__standin/fail` (`status=429` for DRF's throttle, with `Retry-After`), and for every Nth
/// person through `/__standin/staff-fail?every=N` (``StaffAPI/controls``), so a bulk action
/// over 100 people sees exactly 10 fail with `every=10`.
extension StaffAPI {
    /// The fields a PATCH may set; the others (uuid) are read-only, and ignored as DRF does.
    static let writableFields = ["name", "email", "phones", "department", "title", "office"]

    var controls: [String: StandInControl.Handler] {
        ["staff-fail": { query in
            guard let every = query["every"].flatMap({ Int($0) }), every >= 0 else {
                return StandInControl.answer(.badRequest, ["error": .string("staff-fail needs every=<n ≥ 0>: writes to every nth person fail, 0 for none")])
            }
            await edits.failWrites(every: every)
            return StandInControl.answer(.ok, ["every": .int(every)])
        }]
    }

    var writeRoutes: [StandInRoute] {
        [
            StandInRoute("staff.update", .PATCH, "/api/people/<id>/") { request in
                await update(request)
            },
            StandInRoute("staff.delete", .DELETE, "/api/people/<id>/") { request in
                await delete(request)
            },
            StandInRoute("staff.note", .POST, "/api/people/<id>/notes/") { request in
                await note(request)
            },
        ]
    }

    private func update(_ request: StandInRequest) async -> HTTPResponse {
        guard let number = await live(request) else { return notFound() }
        if let failed = await failure(writingTo: number) { return failed }
        guard let body = await Self.object(request) else { return Self.invalid("JSON parse error - a JSON object is expected.") }
        var changes: [(String, StandInJSON)] = []
        for (key, value) in body where Self.writableFields.contains(key) {
            if ["title", "email"].contains(key), Self.isBlank(value) {
                return Self.json(.object([(key, .array([.string("This field may not be blank.")]))]), status: .badRequest)
            }
            changes.append((key, value))
        }
        await edits.patch(number, changes)
        return await person(number)
    }

    private func delete(_ request: StandInRequest) async -> HTTPResponse {
        guard let number = await live(request) else { return notFound() }
        if let failed = await failure(writingTo: number) { return failed }
        await edits.delete(number)
        return HTTPResponse(statusCode: .noContent)
    }

    private func note(_ request: StandInRequest) async -> HTTPResponse {
        guard let number = await live(request) else { return notFound() }
        if let failed = await failure(writingTo: number) { return failed }
        guard let body = await Self.object(request) else { return Self.invalid("JSON parse error - a JSON object is expected.") }
        guard let text = body.first(where: { $0.0 == "text" })?.1, case .string(let written) = text, !written.isEmpty else {
            return Self.json(.object([("text", .array([.string("This field is required.")]))]), status: .badRequest)
        }
        return Self.json(await edits.addNote(number, text: written), status: .created)
    }

    /// The person a request's `<id>` names, unless deleted.
    private func live(_ request: StandInRequest) async -> Int? {
        guard let number = catalog.number(ofID: request.parameters["id", default: ""]), await !edits.isDeleted(number) else { return nil }
        return number
    }

    /// The answer to a write to person `number` while ``StaffEdits/failWrites(every:)`` makes it
    /// fail, else nil.
    private func failure(writingTo number: Int) async -> HTTPResponse? {
        await edits.failsWrite(to: number) ? internalError() : nil
    }

    private static func isBlank(_ value: StandInJSON) -> Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.trimmingCharacters(in: .whitespaces).isEmpty
        default: return false
        }
    }

    private static func invalid(_ detail: String) -> HTTPResponse {
        json(.object([("detail", .string(detail))]), status: .badRequest)
    }

    /// The request's body as a JSON object's members; nil when it isn't one.
    private static func object(_ request: StandInRequest) async -> [(String, StandInJSON)]? {
        guard let data = try? await request.http.bodyData,
              case .object(let members)? = try? JSONDecoder().decode(RequestJSON.self, from: data).value
        else { return nil }
        return members
    }
}

/// A JSON value as a request sent it, read with `JSONDecoder` (which tells true from 1).
private struct RequestJSON: Decodable {
    let value: StandInJSON

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [StandInJSON] = []
            while !array.isAtEnd { items.append(try array.decode(RequestJSON.self).value) }
            value = .array(items)
            return
        }
        if let object = try? decoder.container(keyedBy: Key.self) {
            value = .object(try object.allKeys.map(\.stringValue).sorted().map { key in
                (key, try object.decode(RequestJSON.self, forKey: Key(stringValue: key)).value)
            })
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = .null
        } else if let flag = try? single.decode(Bool.self) {
            value = .bool(flag)
        } else if let number = try? single.decode(Int.self) {
            value = .int(number)
        } else {
            value = .string(try single.decode(String.self))
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
