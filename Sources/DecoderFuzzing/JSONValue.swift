/// A JSON document as the fuzzer mutates it: object keys in order and duplicates kept, numbers
/// as their text, and `raw` for text no JSON writer would produce (1e400, a lone surrogate,
/// 5,000 nested arrays).
indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])
    case raw(String)

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }

    /// The document as JSON text.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text), .raw(let text): output += text
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

/// Reads the fixtures the fuzzer starts from; strict and small, because they are valid JSON.
struct JSONReader {
    private let bytes: [UInt8]
    private var position = 0

    /// The document in `bytes`, nil when they aren't JSON (an HTML page, a vCard, a JPEG).
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        var reader = JSONReader(bytes: bytes)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipBlanks()
        return reader.position == bytes.count ? value : nil
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func skipBlanks() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func value(depth: Int) -> JSONValue? {
        skipBlanks()
        guard position < bytes.count, depth < 64 else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        let utf8 = Array(word.utf8)
        guard bytes.count - position >= utf8.count, Array(bytes[position..<position + utf8.count]) == utf8 else { return nil }
        position += utf8.count
        return value
    }

    private mutating func number() -> JSONValue? {
        let start = position
        while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
        guard position > start else { return nil }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private mutating func string() -> String? {
        position += 1
        var scalars = String.UnicodeScalarView(), run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") {
                flush()
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                run.append(byte)
                continue
            }
            flush()
            guard position < bytes.count else { return nil }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{c}")
            case UInt8(ascii: "u"):
                guard bytes.count - position >= 4,
                      let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16) else { return nil }
                position += 4
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        return nil
    }

    private mutating func array(depth: Int) -> JSONValue? {
        position += 1
        var items: [JSONValue] = []
        skipBlanks()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            guard let item = value(depth: depth + 1) else { return nil }
            items.append(item)
            skipBlanks()
            guard position < bytes.count else { return nil }
            position += 1
            if bytes[position - 1] == UInt8(ascii: "]") { return .array(items) }
            guard bytes[position - 1] == UInt8(ascii: ",") else { return nil }
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipBlanks()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipBlanks()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipBlanks()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
            position += 1
            guard let item = value(depth: depth + 1) else { return nil }
            members.append((key, item))
            skipBlanks()
            guard position < bytes.count else { return nil }
            position += 1
            if bytes[position - 1] == UInt8(ascii: "}") { return .object(members) }
            guard bytes[position - 1] == UInt8(ascii: ",") else { return nil }
        }
    }
}
