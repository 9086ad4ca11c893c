import RoloCore
import TerminalUI

/// A list of rows made on demand from an array of records, so a list of 200,000 builds only the
/// rows drawn: no view values for the rest, and pictures asked for only where a row is shown.
///
/// Counting, numbering and finding a row by id answer from the ``RowLayout`` worked out off the
/// main actor, in constant time, instead of walking the list on every frame.
struct RecordRows<Record>: ListEntrySource {
    let records: [Record]
    let layout: RowLayout
    let row: (Record) -> ListRow

    var entryCount: Int { layout.entryCount }
    var rowCount: Int { layout.rowCount }

    func entry(at index: Int) -> ListEntry {
        switch layout.slot(at: index) {
        case .header(let title): .header(title)
        case .record(let position): .row(row(records[position]))
        }
    }

    func rowNumber(atEntry index: Int) -> Int? { layout.rowNumber(atEntry: index) }

    func index(ofRowID id: String) -> Int? { layout.entry(ofRowID: id) }
}

/// Which records a list shows, in what order, under which headers: plain values, so they are
/// worked out off the main actor and swapped in whole.
struct RowLayout: Sendable {
    /// What one entry of the list is.
    enum Slot: Equatable { case header(String), record(Int) }

    /// Record positions in list order; a negative value `-(k + 1)` is the header `headers[k]`.
    /// Nil: every record, in order, no headers, or ``ascending``.
    private let slots: [Int32]?
    /// Record positions in ascending order, without headers (a search's matches): the answer's
    /// own array, shared rather than copied into ``slots``; nil otherwise.
    private let ascending: [Int]?
    private let headers: [String]
    /// How many records the list is made from, shown or not.
    private let total: Int
    /// How many rows are shown.
    let rowCount: Int
    /// Row numbers (1-based) per entry, only when there are headers.
    private let numbers: [Int32]?
    /// The entry index of each record, -1 where the record isn't shown; nil when `slots` is, or
    /// for ``ascending`` positions, whose entries a binary search finds: a million records'
    /// table would cost the main actor more than the search did.
    private let entryOfRecord: [Int32]?
    /// The record position of each row id.
    private let positions: RowIDTable

    /// Every record of `ids`, in order, without headers.
    init(ids: [String]) {
        slots = nil
        ascending = nil
        headers = []
        total = ids.count
        rowCount = ids.count
        numbers = nil
        entryOfRecord = nil
        positions = RowIDTable(ids)
    }

    /// The records of `ids` grouped in `sections` (a header, if any, then record positions).
    init(ids: [String], sections: [(header: String?, records: [Int])]) {
        self.init(total: ids.count, sections: sections, positions: RowIDTable(ids))
    }

    /// `count` records, in order, without headers, whose ids aren't held: the caller finds a
    /// row's position (a list read from the database asks it) and its entry by
    /// ``entry(ofPosition:)``.
    init(count: Int) {
        slots = nil
        ascending = nil
        headers = []
        total = count
        rowCount = count
        numbers = nil
        entryOfRecord = nil
        positions = RowIDTable([])
    }

    /// `count` records in the order and sections a query's `sort:` gave them; positions past
    /// `count` (stored since the answer) wait for the next answer.
    init(count: Int, answered sections: [QueryAnswer.Section]) {
        self.init(count: count, sections: sections.map { ($0.title, $0.positions.filter { $0 < count }) })
    }

    /// `count` records grouped in `sections`, whose ids aren't held (``init(count:)``).
    init(count: Int, sections: [(header: String?, records: [Int])]) {
        self.init(total: count, sections: sections, positions: RowIDTable([]))
    }

    private init(total: Int, sections: [(header: String?, records: [Int])], positions: RowIDTable) {
        var slots: [Int32] = []
        var headers: [String] = []
        var numbers: [Int32] = []
        var entryOfRecord = [Int32](repeating: -1, count: total)
        var rows: Int32 = 0
        for section in sections {
            if let header = section.header {
                headers.append(header)
                slots.append(-Int32(headers.count))
                numbers.append(0)
            }
            for position in section.records {
                entryOfRecord[position] = Int32(slots.count)
                slots.append(Int32(position))
                rows += 1
                numbers.append(rows)
            }
        }
        self.init(slots: slots, headers: headers, numbers: numbers, entryOfRecord: entryOfRecord, total: total, positions: positions)
    }

    /// The records at `slots` under `headers`, numbered by `numbers`, each record's entry in
    /// `entryOfRecord`.
    private init(slots: [Int32], headers: [String], numbers: [Int32], entryOfRecord: [Int32], total: Int, positions: RowIDTable) {
        self.slots = slots
        ascending = nil
        self.headers = headers
        self.total = total
        rowCount = slots.count - headers.count
        self.numbers = headers.isEmpty ? nil : numbers
        self.entryOfRecord = entryOfRecord
        self.positions = positions
    }

    /// The records at `shown` positions, in that order, without headers; the row-id index is
    /// shared, not rebuilt. Positions in ascending order (as a search finds them) are kept as
    /// they are, with no table of entries. Positions past this layout's records (a search's
    /// matches among records stored since it was made) wait for the next layout.
    func showing(_ shown: [Int]) -> RowLayout {
        guard zip(shown, shown.dropFirst()).allSatisfy({ $0 < $1 }) else {
            return RowLayout(total: total, sections: [(nil, shown.filter { $0 >= 0 && $0 < total })], positions: positions)
        }
        // Ascending: the last says whether any lie past the records; usually none do, and
        // nothing is copied.
        let kept = (shown.last ?? -1) < total ? shown : Array(shown.prefix { $0 < total })
        return RowLayout(ascending: kept, total: total, positions: positions)
    }

    /// The records at `ascending` positions, in order, without headers.
    private init(ascending: [Int], total: Int, positions: RowIDTable) {
        slots = nil
        self.ascending = ascending
        headers = []
        self.total = total
        rowCount = ascending.count
        numbers = nil
        entryOfRecord = nil
        self.positions = positions
    }

    /// This layout showing only the records at `shown` positions, each header kept over the
    /// records that remain under it; the row-id index is shared, not rebuilt. One pass over the
    /// layout, `shown` marked in a bit per record: at a million sorted records, about 20 ms with
    /// half of them kept and 3 ms with a thousand, so callers run it off the main actor.
    func filtered(keeping shown: [Int]) -> RowLayout {
        var kept = [UInt64](repeating: 0, count: (total + 63) / 64)
        for position in shown where position >= 0 && position < total { kept[position >> 6] |= 1 << UInt64(position & 63) }
        var slots: [Int32] = []
        var numbers: [Int32] = []
        var entryOfRecord = [Int32](repeating: -1, count: total)
        var headers: [String] = []
        slots.reserveCapacity(min(shown.count, total) + self.headers.count)
        numbers.reserveCapacity(slots.capacity)
        // A header waits for the first record under it that is kept.
        var header: String?
        var rows: Int32 = 0
        func keep(_ position: Int) {
            guard kept[position >> 6] & (1 << UInt64(position & 63)) != 0 else { return }
            if let title = header {
                headers.append(title)
                slots.append(-Int32(headers.count))
                numbers.append(0)
                header = nil
            }
            entryOfRecord[position] = Int32(slots.count)
            slots.append(Int32(position))
            rows += 1
            numbers.append(rows)
        }
        // The slots read as they are stored: at a million, going through ``slot(at:)`` for each
        // took four times as long.
        if let layout = self.slots {
            for value in layout {
                if value < 0 { header = self.headers[Int(-value) - 1] } else { keep(Int(value)) }
            }
        } else if let ascending {
            for position in ascending { keep(position) }
        } else {
            for position in 0..<total { keep(position) }
        }
        return RowLayout(slots: slots, headers: headers, numbers: numbers, entryOfRecord: entryOfRecord, total: total, positions: positions)
    }

    var entryCount: Int { slots?.count ?? ascending?.count ?? total }

    func slot(at index: Int) -> Slot {
        if let ascending { return .record(ascending[index]) }
        guard let slots else { return .record(index) }
        let value = slots[index]
        return value < 0 ? .header(headers[Int(-value) - 1]) : .record(Int(value))
    }

    func rowNumber(atEntry index: Int) -> Int? {
        guard index >= 0, index < entryCount else { return nil }
        if let numbers { return numbers[index] == 0 ? nil : Int(numbers[index]) }
        return index + 1
    }

    func entry(ofRowID id: String) -> Int? {
        positions.position(of: id).flatMap(entry(ofPosition:))
    }

    /// The entry of the record at `position`; nil when it isn't shown.
    func entry(ofPosition position: Int) -> Int? {
        guard position >= 0, position < total else { return nil }
        if let entryOfRecord {
            let entry = entryOfRecord[position]
            return entry < 0 ? nil : Int(entry)
        }
        guard let ascending else { return position }
        // Ascending positions (``showing(_:)``): found by halving.
        var low = 0, high = ascending.count
        while low < high {
            let middle = (low + high) / 2
            if ascending[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < ascending.count && ascending[low] == position ? low : nil
    }

    /// The record position of a row id, shown or not.
    func position(ofRowID id: String) -> Int? { positions.position(of: id) }
}
