import Foundation

/// Decodes randomuser.me's bodies.
///
/// Every function throws ``FetchError`` whose message says what was wrong; its `endpoint` is
/// empty until ``RandomUserClient`` places it with ``FetchError/located(at:)``.
public enum RandomUserDecoder {
    /// The service name used in messages: "The randomuser server …".
    static let service = "randomuser"

    /// Decodes one page. The API's own `{"error": "..."}` body becomes a ``FetchError`` of kind
    /// `.badResponse` carrying the API's words (the client sets the status when it isn't 2xx).
    public static func decodePage(_ data: Data) throws -> RandomUserPage {
        switch try decode(data).content {
        case .page(let page):
            return page
        case .refusal(let text):
            throw FetchError.refusal(by: "randomuser.me", text, body: data)
        }
    }

    /// The API's `{"error": "..."}` text, nil when `data` is anything else.
    static func refusal(_ data: Data) -> String? {
        guard case .refusal(let text)? = try? decode(data).content else { return nil }
        return text
    }

    private static func decode(_ data: Data) throws -> RandomUserResponse {
        guard ResponseBody(data) == .json else {
            throw FetchError.unreadable(data, service: service, reason: "not JSON")
        }
        do {
            return try JSONDecoder().decode(RandomUserResponse.self, from: data)
        } catch {
            throw FetchError.unreadable(data, service: service, reason: DecodingProblem.from(error).reason)
        }
    }
}
