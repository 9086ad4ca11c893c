import Foundation

/// Byte scans of JSON that track only strings and nesting: enough to find where a value starts
/// and ends, so a big list inside a body can be handed to ``JSONArrayRuns`` without a tree of the
/// whole body. They validate nothing else; whoever uses a range found here decodes the bytes
/// around it too, which does.
enum JSONScan {
    /// The range of the array that is the value of `key` in the object `data` is; nil when
    /// absent or in any doubt (see ``arrayMembers(_:ofObjectIn:of:)``).
    static func arrayMember(_ key: String, of data: Data) -> Range<Int>? {
        data.withUnsafeBytes { arrayMembers([key], ofObjectIn: 0..<$0.count, of: $0.bindMemory(to: UInt8.self))?[0] }
    }

    /// For each of `keys`, the range of the array that is its value in the object spanning
    /// `range` of `bytes` (whitespace around it allowed), from its `[` to just past its `]`,
    /// or nil when the object hasn't the key; found in one pass over the object.
    ///
    /// Nil as a whole whenever there is any doubt: not an object, one of `keys` given twice or
    /// not an array, a key written with escapes (it might spell one of `keys`), unbalanced
    /// nesting, or anything after the object.
    static func arrayMembers(_ keys: [String], ofObjectIn range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>?]? {
        let wanted = keys.map { Array($0.utf8) }
        var found = [Range<Int>?](repeating: nil, count: keys.count)
        let end = range.upperBound
        var index = skipWhitespace(bytes, from: range.lowerBound, to: end)
        guard index < end, bytes[index] == UInt8(ascii: "{") else { return nil }
        index = skipWhitespace(bytes, from: index + 1, to: end)
        guard index < end else { return nil }
        if bytes[index] != UInt8(ascii: "}") {
            while true {
                guard index < end, bytes[index] == UInt8(ascii: "\""),
                      let keyEnd = endOfString(bytes, openingAt: index, before: end) else { return nil }
                let name = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<(keyEnd - 1)])
                guard !name.contains(UInt8(ascii: "\\")) else { return nil }
                index = skipWhitespace(bytes, from: keyEnd, to: end)
                guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
                index = skipWhitespace(bytes, from: index + 1, to: end)
                guard let valueEnd = endOfValue(bytes, from: index, before: end) else { return nil }
                if let key = wanted.firstIndex(where: { name.elementsEqual($0) }) {
                    guard found[key] == nil, bytes[index] == UInt8(ascii: "[") else { return nil }
                    found[key] = index..<valueEnd
                }
                index = skipWhitespace(bytes, from: valueEnd, to: end)
                guard index < end else { return nil }
                if bytes[index] == UInt8(ascii: "}") { break }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index = skipWhitespace(bytes, from: index + 1, to: end)
            }
        }
        guard skipWhitespace(bytes, from: index + 1, to: end) == end else { return nil }
        return found
    }

    /// `data` with each of `arrays` (ranges of arrays in it, in order, not overlapping) made
    /// `[]`: the rest of a body, small enough to decode whole, that says whether the body is
    /// wrong outside its lists.
    static func emptying(_ arrays: [Range<Int>], of data: Data) -> Data {
        var rest = Data(capacity: data.count - arrays.reduce(0) { $0 + $1.count } + 2 * arrays.count)
        var start = data.startIndex
        for array in arrays {
            rest.append(data[start..<(data.startIndex + array.lowerBound)])
            rest.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
            start = data.startIndex + array.upperBound
        }
        rest.append(data[start...])
        return rest
    }

    /// The index of the first byte from `start` that isn't JSON whitespace, or `end`.
    static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The index just past the string whose quote is at `start`; nil when it doesn't end before
    /// `end`. `memchr` hops from quote to quote, so a 600 KB photo in base64 is crossed in one
    /// call; a quote after an odd number of backslashes is escaped.
    static func endOfString(_ bytes: UnsafeBufferPointer<UInt8>, openingAt start: Int, before end: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start + 1
        while index < end {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "\"")), end - index) else { return nil }
            let quote = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            var backslashes = 0
            while quote - backslashes - 1 > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote + 1 }
            index = quote + 1
        }
        return nil
    }

    /// The index just past the value that starts at `start`: a string, an array or object
    /// (balanced), or a bare word or number (up to a comma, bracket, brace or whitespace); nil
    /// when it is empty or doesn't end before `end`.
    static func endOfValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
        guard start < end else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return endOfString(bytes, openingAt: start, before: end)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            var depth = 0
            var index = start
            while index < end {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let after = endOfString(bytes, openingAt: index, before: end) else { return nil }
                    index = after
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return nil
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
            return nil
        default:
            var index = start
            while index < end {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09:
                    return index
                default:
                    index += 1
                }
            }
            return index
        }
    }
}
