import Foundation

/// A record as a page stores it: its JSON text and folded search text, made before the write.
struct StoringRow: Sendable {
    let record: JSONRecord
    let json: String
    let search: String
}

/// A page's rows made ready to store (``RecordStore/prepared(_:lookups:)``), with the
/// lookups their search text reached into.
public struct PreparedRows: Sendable {
    let rows: [StoringRow]
    let lookups: LookupValues
}

extension RecordStore {
    /// `records` as stored, in order, made on a Dispatch thread, in parts on every core for a
    /// page long enough: writing a record's JSON and folding its search text cost about as much
    /// as storing it, and the database's writer thread does only the storing.
    static func storingRows(_ records: [JSONRecord], source: RecordSource, lookups: LookupValues) async -> [StoringRow] {
        await HeavyWork.run {
            let paths = source.searchPaths
            let parts = records.count < 2 * rowsPerPart ? 1 : min(Cores.count, records.count / rowsPerPart)
            guard parts > 1 else { return storingRows(records[...], source: source, paths: paths, lookups: lookups) }
            let share = (records.count + parts - 1) / parts
            let made = PartResults<StoringRow>(parts)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = min(records.count, part * share)..<min(records.count, (part + 1) * share)
                made.set(part, storingRows(records[range], source: source, paths: paths, lookups: lookups))
            }
            return made.joined()
        }
    }

    private static func storingRows(
        _ records: ArraySlice<JSONRecord>, source: RecordSource, paths: [JSONPath], lookups: LookupValues
    ) -> [StoringRow] {
        records.map { record in
            StoringRow(record: record, json: record.value.jsonText, search: source.searchText(record.value, paths: paths, lookups: lookups))
        }
    }

    /// Below this many records a part isn't worth a thread.
    private static let rowsPerPart = 128
}
