/// Decodes Pipedrive's envelope, the same for both versions: `{"success": true, "data": [...],
/// "additional_data": {...}}`, or `{"success": false, "error": "..."}`.
struct PipedriveResponse: Decodable {
    /// What the body said.
    enum Content {
        case page(PipedrivePage)
        case refusal(String)
    }

    let content: Content

    init(from decoder: any Decoder) throws {
        guard let fields = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingProblem("expected an object with 'success' and 'data'")
        }
        if let text = Self.refusal(fields) {
            content = .refusal(text)
            return
        }
        var persons = DecodedList<PipedrivePerson>(records: [])
        // v1 sends `"data": null` for an account (or a page) with no persons.
        if !fields.isAbsentOrNull("data") {
            guard var items = try? fields.nestedUnkeyedContainer(forKey: "data") else {
                throw DecodingProblem("'data' should be a list")
            }
            persons = items.decodeEach(PipedrivePersonRecord.self, \.person)
        }
        let additional = try? fields.nestedContainer(keyedBy: AnyCodingKey.self, forKey: "additional_data")
        let pagination = try? additional?.nestedContainer(keyedBy: AnyCodingKey.self, forKey: "pagination")
        let more = (try? pagination?.decode(Bool.self, forKey: "more_items_in_collection")) ?? false
        let cursor = (try? additional?.lenientString("next_cursor")) ?? nil
        content = .page(
            PipedrivePage(
                persons: persons.records,
                skipped: persons.skipped,
                nextCursor: cursor.flatMap { $0.isEmpty ? nil : $0 },
                nextStart: more ? (try? pagination?.lenientWholeNumber("next_start")) ?? nil : nil,
                total: ((try? pagination?.lenientWholeNumber("total_count")) ?? nil)
                    ?? ((try? additional?.lenientWholeNumber("total_count")) ?? nil)))
    }

    /// The API's words when the body is `{"success": false, "error": ...}` (or has an error and
    /// no `success`); nil for an answer.
    static func refusal(_ fields: KeyedDecodingContainer<AnyCodingKey>) -> String? {
        let success = try? fields.decode(Bool.self, forKey: "success")
        guard success == false || (success == nil && !fields.isAbsentOrNull("error")) else { return nil }
        let text = (try? fields.lenientString("error"))?.sanitizedForTerminal
        return text.flatMap { $0.isEmpty ? nil : $0 } ?? "the request failed"
    }
}
