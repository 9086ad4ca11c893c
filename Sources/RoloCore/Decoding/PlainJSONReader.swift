import Foundation

/// A cursor over JSON bytes that reads only the plain forms: strings without escapes, `null`,
/// punctuation. Anything else it can't read is nil, for `JSONDecoder` to read (and word) it.
///
/// A record reader built on it knows one record shape exactly; `JSONDecoder` spends most of its
/// time building a map and a container per object, which a known shape doesn't need.
struct PlainJSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// A reader at the start of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// Steps over `byte` after any whitespace; false (and nothing read) when it isn't next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Steps over `null` after any whitespace; false when it isn't next.
    mutating func takeNull() -> Bool {
        skipWhitespace()
        guard bytes.count - index >= 4, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
              bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l")
        else { return false }
        index += 4
        return true
    }

    /// The string next, after any whitespace; nil when it isn't a string, holds an escape or a
    /// control character, or isn't valid UTF-8.
    mutating func string() -> String? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
        let start = index + 1
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\"")), bytes.count - start) else { return nil }
        let end = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        for byte in text where byte < 0x20 || byte == UInt8(ascii: "\\") { return nil }
        guard let string = String(validating: text, as: UTF8.self) else { return nil }
        index = end + 1
        return string
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, JSONScan.isWhitespace(bytes[index]) { index += 1 }
    }
}
