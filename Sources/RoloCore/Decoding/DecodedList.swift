import Foundation

/// What a list decoder read: every record it could, and the ones it skipped with why.
///
/// One bad record must not hide the rest, so list decoders decode record by record; only an
/// answer wrong as a whole (HTML, empty, not the expected array or object) is an error.
public struct DecodedList<Record: Sendable>: Sendable {
    /// The records read, in the server's order.
    public var records: [Record]
    /// The records left out, in the server's order.
    public var skipped: [SkippedRecord]

    /// Creates a list from already-decoded parts.
    public init(records: [Record], skipped: [SkippedRecord] = []) {
        self.records = records
        self.skipped = skipped
    }

    /// The same list with each record transformed.
    public func map<Other: Sendable>(_ transform: (Record) throws -> Other) rethrows -> DecodedList<Other> {
        DecodedList<Other>(records: try records.map(transform), skipped: skipped)
    }
}

extension DecodedList: Equatable where Record: Equatable {}

extension Array where Element == SkippedRecord {
    /// The on-screen notice for these skipped records, e.g. "2 employees skipped: an id that
    /// isn't a number — details in the log"; nil when none was skipped.
    public func notice(singular: String, plural: String) -> String? {
        guard let first else { return nil }
        let noun = count == 1 ? singular : plural
        let others = Set(map(\.summary)).count > 1 ? ", and other reasons" : ""
        return "\(count.formatted()) \(noun) skipped: \(first.summary)\(others) — details in the log"
    }

    /// Log lines naming each skipped record's index and reason, at most `limit` of them plus a
    /// count of the rest, so a hostile answer of 200,000 bad records can't flood the log.
    public func logLines(of noun: String, limit: Int = 50) -> [String] {
        var lines = prefix(limit).map { "\(noun) at index \($0.index) skipped: \($0.reason)" }
        if count > limit { lines.append("\(count - limit) more \(noun) records skipped") }
        return lines
    }
}

extension UnkeyedDecodingContainer {
    /// Decodes every element as `Item`, keeping those that decode and recording the rest.
    ///
    /// A failed element is stepped over by decoding it as a value that accepts anything:
    /// `JSONDecoder`'s container only moves on after a successful decode.
    mutating func decodeEach<Item: Decodable, Record: Sendable>(
        _ type: Item.Type, _ record: (Item) -> Record
    ) -> DecodedList<Record> {
        var records: [Record] = []
        var skipped: [SkippedRecord] = []
        records.reserveCapacity(count ?? 0)
        while !isAtEnd {
            let index = currentIndex
            do {
                records.append(record(try decode(type)))
            } catch {
                skipped.append(SkippedRecord(index: index, problem: DecodingProblem.from(error)))
                guard (try? decode(AnyValue.self)) != nil, currentIndex > index else { break }
            }
        }
        return DecodedList(records: records, skipped: skipped)
    }
}

/// Any JSON value, read and thrown away.
private struct AnyValue: Decodable {
    init(from decoder: any Decoder) throws {}
}
