/// What the foods server says to a like, an unlike or a failed request: `{"success": true}`,
/// `{"success": false}`, or `{"error": "..."}`.
struct LikeAnswer: Decodable, Equatable {
    /// The `success` flag; nil when the body has none.
    let success: Bool?
    /// The server's `error` text, cleaned for one terminal line and cut to a banner's length;
    /// nil when absent or blank.
    let error: String?

    /// Longest server error text shown, so a stack trace in `error` can't fill the banner.
    static let errorLimit = 80

    init(from decoder: any Decoder) throws {
        guard let fields = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingProblem("expected an object with 'success' or 'error'")
        }
        success = try? fields.decodeIfPresent(Bool.self, forKey: "success")
        let text = (try? fields.lenientString("error"))?.sanitizedForTerminal.trimmingCharacters(in: .whitespaces)
        error = text.flatMap { $0.isEmpty ? nil : Self.cut($0) }
        guard success != nil || error != nil else {
            throw DecodingProblem("expected an object with 'success' or 'error'")
        }
    }

    private static func cut(_ text: String) -> String {
        text.count > errorLimit ? text.prefix(errorLimit - 1).trimmingCharacters(in: .whitespaces) + "…" : text
    }
}
