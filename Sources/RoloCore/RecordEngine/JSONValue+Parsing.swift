import Foundation

/// Why bytes aren't JSON, with the byte offset where reading stopped.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The offset, from 0, of the byte that couldn't be read.
    public var offset: Int
    /// What was wrong there, e.g. "a string that doesn't end".
    public var reason: String

    /// One line: "a string that doesn't end at byte 1,204".
    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
    /// Nesting deeper than this is refused: a hostile answer of 50,000 brackets must not
    /// exhaust the stack of the thread reading it.
    public static let maximumDepth = 256

    /// The value in `data`, read on a Dispatch thread (``HeavyWork``): a large answer never
    /// holds up the main actor or the concurrency pool.
    public static func decode(_ data: Data) async throws -> JSONValue {
        try await HeavyWork.run { try parse(data) }
    }

    /// The value in `data` (a UTF-8 byte order mark before it is allowed); throws
    /// ``JSONSyntaxError``. Text that isn't valid UTF-8 is repaired with U+FFFD rather than
    /// refused: a name is better shown with one odd character than not at all.
    public static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw in
            var reader = JSONBytesReader(bytes: raw.bindMemory(to: UInt8.self))
            return try reader.document()
        }
    }
}

/// The reader behind ``JSONValue/parse(_:)``: strict JSON, one pass over the bytes.
private struct JSONBytesReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    mutating func document() throws -> JSONValue {
        let value = try self.value(depth: 0)
        skipBlanks()
        guard index == bytes.count else { throw failure("more text after the JSON value") }
        return value
    }

    private func failure(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, reason: reason)
    }

    private mutating func skipBlanks() {
        while index < bytes.count, JSONScan.isWhitespace(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        skipBlanks()
        guard index < bytes.count else { throw failure("the answer ends where a value should be") }
        guard depth < JSONValue.maximumDepth else { throw failure("lists or objects nested over \(JSONValue.maximumDepth) deep") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count,
              UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
        else { throw failure("a word that isn't true, false or null") }
        index += count
        return value
    }

    private mutating func number() throws -> JSONValue {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw failure("a value that isn't JSON") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("a number with no digits after its point") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("a number with no digits in its exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func string() throws -> String {
        let opening = index
        index += 1
        var text = ""
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                text += String(decoding: bytes[runStart..<index], as: UTF8.self)
                index += 1
                return text
            }
            guard byte == UInt8(ascii: "\\") else {
                guard byte >= 0x20 else { throw failure("a control character inside a string") }
                index += 1
                continue
            }
            text += String(decoding: bytes[runStart..<index], as: UTF8.self)
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): text += "\""
            case UInt8(ascii: "\\"): text += "\\"
            case UInt8(ascii: "/"): text += "/"
            case UInt8(ascii: "b"): text += "\u{8}"
            case UInt8(ascii: "f"): text += "\u{C}"
            case UInt8(ascii: "n"): text += "\n"
            case UInt8(ascii: "r"): text += "\r"
            case UInt8(ascii: "t"): text += "\t"
            case UInt8(ascii: "u"): text.unicodeScalars.append(try escapedScalar())
            default:
                index -= 1
                throw failure("an unknown escape in a string")
            }
            runStart = index
        }
        index = opening
        throw failure("a string that doesn't end")
    }

    /// The scalar of `\uXXXX` (the reader just past the `u`), joining a surrogate pair; a lone
    /// surrogate is U+FFFD, as a String can't hold one.
    private mutating func escapedScalar() throws -> Unicode.Scalar {
        let first = try hexQuad()
        if (0xD800..<0xDC00).contains(first), bytes.count - index >= 6,
           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
            let saved = index
            index += 2
            let second = try hexQuad()
            if (0xDC00..<0xE000).contains(second) {
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
            }
            index = saved
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("a \\u escape cut short") }
        var code: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape that isn't four hex digits")
            }
            code = code << 4 | UInt32(digit)
        }
        index += 4
        return code
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipBlanks()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth + 1))
            skipBlanks()
            guard index < bytes.count else { throw failure("a list that doesn't end") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "]") { return .array(items) }
            guard byte == UInt8(ascii: ",") else {
                index -= 1
                throw failure("a list item not followed by , or ]")
            }
        }
    }

    private mutating func object(depth: Int) throws -> JSONValue {
        index += 1
        var members: [JSONMember] = []
        skipBlanks()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipBlanks()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("an object key that isn't a string") }
            let key = try string()
            skipBlanks()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("an object key not followed by :") }
            index += 1
            members.append(JSONMember(key, try value(depth: depth + 1)))
            skipBlanks()
            guard index < bytes.count else { throw failure("an object that doesn't end") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "}") { return .object(members) }
            guard byte == UInt8(ascii: ",") else {
                index -= 1
                throw failure("an object member not followed by , or }")
            }
        }
    }
}
