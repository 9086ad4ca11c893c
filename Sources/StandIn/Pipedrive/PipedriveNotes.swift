import FlyingFox
import Foundation

/// Pipedrive's `POST /v1/notes`: a note on a person, `{"person_id": 7, "content": "…"}` (JSON
/// or a form), answered 201 with the note as Pipedrive sends it; a person that doesn't exist, no
/// person or an empty content is Pipedrive's 400.
actor PipedriveNotes {
    private let persons: Int
    private var nextID = 1
    /// The notes added, oldest first, for tests.
    private(set) var added: [(id: Int, personID: Int, content: String)] = []

    /// Notes on an account of `persons` persons, numbered 1 through `persons`.
    init(persons: Int) {
        self.persons = persons
    }

    /// The answer to a note's body: the note (201) or why not (400), as Pipedrive's JSON.
    func add(body: Data, contentType: String?) -> (status: HTTPStatusCode, json: StandInJSON) {
        let fields = Self.fields(body, contentType: contentType)
        guard let personID = fields.personID else {
            return (.badRequest, Self.failure("Item of this type needs to have deal_id, person_id, org_id, lead_id or project_id set."))
        }
        guard (1...max(1, persons)).contains(personID), persons > 0 else {
            return (.badRequest, Self.failure("Person not found."))
        }
        guard let content = fields.content, !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return (.badRequest, Self.failure("Note content cannot be empty."))
        }
        let id = nextID
        nextID += 1
        added.append((id, personID, content))
        let note: StandInJSON = .object([
            ("id", .int(id)), ("user_id", .int(1)), ("person_id", .int(personID)), ("content", .string(content)),
            ("add_time", .string("2024-03-05 14:07:00")), ("active_flag", .bool(true)),
        ])
        return (.created, .object([("success", .bool(true)), ("data", note)]))
    }

    /// The body's fields: a JSON object, or `application/x-www-form-urlencoded`.
    private static func fields(_ body: Data, contentType: String?) -> NoteFields {
        if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            var components = URLComponents()
            components.percentEncodedQuery = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
            let items = components.queryItems ?? []
            return NoteFields(personID: items.first { $0.name == "person_id" }?.value.flatMap { Int($0) },
                              content: items.first { $0.name == "content" }?.value)
        }
        return (try? JSONDecoder().decode(NoteFields.self, from: body)) ?? NoteFields(personID: nil, content: nil)
    }

    private static func failure(_ text: String) -> StandInJSON {
        .object([("success", .bool(false)), ("error", .string(text)), ("errorCode", .int(400))])
    }
}

/// What a note's body says: the person's id as a number or as digits, and the content.
private struct NoteFields: Decodable {
    var personID: Int?
    var content: String?

    init(personID: Int?, content: String?) {
        self.personID = personID
        self.content = content
    }

    private enum CodingKeys: String, CodingKey {
        case personID = "person_id", content
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(Int.self, forKey: .personID) {
            personID = number
        } else {
            personID = (try? container.decode(String.self, forKey: .personID)).flatMap { Int($0) }
        }
        content = try? container.decode(String.self, forKey: .content)
    }
}
