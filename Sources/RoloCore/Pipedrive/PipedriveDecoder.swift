import Foundation

/// Decodes Pipedrive's bodies: persons (v1 and v2 alike) and the names lists.
///
/// Every function throws ``FetchError`` whose message says what was wrong; its `endpoint` is
/// empty until ``PipedriveClient`` places it with ``FetchError/located(at:)``.
public enum PipedriveDecoder {
    /// The service name used in messages: "The pipedrive server …".
    static let service = "pipedrive"

    /// Decodes one page. `{"success": false, "error": "..."}` becomes a ``FetchError`` of kind
    /// `.badResponse` carrying the API's words (the client sets the status when it isn't 2xx).
    public static func decodePage(_ data: Data) throws -> PipedrivePage {
        switch try decode(PipedriveResponse.self, data).content {
        case .page(let page):
            return page
        case .refusal(let text):
            throw FetchError.refusal(by: "Pipedrive", text, body: data)
        }
    }

    /// Decodes one page of organisations or users; a refusal becomes a ``FetchError`` as in
    /// ``decodePage(_:)``.
    public static func decodeNames(_ data: Data) throws -> PipedriveNamePage {
        switch try decode(PipedriveNamesResponse.self, data).content {
        case .page(let page):
            return page
        case .refusal(let text):
            throw FetchError.refusal(by: "Pipedrive", text, body: data)
        }
    }

    /// The API's `error` text, nil when `data` is anything else.
    static func refusal(_ data: Data) -> String? {
        guard case .refusal(let text)? = try? decode(PipedriveResponse.self, data).content else { return nil }
        return text
    }

    private static func decode<Body: Decodable>(_ type: Body.Type, _ data: Data) throws -> Body {
        guard ResponseBody(data) == .json else {
            throw FetchError.unreadable(data, service: service, reason: "not JSON")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw FetchError.unreadable(data, service: service, reason: DecodingProblem.from(error).reason)
        }
    }
}
