import Foundation

/// A JSON document built in a fixed key order and written byte for byte the way the imitated
/// server writes it (Swift's encoders reorder keys and escape `/`, which real servers don't).
enum StandInJSON: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([StandInJSON])
    /// Keys in the order they are written.
    case object([(String, StandInJSON)])

    /// How a server lays its JSON out.
    enum Style: Sendable {
        /// Python's `json.dumps(value, indent=4)` as Flask-RESTful writes it in debug mode:
        /// four-space indent, every character outside ASCII's printable range escaped as
        /// `\uXXXX` (astral ones as surrogate pairs), and a trailing newline.
        case python
        /// No whitespace at all and UTF-8 kept as is, as Node and most JVM servers write it.
        case compact
    }

    /// The document as the server would send it.
    func encoded(_ style: Style) -> Data {
        var writer = Writer(style: style)
        writer.write(self, depth: 0)
        if style == .python {
            writer.bytes.append(UInt8(ascii: "\n"))
        }
        return Data(writer.bytes)
    }

    private struct Writer {
        let style: Style
        var bytes: [UInt8] = []

        init(style: Style) {
            self.style = style
            bytes.reserveCapacity(4096)
        }

        mutating func write(_ value: StandInJSON, depth: Int) {
            switch value {
            case .null: append("null")
            case .bool(let flag): append(flag ? "true" : "false")
            case .int(let number): append(String(number))
            case .string(let text): writeString(text)
            case .array(let items):
                writeContainer("[", "]", items, depth: depth) { writer, item in
                    writer.write(item, depth: depth + 1)
                }
            case .object(let members):
                writeContainer("{", "}", members, depth: depth) { writer, member in
                    writer.writeString(member.0)
                    writer.append(writer.style == .python ? ": " : ":")
                    writer.write(member.1, depth: depth + 1)
                }
            }
        }

        private mutating func writeContainer<Element>(
            _ open: String, _ close: String, _ elements: [Element], depth: Int,
            element: (inout Writer, Element) -> Void
        ) {
            append(open)
            // Python writes an empty container as `[]` even when indenting.
            guard !elements.isEmpty else { return append(close) }
            for (index, item) in elements.enumerated() {
                if index > 0 { append(",") }
                newline(depth: depth + 1)
                element(&self, item)
            }
            newline(depth: depth)
            append(close)
        }

        private mutating func newline(depth: Int) {
            guard style == .python else { return }
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 4))
        }

        private mutating func append(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        private mutating func writeString(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: append("\\\"")
                case 0x5C: append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                case ..<0x20:
                    escape(UInt16(scalar.value))
                case 0x20...0x7E:
                    bytes.append(UInt8(scalar.value))
                default:
                    // Python's ensure_ascii escapes everything outside space...tilde, DEL too.
                    if style == .python {
                        UTF16.encode(scalar) { escape($0) }
                    } else {
                        UTF8.encode(scalar) { bytes.append($0) }
                    }
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        /// `\uXXXX` in lower-case hex, as Python writes it.
        private mutating func escape(_ unit: UInt16) {
            let hex = String(unit, radix: 16)
            append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        }
    }
}
