import Foundation

/// An image a server sent as base64 text: absent, decoded bytes, or why it couldn't be decoded.
public enum ImageField: Sendable, Equatable {
    /// The server sent no image (the key was missing, null or empty).
    case absent
    /// The decoded bytes; the image pipeline detects JPEG or PNG from them.
    case bytes(Data)
    /// The server sent something that isn't an image, with a human reason ("not valid base64").
    case invalid(String)

    /// The decoded bytes, if any.
    public var data: Data? {
        if case .bytes(let data) = self { return data }
        return nil
    }

    /// Decodes base64 the way the ME server sends it: optionally wrapped in literal double quotes,
    /// optionally MIME-wrapped with line breaks, padded or not.
    ///
    /// The work is left to Foundation's scanners and decoder: a list can carry 200 images of
    /// 600 KB, and a byte loop in Swift is too slow for that in debug builds.
    public init(base64 text: String) {
        let payload = Self.payload(of: text)
        guard !payload.isEmpty else {
            self = .absent
            return
        }
        guard payload.rangeOfCharacter(from: Self.notBase64) == nil, Self.paddingOnlyAtEnd(payload) else {
            self = .invalid("not valid base64")
            return
        }
        // Line breaks are the only unknown characters left to ignore. Servers often drop the
        // padding Foundation insists on; at most two '=' are missing.
        let decoded = Data(base64Encoded: payload, options: .ignoreUnknownCharacters)
            ?? Data(base64Encoded: payload + "=", options: .ignoreUnknownCharacters)
            ?? Data(base64Encoded: payload + "==", options: .ignoreUnknownCharacters)
        guard let decoded else {
            self = .invalid("not valid base64")
            return
        }
        self = decoded.isEmpty ? .absent : .bytes(decoded)
    }

    /// `text` without surrounding blanks and the pair of literal double quotes the real server
    /// wraps thumbImage in. Only the ends are looked at, so a large image isn't scanned or copied.
    private static func payload(of text: String) -> String {
        let utf8 = text.utf8
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, isBlank(utf8[start]) { utf8.formIndex(after: &start) }
        while start < end, isBlank(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        let quote = UInt8(ascii: "\"")
        if utf8.distance(from: start, to: end) >= 2, utf8[start] == quote, utf8[utf8.index(before: end)] == quote {
            utf8.formIndex(after: &start)
            utf8.formIndex(before: &end)
        }
        guard start != utf8.startIndex || end != utf8.endIndex else { return text }
        return String(Substring(utf8[start..<end]))
    }

    /// Whether every '=' is in the trailing padding: Foundation would stop at an '=' in the middle
    /// and return the bytes before it as if that were the whole image. `memchr` finds the first
    /// '=' as fast as memory reads; Foundation's `range(of:)` is slower than the decoding itself.
    private static func paddingOnlyAtEnd(_ payload: String) -> Bool {
        var text = payload
        return text.withUTF8 { (buffer: UnsafeBufferPointer<UInt8>) -> Bool in
            let bytes = UnsafeRawBufferPointer(buffer)
            guard let start = bytes.baseAddress, let pad = memchr(start, 0x3D, bytes.count) else { return true }
            let offset = UnsafeRawPointer(pad) - start
            return bytes[offset...].allSatisfy { byte in
                byte == 0x3D || byte == 0x0A || byte == 0x0D || byte == 0x20 || byte == 0x09
            }
        }
    }

    /// Anything but the base64 alphabet, padding and the line breaks of MIME wrapping.
    private static let notBase64 = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\r\n\t "
    ).inverted
}
