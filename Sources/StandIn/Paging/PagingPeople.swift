import FlyingFox
import Foundation

/// The people the paging APIs (Jira, Stripe, Microsoft Graph, GitLab, WordPress, Linear, Slack)
/// list, generated one at a time from the seed: person `n` (1...) has a first and last name and
/// an email, the same in every API, so each API's own shape is all that differs.
struct PagingPeople: Sendable {
    private static let firstNames = [
        "Anu", "Bruno", "Chidi", "Dana", "Eero", "Farah", "Goran", "Hilja", "Ines", "Jonas", "Keiko", "Lembit",
        "Mari", "Nils", "Olu", "Piret",
    ]
    private static let lastNames = [
        "Aas", "Berg", "Cruz", "Dahl", "Eze", "Falk", "Gill", "Holm", "Ito", "Jürgens", "Kask", "Laan", "Mets",
    ]

    private let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
    }

    /// Person `number`'s first and last name and email.
    func person(_ number: Int) -> (first: String, last: String, email: String) {
        var random = SplitMix64(seed: seed ^ 0x9A61, stream: UInt64(number))
        let first = Self.firstNames[Int(random.next() % UInt64(Self.firstNames.count))]
        let last = Self.lastNames[Int(random.next() % UInt64(Self.lastNames.count))]
        let ascii = { (name: String) in name.lowercased().filter { $0.isLetter && $0.isASCII } }
        return (first, last, "\(ascii(first)).\(ascii(last)).\(number)@paging.example")
    }

    /// `http://<host><prefix>`, from the request's `Host`, for the absolute URLs real APIs send.
    static func base(_ request: StandInRequest, _ prefix: String) -> String {
        "http://\(request.http.headers[.host] ?? "127.0.0.1")\(prefix)"
    }

    /// The query parameter `name` as a whole number clamped to `range`, else `fallback`.
    static func number(_ request: StandInRequest, _ name: String, in range: ClosedRange<Int>, default fallback: Int) -> Int {
        request.http.query[name].flatMap { Int($0) }.map { min(range.upperBound, max(range.lowerBound, $0)) } ?? fallback
    }

    /// A JSON answer as the APIs here send it: compact, UTF-8.
    static func json(_ value: StandInJSON, status: HTTPStatusCode = .ok, headers: [(String, String)] = []) -> HTTPResponse {
        var response = HTTPResponse(statusCode: status, headers: [.contentType: "application/json; charset=utf-8"], body: value.encoded(.compact))
        for (name, text) in headers { response.headers[HTTPHeader(name)] = text }
        return response
    }

    /// An opaque cursor for `text`: its base64, as Slack's and Graph's look.
    static func token(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
    }

    /// The text of a cursor ``token(_:)`` made; nil for one it didn't.
    static func untoken(_ token: String) -> String? {
        Data(base64Encoded: token).flatMap { String(data: $0, encoding: .utf8) }
    }
}
