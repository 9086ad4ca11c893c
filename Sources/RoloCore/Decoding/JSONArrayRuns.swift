import Foundation

/// The elements of a body that is one JSON array, found by a scan of its bytes and grouped in
/// runs of whole elements, so a list of 200,000 records can be decoded a run at a time.
///
/// The scan only tracks strings and nesting to find the commas between elements; it validates
/// nothing else. Each run is decoded as an array of its own, which validates it, and a body the
/// scan can't split (not an array, unbalanced, an empty element, bytes after the array) is nil:
/// the caller decodes it whole, which also words the error.
struct JSONArrayRuns {
    /// Whole elements `first ..< first + count` of the array, at `bytes` (offsets into the body).
    struct Run: Equatable {
        var bytes: Range<Int>
        var first: Int
        var count: Int
    }

    /// The runs, in order.
    let runs: [Run]
    /// How many elements the array has.
    let elementCount: Int

    /// Splits `body` into runs of `elementsPerRun` elements (the last may be shorter); nil when
    /// `body` isn't one JSON array the scan can split.
    init?(_ body: UnsafeRawBufferPointer, elementsPerRun: Int) {
        precondition(elementsPerRun > 0, "a run holds at least one element")
        let bytes = body.bindMemory(to: UInt8.self)
        let end = bytes.count
        var index = Self.skipWhitespace(bytes, from: 0)
        guard index < end, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var runs: [Run] = []
        var runStart = index
        var inRun = 0
        var total = 0
        var depth = 0
        var elementHasContent = false
        var closed = false
        scan: while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let after = Self.endOfString(bytes, openingAt: index) else { return nil }
                elementHasContent = true
                index = after
                continue scan
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                elementHasContent = true
            case UInt8(ascii: "]") where depth == 0:
                if elementHasContent {
                    inRun += 1
                } else if total + inRun > 0 {
                    return nil  // a comma before the closing bracket
                }
                if inRun > 0 { runs.append(Run(bytes: runStart..<index, first: total, count: inRun)) }
                total += inRun
                index += 1
                closed = true
                break scan
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard depth > 0 else { return nil }
                depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                guard elementHasContent else { return nil }
                elementHasContent = false
                inRun += 1
                if inRun == elementsPerRun {
                    runs.append(Run(bytes: runStart..<index, first: total, count: inRun))
                    total += inRun
                    inRun = 0
                    runStart = index + 1
                }
            case 0x20, 0x09, 0x0A, 0x0D:
                break
            default:
                elementHasContent = true
            }
            index += 1
        }
        guard closed, Self.skipWhitespace(bytes, from: index) == end else { return nil }
        self.runs = runs
        elementCount = total
    }

    private static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    /// The index just past the string whose quote is at `start`; nil when it never ends.
    /// `memchr` hops from quote to quote, so a 600 KB photo in base64 is crossed in one call;
    /// a quote after an odd number of backslashes is escaped.
    private static func endOfString(_ bytes: UnsafeBufferPointer<UInt8>, openingAt start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start + 1
        while index < bytes.count {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "\"")), bytes.count - index) else { return nil }
            let quote = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            var backslashes = 0
            while quote - backslashes - 1 > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote + 1 }
            index = quote + 1
        }
        return nil
    }
}
