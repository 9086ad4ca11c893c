import Foundation

/// What a response body looks like, so an error can say "sent an HTML page instead of JSON".
public enum ResponseBody: Sendable, Equatable {
    /// Nothing but whitespace.
    case empty
    /// An HTML page, typically a proxy's or framework's error page.
    case html
    /// Anything else, to be parsed as JSON.
    case json

    /// Classifies `data`, trusting its first non-blank byte over the declared `contentType`.
    public init(_ data: Data, contentType: String? = nil) {
        guard let first = data.first(where: { !Self.isWhitespace($0) }) else {
            self = .empty
            return
        }
        switch first {
        case UInt8(ascii: "<"): self = .html
        case UInt8(ascii: "{"), UInt8(ascii: "["): self = .json
        default:
            let declaredHTML = contentType?.lowercased().contains("text/html") ?? false
            self = declaredHTML ? .html : .json
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            || byte == 0xEF || byte == 0xBB || byte == 0xBF  // a UTF-8 byte order mark
    }
}
