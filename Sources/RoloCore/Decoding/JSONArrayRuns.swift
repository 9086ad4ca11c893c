import Foundation

/// The elements of a JSON array (a whole body, or a part of one), found by a scan of its bytes
/// and grouped in runs of whole elements, so a list of 200,000 records can be decoded a run at a
/// time.
///
/// The scan only tracks strings and nesting to find the commas between elements; it validates
/// nothing else. Each run is decoded as an array of its own, which validates it, and an array
/// the scan can't split (not an array, unbalanced, an empty element, bytes after the array) is
/// nil: the caller decodes it whole, which also words the error.
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
        self.init(body, array: 0..<body.count, elementsPerRun: elementsPerRun)
    }

    /// Splits the array spanning `array` of `body` (whitespace around it allowed), as
    /// ``init(_:elementsPerRun:)`` splits a whole body; the runs' offsets are into `body`.
    init?(_ body: UnsafeRawBufferPointer, array: Range<Int>, elementsPerRun: Int) {
        precondition(elementsPerRun > 0, "a run holds at least one element")
        let bytes = body.bindMemory(to: UInt8.self)
        let end = array.upperBound
        var index = JSONScan.skipWhitespace(bytes, from: array.lowerBound, to: end)
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
                guard let after = JSONScan.endOfString(bytes, openingAt: index, before: end) else { return nil }
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
        guard closed, JSONScan.skipWhitespace(bytes, from: index, to: end) == end else { return nil }
        self.runs = runs
        elementCount = total
    }
}
