import Foundation
import Logging
import RoloCore
import TerminalUI

/// The pipedrive list read from the database as it is drawn: at 100,000 persons only the blocks
/// around what is on screen are held, and a filter is a list of positions, not of persons.
///
/// Entries are the stored persons in the API's order (or those a search matched), then, while
/// more are being fetched, one "loading more…" line. Reads are synchronous and indexed
/// (``CustomRecordStore``'s window); a block of ``blockSize`` records is read at once and read as
/// persons with the names of the organisations and owners they name by id (``lookups``), and the
/// last ``blocksKept`` blocks are kept.
final class PipedriveRows: ListEntrySource {
    static let blockSize = 128
    static let blocksKept = 24

    let store: CustomRecordStore
    /// The stored names of the organisations and owners, which v2 persons name by id.
    var lookups = LookupValues.none {
        didSet { blocks.removeAll() }
    }
    /// How many persons the shown list holds.
    private(set) var storedCount = 0
    /// The positions a search matched, in order; nil when not filtered.
    private(set) var filter: [Int]?
    /// A line below the rows, e.g. "loading more…"; nil for none.
    var trailer: String?

    /// Each block's persons; nil where a stored record isn't a person rolo can read.
    private var blocks = BlockCache<[PipedrivePerson?]>(capacity: blocksKept)
    private let logger = Logger(label: "rolo.pipedrive")
    private var reportedFailure = false

    init(store: CustomRecordStore) {
        self.store = store
    }

    // MARK: - Changes

    /// Reads the stored count again (a page landed); blocks that were short may have grown.
    func reloadCount() {
        let count = (try? store.storedCount()) ?? storedCount
        guard count != storedCount else { return }
        storedCount = count
        if filter == nil {
            for (number, block) in blocks.all where block.count < Self.blockSize { blocks.drop(number) }
        }
    }

    /// Forgets every cached row: stored persons changed, went or moved.
    func invalidate() {
        blocks.removeAll()
        storedCount = (try? store.storedCount()) ?? 0
    }

    /// Shows only the persons at `positions` (nil: all).
    func setFilter(_ positions: [Int]?) {
        filter = positions
        blocks.removeAll()
    }

    // MARK: - ListEntrySource

    var rowCount: Int { filter?.count ?? storedCount }

    var entryCount: Int { rowCount + (trailer == nil ? 0 : 1) }

    func entry(at index: Int) -> ListEntry {
        if index >= rowCount, let trailer { return .header(trailer) }
        guard let person = person(at: index) else {
            return .row(ListRow(id: "unreadable-\(index)", cells: ["(can't be read — see the log)", "", ""]))
        }
        return .row(PipedriveDetail.row(for: person))
    }

    func rowNumber(atEntry index: Int) -> Int? {
        index >= 0 && index < rowCount ? index + 1 : nil
    }

    func index(ofRowID id: String) -> Int? {
        guard let position = try? store.position(ofID: id) else { return nil }
        guard let filter else { return position < storedCount ? position : nil }
        var low = 0, high = filter.count
        while low < high {
            let middle = (low + high) / 2
            if filter[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < filter.count && filter[low] == position ? low : nil
    }

    // MARK: - Persons

    /// The person at entry `index`, read with its block when not cached.
    func person(at index: Int) -> PipedrivePerson? {
        guard index >= 0, index < rowCount else { return nil }
        let number = index / Self.blockSize
        let block = blocks.use(number) ?? load(number)
        let offset = index - number * Self.blockSize
        return offset < block.count ? block[offset] : nil
    }

    /// The person with `id`: from the cached blocks, else one indexed read.
    func person(withID id: String) -> PipedrivePerson? {
        for block in blocks.all.values {
            if let person = block.first(where: { $0?.id == id }) { return person }
        }
        guard let position = try? store.position(ofID: id), let record = (try? store.storedRecords(position..<position + 1))?.first
        else { return nil }
        return PipedriveAccount.person(record, lookups: lookups)
    }

    private func load(_ number: Int) -> [PipedrivePerson?] {
        let start = number * Self.blockSize
        let end = min(rowCount, start + Self.blockSize)
        guard start < end else { return [] }
        let records: [CustomRecord]
        do {
            if let filter {
                records = try store.storedRecords(atPositions: Array(filter[start..<end]))
            } else {
                records = try store.storedRecords(start..<end)
            }
        } catch {
            report(error)
            return []
        }
        let persons = records.map { record in
            let person = PipedriveAccount.person(record, lookups: lookups)
            if person == nil { report("stored person \(record.id) isn't one rolo can read") }
            return person
        }
        blocks.keep(persons, as: number)
        return persons
    }

    /// Logged once: a broken database would otherwise log on every frame.
    private func report(_ error: any Error) {
        report(String(describing: error))
    }

    private func report(_ message: String) {
        if !reportedFailure { logger.error("can't read stored persons: \(message)") }
        reportedFailure = true
    }
}
