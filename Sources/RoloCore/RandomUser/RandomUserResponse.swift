/// Decodes a randomuser.me body: `{"results": [...], "info": {...}}`, or the API's
/// `{"error": "..."}` refusal, which it sends with a 200 as well as with error statuses.
struct RandomUserResponse: Decodable {
    /// What the body said.
    enum Content {
        case page(RandomUserPage)
        case refusal(String)
    }

    let content: Content

    init(from decoder: any Decoder) throws {
        guard let fields = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingProblem("expected an object with a 'results' list")
        }
        if let error = try? fields.lenientString("error") {
            content = .refusal(error.sanitizedForTerminal)
            return
        }
        guard var items = try? fields.nestedUnkeyedContainer(forKey: "results") else {
            throw DecodingProblem("expected an object with a 'results' list")
        }
        let persons = items.decodeEach(RandomPersonRecord.self, \.person)
        let info = try? fields.nestedContainer(keyedBy: AnyCodingKey.self, forKey: "info")
        content = .page(
            RandomUserPage(
                persons: persons.records,
                skipped: persons.skipped,
                seed: (try? info?.lenientString("seed"))?.sanitizedForTerminal,
                page: try? info?.lenientWholeNumber("page"),
                results: try? info?.lenientWholeNumber("results")))
    }
}
