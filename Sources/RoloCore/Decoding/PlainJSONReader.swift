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
        var ascii = true
        for byte in text {
            if byte < 0x20 || byte == UInt8(ascii: "\\") { return nil }
            if byte >= 0x80 { ascii = false }
        }
        // `String(validating:as:)` is generic over the encoding and not inlined: it looks up
        // its metadata at every call, a fifth of the directory's decode. Decoding repairs what
        // isn't UTF-8, so the text is valid exactly when the repaired bytes are the same.
        let string = String(decoding: text, as: UTF8.self)
        guard ascii || string.utf8.elementsEqual(text) else { return nil }
        index = end + 1
        return string
    }

    /// Reads the string next into `field`, which a key given twice finds already set: false
    /// then, or when the value isn't a plain string.
    mutating func string(into field: inout String?) -> Bool {
        guard field == nil, let text = string() else { return false }
        field = text
        return true
    }

    /// Reads the string or `null` next into `field` (`.some(nil)` for null), as
    /// ``string(into:)`` does.
    mutating func stringOrNull(into field: inout String??) -> Bool {
        guard field == nil else { return false }
        if takeNull() {
            field = .some(nil)
            return true
        }
        guard let text = string() else { return false }
        field = text
        return true
    }

    /// The `count` values next, apart by commas, each read by `value`, with nothing after
    /// them; nil when one can't be read.
    mutating func values<Value>(_ count: Int, _ value: (inout PlainJSONReader) -> Value?) -> [Value]? {
        var values: [Value] = []
        values.reserveCapacity(count)
        while values.count < count {
            if !values.isEmpty, !take(UInt8(ascii: ",")) { return nil }
            guard let next = value(&self) else { return nil }
            values.append(next)
        }
        return isAtEnd() ? values : nil
    }

    /// Reads the object next, `member` reading each key's value (the reader is at it) and
    /// saying whether it could: false for a key it doesn't know or has seen, or a value that
    /// isn't plain. False when the object couldn't be read.
    mutating func object(_ member: (String, inout PlainJSONReader) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), member(key, &self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// The list of strings next, nulls in it left out when `skippingNulls`; nil when it isn't
    /// one.
    mutating func strings(skippingNulls: Bool) -> [String]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var strings: [String] = []
        if take(UInt8(ascii: "]")) { return strings }
        repeat {
            if skippingNulls, takeNull() { continue }
            guard let next = string() else { return nil }
            strings.append(next)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? strings : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, JSONScan.isWhitespace(bytes[index]) { index += 1 }
    }
}
