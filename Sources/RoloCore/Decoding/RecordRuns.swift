import Dispatch
import Foundation

/// The tolerant decoder of one record of a list: what ``RecordRuns`` decodes each element as.
protocol ListRecord: Decodable, SendableMetatype {
    associatedtype Record: Sendable
    /// The record read.
    var record: Record { get }

    /// The records of a run's elements (its bytes between the brackets, `count` of them) read
    /// without `JSONDecoder`, when every one is of a shape a reader of its own knows; nil for
    /// `JSONDecoder` to read the run.
    static func readPlain(_ elements: UnsafeBufferPointer<UInt8>, count: Int) -> [Record]?
}

extension ListRecord {
    /// No reader of its own: `JSONDecoder` reads every run.
    static func readPlain(_ elements: UnsafeBufferPointer<UInt8>, count: Int) -> [Record]? { nil }
}

/// Decodes a body that is one JSON array of records a run of elements at a time, a run per
/// core side by side.
///
/// `JSONDecoder` parses a whole body into a tree of about twice its size before the first
/// record is made: for 200,000 foods, 34 MB of body holds 95 MB at once. A run's tree is a few
/// hundred KB, and the runs of one wave are read on all cores.
enum RecordRuns {
    /// Elements per run: a run's tree stays well under a MB, and a wave's work dwarfs its setup.
    static let elementsPerRun = 2048

    /// The records of `body`, each element read as `Item`, the unreadable ones skipped with
    /// their index in the whole array; nil when `body` isn't one array that reads run by run
    /// (another shape, or a syntax error anywhere), for the caller to decode whole.
    ///
    /// With `array`, the records of the array spanning that range of `body` instead (found by
    /// ``JSONScan``); the bytes around it are the caller's to check.
    static func decode<Item: ListRecord>(
        _ type: Item.Type, from body: Data, array: Range<Int>? = nil, elementsPerRun: Int = elementsPerRun,
        width: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> DecodedList<Item.Record>? {
        body.withUnsafeBytes { bytes -> DecodedList<Item.Record>? in
            guard let split = JSONArrayRuns(bytes, array: array ?? 0..<bytes.count, elementsPerRun: elementsPerRun) else { return nil }
            // One run is the whole body: read the body itself rather than a copy of it.
            if split.runs.count == 1, array == nil { return decode(Item.self, array: body, count: split.elementCount) }
            var list = DecodedList<Item.Record>(records: [])
            list.records.reserveCapacity(split.elementCount)
            let read = eachRun(Item.self, bytes, split, width: width) { first, part in
                list.records += part.records
                list.skipped += part.skipped.map { skipped in
                    var moved = skipped
                    moved.index += first
                    return moved
                }
                return true
            }
            return read ? list : nil
        }
    }

    /// Whether the records of `body` (or of `array` in it, as for ``decode(_:from:array:elementsPerRun:width:)``)
    /// are `expected`, in order, none of them skipped: each run is compared as it is read and
    /// let go, so an answer that repeats what rolo already holds is never held decoded. False
    /// too when `body` doesn't read run by run.
    static func matches<Item: ListRecord, Expected: RandomAccessCollection<Item.Record>>(
        _ type: Item.Type, from body: Data, array: Range<Int>? = nil, expected: Expected,
        elementsPerRun: Int = elementsPerRun, width: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> Bool where Item.Record: Equatable, Expected.Index == Int {
        body.withUnsafeBytes { bytes in
            guard let split = JSONArrayRuns(bytes, array: array ?? 0..<bytes.count, elementsPerRun: elementsPerRun),
                  split.elementCount == expected.count
            else { return false }
            return eachRun(Item.self, bytes, split, width: width) { first, part in
                let start = expected.startIndex + first
                return part.skipped.isEmpty && part.records.count <= expected.endIndex - start
                    && part.records.elementsEqual(expected[start..<start + part.records.count])
            }
        }
    }

    /// Reads the runs of `split` a wave at a time, a run per core, and hands each run's records
    /// to `take` in order, with the index of the run's first element; false as soon as a run
    /// doesn't read or `take` returns false.
    private static func eachRun<Item: ListRecord>(
        _ type: Item.Type, _ bytes: UnsafeRawBufferPointer, _ split: JSONArrayRuns, width: Int,
        _ take: (Int, DecodedList<Item.Record>) -> Bool
    ) -> Bool {
        let width = max(1, width)
        for waveStart in stride(from: 0, to: split.runs.count, by: width) {
            let wave = Array(split.runs[waveStart..<min(waveStart + width, split.runs.count)])
            let results = LockedValue([Int: DecodedList<Item.Record>]())
            let base = UnsafeSendableBytes(bytes)
            DispatchQueue.concurrentPerform(iterations: wave.count) { position in
                let result = decodeRun(Item.self, base.bytes, wave[position])
                results.withLock { $0[position] = result }
            }
            let decoded = results.withLock { $0 }
            for (position, run) in wave.enumerated() {
                guard let part = decoded[position], take(run.first, part) else { return false }
            }
        }
        return true
    }

    /// One run's records: read by `Item`'s own reader when it can, else from a copy of its
    /// elements in brackets.
    private static func decodeRun<Item: ListRecord>(
        _ type: Item.Type, _ bytes: UnsafeRawBufferPointer, _ run: JSONArrayRuns.Run
    ) -> DecodedList<Item.Record>? {
        let elements = UnsafeRawBufferPointer(rebasing: bytes[run.bytes]).bindMemory(to: UInt8.self)
        if let records = Item.readPlain(elements, count: run.count) { return DecodedList(records: records) }
        var array = Data(capacity: run.bytes.count + 2)
        array.append(UInt8(ascii: "["))
        array.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run.bytes]))
        array.append(UInt8(ascii: "]"))
        return decode(Item.self, array: array, count: run.count)
    }

    /// The records of `array`, or nil when it isn't valid JSON or holds another count of
    /// elements than the scan found.
    private static func decode<Item: ListRecord>(_ type: Item.Type, array: Data, count: Int) -> DecodedList<Item.Record>? {
        guard let list = try? JSONDecoder().decode(Elements<Item>.self, from: array).list,
            list.records.count + list.skipped.count == count
        else { return nil }
        return list
    }

    /// A run's array, each element read as `Item`.
    private struct Elements<Item: ListRecord>: Decodable {
        let list: DecodedList<Item.Record>

        init(from decoder: any Decoder) throws {
            var items = try decoder.unkeyedContainer()
            list = items.decodeEach(Item.self, \.record)
        }
    }

    /// The body's bytes, read (never written) by every run of a wave while the body is held.
    private struct UnsafeSendableBytes: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }
    }
}
