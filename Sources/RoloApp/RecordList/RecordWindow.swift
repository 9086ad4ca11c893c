import Foundation
import Logging
import RoloCore
import TerminalUI

/// A configured source's list read from the store as it is drawn; Pipedrive's persons are such
/// a list too. At 1,000,000 records only the blocks around what is on screen are held, and the
/// order shown (a `group`/`sort`, a search's matches) is a layout of positions, not of records.
///
/// Reads are synchronous and indexed (``RecordStore/storedRecords(_:)``); the records of
/// a block of ``blockSize`` entries are read at once, each made into what the list shows by
/// ``reading`` (a configured source keeps the record, Pipedrive reads a person from it), and
/// the last ``blocksKept`` blocks are kept.
final class RecordWindow<Item> {
    static var blockSize: Int { 128 }
    static var blocksKept: Int { 24 }

    let store: RecordStore
    /// What a stored record is shown as; nil for one that can't be read. Set anew (new
    /// lookups, say), the blocks read are forgotten.
    var reading: (JSONRecord) -> Item? {
        didSet { forget() }
    }
    /// How many records are stored, as last read.
    private(set) var count = 0
    /// The entries shown: every record in order, or arranged, or filtered; their positions.
    private(set) var layout = RowLayout(count: 0)
    /// Whether ``layout`` shows every record in the stored order: a block is then one range.
    private var inOrder = true

    /// Each block's items by position, with their records' ids.
    private var blocks = BlockCache<[Int: (id: String, item: Item?)]>(capacity: blocksKept)
    /// The items the blocks held when another layout was shown, by position: what the new
    /// layout shows is taken from here before the store is read (a search's matches among the
    /// rows on screen). Only a change to the stored records forgets them.
    private var carried: [[Int: (id: String, item: Item?)]] = []
    private let logger: Logger
    private var reportedFailure = false

    init(store: RecordStore, logger: Logger, reading: @escaping (JSONRecord) -> Item?) {
        self.store = store
        self.logger = logger
        self.reading = reading
    }

    // MARK: - Changes

    /// Reads the stored count again (a page landed, a record went); returns it.
    @discardableResult
    func reloadCount() -> Int {
        do {
            count = try store.storedCount()
        } catch {
            report(error)
        }
        return count
    }

    /// Shows `layout`, which lists every record in the stored order when `inOrder`. The cached
    /// blocks stay when both it and the layout before are in order, but for a last block that
    /// was short.
    func show(_ layout: RowLayout, inOrder: Bool) {
        if inOrder, self.inOrder {
            for (number, block) in blocks.all where block.count < Self.blockSize { blocks.drop(number) }
        } else {
            // A block is a run of entries, and the entries are other records now; each record
            // read is still what it was.
            carried = Array(blocks.all.values)
            blocks.removeAll()
        }
        self.layout = layout
        self.inOrder = inOrder
    }

    /// Forgets every cached record: stored records changed in place (a detail, an action, a
    /// refresh).
    func forget() {
        blocks.removeAll()
        carried.removeAll()
    }

    // MARK: - Records

    /// The item at entry `index` of the layout, read with its block when not cached; nil for
    /// a header or an unreadable record.
    func item(atEntry index: Int) -> Item? {
        guard let position = position(atEntry: index) else { return nil }
        let number = index / Self.blockSize
        return (blocks.use(number) ?? load(number))[position]?.item
    }

    /// The item of the record with `id`: from the cached blocks, else one indexed read.
    func item(withID id: String) -> Item? {
        for block in blocks.all.values {
            if let kept = block.values.first(where: { $0.id == id }) { return kept.item }
        }
        do {
            guard let position = try store.position(ofID: id) else { return nil }
            return try store.storedRecords(position..<position + 1).first.flatMap(reading)
        } catch {
            report(error)
            return nil
        }
    }

    /// The entry of the record with `id`, if it is shown.
    func entry(ofID id: String) -> Int? {
        do {
            return try store.position(ofID: id).flatMap(layout.entry(ofPosition:))
        } catch {
            report(error)
            return nil
        }
    }

    /// The first `limit` records in the stored order.
    func first(_ limit: Int) -> [JSONRecord] {
        attempt { try store.storedRecords(0..<limit) } ?? []
    }

    /// `read`'s answer; nil, logged once, when it failed.
    func attempt<T>(_ read: () throws -> T) -> T? {
        do {
            return try read()
        } catch {
            report(error)
            return nil
        }
    }

    private func position(atEntry index: Int) -> Int? {
        guard index >= 0, index < layout.entryCount, case .record(let position) = layout.slot(at: index) else { return nil }
        return position
    }

    private func load(_ number: Int) -> [Int: (id: String, item: Item?)] {
        let start = number * Self.blockSize
        let positions = (start..<min(layout.entryCount, start + Self.blockSize)).compactMap(position(atEntry:))
        var block = [Int: (id: String, item: Item?)](minimumCapacity: positions.count)
        var missing: [Int] = []
        for position in positions {
            if let kept = carried.lazy.compactMap({ $0[position] }).first { block[position] = kept } else { missing.append(position) }
        }
        let records: [JSONRecord]
        do {
            if let first = missing.first, missing.last == first + missing.count - 1 {
                records = try store.storedRecords(first..<first + missing.count)
            } else {
                records = try store.storedRecords(atPositions: missing)
            }
        } catch {
            report(error)
            return [:]
        }
        // Both reads give the records in the order asked, leaving out none but those gone since
        // (a removal the layout doesn't know yet): then the block is read again.
        guard records.count == missing.count else { return [:] }
        for (position, record) in zip(missing, records) {
            block[position] = (id: record.id, item: reading(record))
        }
        blocks.keep(block, as: number)
        return block
    }

    /// Logged once: a broken database would otherwise log on every frame.
    private func report(_ error: any Error) {
        if !reportedFailure { logger.error("can't read stored records: \(error)") }
        reportedFailure = true
    }
}

/// A configured source's window: its records as they are stored.
typealias JSONRecordWindow = RecordWindow<JSONRecord>

extension RecordWindow where Item == JSONRecord {
    /// The window of `store`'s records as they are stored.
    convenience init(store: RecordStore, logger: Logger) {
        self.init(store: store, logger: logger) { $0 }
    }
}

/// A configured source's entries: each record's row made as it is drawn.
typealias JSONRecordRows = RecordWindowRows<JSONRecord>

/// The window's entries as the list draws them: each item's row made as it is drawn.
struct RecordWindowRows<Item>: ListEntrySource {
    let window: RecordWindow<Item>
    let row: (Item) -> ListRow

    var entryCount: Int { window.layout.entryCount }
    var rowCount: Int { window.layout.rowCount }

    func entry(at index: Int) -> ListEntry {
        switch window.layout.slot(at: index) {
        case .header(let title): return .header(title)
        case .record:
            guard let item = window.item(atEntry: index) else {
                return .row(ListRow(id: "unreadable-\(index)", cells: ["(can't be read — see the log)"]))
            }
            return .row(row(item))
        }
    }

    func rowNumber(atEntry index: Int) -> Int? { window.layout.rowNumber(atEntry: index) }

    func index(ofRowID id: String) -> Int? { window.entry(ofID: id) }
}
