import CTOML
import Foundation
import TOMLKit

extension TOMLTable {
    /// The table's keys, in the table's order: what TOMLKit's `keys` gives, without its leak.
    ///
    /// TOMLKit 0.6.0's `keys` (and the iterator built on it) calls CTOML's `tableGetKeys`, which
    /// mallocs an array and `strdup`s every key into it, and never frees either: every config
    /// read lost a little (23,837 bytes in 473 allocations reading Pipedrive's definition once).
    /// This calls the same function and frees what it returns. The table's pointer is internal
    /// to TOMLKit, so it is read by reflection; if TOMLKit ever renames it, this falls back to
    /// `keys` (and LeakSanitizer in `make fuzz` says so) rather than failing.
    var keyNames: [String] {
        guard let pointer else { return keys }
        let count = count
        guard count > 0 else { return [] }
        let array = tableGetKeys(pointer)
        defer {
            for index in 0..<count { free(UnsafeMutableRawPointer(mutating: array[index])) }
            free(UnsafeMutableRawPointer(mutating: array))
        }
        return (0..<count).map { String(cString: array[$0]) }
    }
}

extension TOMLTable {
    /// What `body` reads from the table `text` parses to; the table is deleted after. Throws
    /// ``TOMLSyntaxError`` for text that isn't TOML, ``TOMLHeaderError`` for a header toml++
    /// can't be given.
    ///
    /// TOMLKit 0.6.0's `TOMLTable` has no `deinit`, and CTOML no function to delete a table: the
    /// C++ table `TOMLTable(string:)` parses (CTOML's `tableCreateFromString`, a
    /// `new toml::table`) was never deleted, nor any value in it, and the `CTOMLParseError` it
    /// allocates for the parser was never freed either. So this calls `tableCreateFromString`
    /// itself, with an error it frees, hands `body` a copy of the document inside a table of its
    /// own (CTOML's `tableInsertTable` copies; TOMLKit's public API wraps it), and deletes both
    /// as C++'s `delete` would: through the virtual destructor (`toml::node`'s first virtual
    /// function, so the second slot of its vtable, the deleting destructor, in the Itanium C++
    /// ABI Linux's and macOS's compilers follow). `body` must not keep the table or its values.
    static func reading<Read>(_ text: String, _ body: (TOMLTable) throws -> Read) throws -> Read {
        try TOMLHeaderError.check(text)
        let parsed = try TOMLSyntaxError.parse(text)
        let holder = TOMLTable()
        guard let holding = holder.pointer else {
            deleteNode(parsed)
            return try body(try TOMLTable(string: text))
        }
        tableInsertTable(holding, "document", parsed)
        deleteNode(parsed)
        defer { deleteNode(holding) }
        guard let table = holder["document"]?.table else { throw TOMLSyntaxError(line: 1, description: "no document") }
        return try body(table)
    }

    /// TOMLKit's internal `tablePointer`, read by reflection; nil should TOMLKit rename it.
    fileprivate var pointer: OpaquePointer? {
        Mirror(reflecting: self).children.first(where: { $0.label == "tablePointer" })?.value as? OpaquePointer
    }

    /// Deletes the C++ table `pointer` points to: its deleting destructor, vtable slot 1 (slot
    /// 0 destroys without freeing).
    private static func deleteNode(_ pointer: OpaquePointer) {
        typealias DeletingDestructor = @convention(c) (UnsafeMutableRawPointer) -> Void
        let object = UnsafeMutableRawPointer(pointer)
        let vtable = object.load(as: UnsafeRawPointer.self)
        let delete = vtable.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: DeletingDestructor.self)
        delete(object)
    }
}

/// Text toml++ can't parse, as it says why and where.
struct TOMLSyntaxError: Error, CustomStringConvertible {
    /// The line of the mistake, from 1.
    let line: Int
    /// toml++'s reason, "Unexpected character…".
    let description: String

    /// The C++ table `text` parses to, the caller's to delete; CTOML's error freed.
    static func parse(_ text: String) throws(TOMLSyntaxError) -> OpaquePointer {
        let (parsed, failure) = withUnsafeTemporaryAllocation(of: CTOMLParseError.self, capacity: 1) { error in
            guard let base = error.baseAddress else { return (OpaquePointer?.none, TOMLSyntaxError?.none) }
            guard let parsed = text.withCString({ tableCreateFromString($0, base) }) else {
                let reason = String(cString: base.pointee.description).sanitizedForTerminal
                free(UnsafeMutableRawPointer(mutating: base.pointee.description))
                return (nil, TOMLSyntaxError(line: Int(base.pointee.source.begin.line), description: reason))
            }
            return (parsed, nil)
        }
        guard let parsed else { throw failure ?? TOMLSyntaxError(line: 1, description: "unreadable TOML") }
        return parsed
    }
}

/// A TOML value's text, number or flag, without TOMLKit's leaks; declared here, these shadow
/// TOMLKit's own for every reader in RoloCore.
///
/// TOMLKit 0.6.0's `string`, `int`, `double` and `bool` call CTOML's `nodeAsString` (a `strdup`)
/// and `nodeAsInt`, `nodeAsDouble`, `nodeAsBool` (a `malloc` each) and never free what they
/// return: every value a config read reads lost a few bytes. These call the same functions and
/// free it. The value's pointer is internal to TOMLKit, so it is read by reflection; should
/// TOMLKit rename it, every value reads as nil and every config test fails, rather than quietly
/// leaking again.
extension TOMLValueConvertible {
    /// The text of a string value; nil for any other.
    var string: String? {
        guard tomlValue.type == .string else { return nil }
        guard let node = tomlValue.nodePointer else { return nil }
        guard let text = nodeAsString(node) else { return nil }
        defer { free(UnsafeMutableRawPointer(mutating: text)) }
        return String(cString: text)
    }

    /// The number of an integer value; nil for any other.
    var int: Int? {
        guard tomlValue.type == .int else { return nil }
        guard let node = tomlValue.nodePointer else { return nil }
        return Self.taking(nodeAsInt(node)).map { Int($0) }
    }

    /// The number of a floating-point value; nil for any other.
    var double: Double? {
        guard tomlValue.type == .double else { return nil }
        guard let node = tomlValue.nodePointer else { return nil }
        return Self.taking(nodeAsDouble(node))
    }

    /// The flag of a boolean value; nil for any other.
    var bool: Bool? {
        guard tomlValue.type == .bool else { return nil }
        guard let node = tomlValue.nodePointer else { return nil }
        return Self.taking(nodeAsBool(node))
    }

    /// What `pointer`, malloc'd by CTOML, points to; freed.
    private static func taking<Value>(_ pointer: UnsafePointer<Value>?) -> Value? {
        guard let pointer else { return nil }
        defer { free(UnsafeMutableRawPointer(mutating: pointer)) }
        return pointer.pointee
    }
}

extension TOMLValue {
    /// The C++ node this value wraps (TOMLKit's internal `tomlValuePointer`).
    fileprivate var nodePointer: OpaquePointer? {
        Mirror(reflecting: self).children.first(where: { $0.label == "tomlValuePointer" })?.value as? OpaquePointer
    }
}

/// TOML toml++ can't be given: a table header whose name starts with a character no key
/// starts with (`[;]`, `[.a]`, `[[ ,x]]`), or a `}` closing a list (`[}r", "F5"]`) or a `]` an
/// inline table. toml++ 3 (inside TOMLKit) asserts there rather than failing (`parse_key`:
/// `is_bare_key_character(*cp) || is_string_delimiter(*cp)`; `parse_value`:
/// `!is_value_terminator(*cp)`), which aborts rolo (and with NDEBUG is undefined behaviour), so
/// such a file is refused before it is parsed.
struct TOMLHeaderError: Error, CustomStringConvertible {
    /// The line of the mistake, from 1.
    let line: Int
    var description = "a table header's name should start with a letter, digit, _ or -, or be in quotes, like [sources] or [\"my source\"]"

    /// Throws for the first such header of `text`, skipping strings, comments and values (a
    /// line starting with `[` inside an array is no header).
    static func check(_ text: String) throws(TOMLHeaderError) {
        let scalars = Array(text.unicodeScalars)
        var index = 0, line = 1, lineStart = true
        var open: [Unicode.Scalar] = []
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        func skip(to end: String) {
            let end = Array(end.unicodeScalars)
            while index < scalars.count {
                let scalar = scalars[index]
                if end.count == 1, scalar == "\n" { return }
                if scalar == "\\", end[0] == "\"" {
                    if at(1) == "\n" { line += 1 }
                    index += 2
                    continue
                }
                if Array(scalars[index..<min(scalars.count, index + end.count)]) == end {
                    index += end.count
                    return
                }
                if scalar == "\n" { line += 1 }
                index += 1
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if lineStart, open.isEmpty, scalar == " " || scalar == "\t" { index += 1; continue }
            if lineStart, open.isEmpty, scalar == "[" {
                var next = index + 1
                if next < scalars.count, scalars[next] == "[" { next += 1 }
                while next < scalars.count, scalars[next] == " " || scalars[next] == "\t" { next += 1 }
                if next < scalars.count, !isKeyStart(scalars[next]) { throw TOMLHeaderError(line: line) }
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                continue
            }
            lineStart = false
            switch scalar {
            case "\n": line += 1; lineStart = true; index += 1
            case "#": while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case "\"" where at(1) == "\"" && at(2) == "\"": index += 3; skip(to: "\"\"\"")
            case "'" where at(1) == "'" && at(2) == "'": index += 3; skip(to: "'''")
            case "\"", "'": index += 1; skip(to: String(scalar))
            case "[", "{": open.append(scalar); index += 1
            case "]", "}":
                if let last = open.last, (last == "[") != (scalar == "]") {
                    throw TOMLHeaderError(line: line, description: scalar == "}"
                        ? "a } closes a list opened with [ — a list is [\"a\", \"b\"], a table { a = 1 }"
                        : "a ] closes a table opened with { — a table is { a = 1 }, a list [\"a\", \"b\"]")
                }
                _ = open.popLast()
                index += 1
            default: index += 1
            }
        }
    }

    /// What toml++ takes a header's name to start with: a bare key's character, a quote, or
    /// the `]` of an empty name (which it refuses itself, as it should).
    private static func isKeyStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", "\"", "'", "]": true
        default: false
        }
    }
}
