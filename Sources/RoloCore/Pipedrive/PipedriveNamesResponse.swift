/// Decodes a names list in Pipedrive's envelope: v2's organisations
/// (`{"success": true, "data": [{"id": 1, "name": "Acme", ...}], "additional_data": {"next_cursor": ...}}`)
/// or v1's users (the same without a cursor). Only `id` and `name` are read.
struct PipedriveNamesResponse: Decodable {
    /// What the body said.
    enum Content {
        case page(PipedriveNamePage)
        case refusal(String)
    }

    let content: Content

    init(from decoder: any Decoder) throws {
        guard let fields = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingProblem("expected an object with 'success' and 'data'")
        }
        if let text = PipedriveResponse.refusal(fields) {
            content = .refusal(text)
            return
        }
        var names: [Int: String] = [:]
        if !fields.isAbsentOrNull("data") {
            guard var items = try? fields.nestedUnkeyedContainer(forKey: "data") else {
                throw DecodingProblem("'data' should be a list")
            }
            while !items.isAtEnd {
                let index = items.currentIndex
                guard let item = try? items.nestedContainer(keyedBy: AnyCodingKey.self) else {
                    throw DecodingProblem("expected an object").inRecord(index, of: "entry")
                }
                // An entry without an id or a name can't name anything: its persons keep the id.
                guard let id = try? item.lenientWholeNumber("id"),
                    let name = (try? item.lenientString("name"))?.sanitizedForTerminal
                        .trimmingCharacters(in: .whitespaces), !name.isEmpty
                else { continue }
                names[id] = name
            }
        }
        let additional = try? fields.nestedContainer(keyedBy: AnyCodingKey.self, forKey: "additional_data")
        let cursor = (try? additional?.lenientString("next_cursor")) ?? nil
        content = .page(PipedriveNamePage(names: names, nextCursor: cursor.flatMap { $0.isEmpty ? nil : $0 }))
    }
}
