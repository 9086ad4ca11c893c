import Foundation
import Logging
import RoloCore
import TerminalUI

/// The pipedrive list read from the database as it is drawn: at 100,000 persons only the blocks
/// around what is on screen are held, and a filter is a list of positions, not of persons.
///
/// Entries are the stored persons in the API's order (or those a search matched), then, while
/// more are being fetched, one "loading more…" line. Reads are synchronous and indexed (see
/// ``StoredRows``); a block of ``blockSize`` rows is read at once, with the names of the
/// organisations and owners its persons name by id, and the last ``blocksKept`` blocks are kept.
final class PipedriveRows: ListEntrySource {
    static let blockSize = 128
    static let blocksKept = 24

    let stored: StoredRows<PipedrivePerson>
    let names: PipedriveNameStore
    /// How many persons the shown list holds.
    private(set) var storedCount = 0
    /// The positions a search matched, in order; nil when not filtered.
    private(set) var filter: [Int]?
    /// A line below the rows, e.g. "loading more…"; nil for none.
    var trailer: String?

    private var blocks = BlockCache<[PipedrivePerson]>(capacity: blocksKept)
    private let logger = Logger(label: "rolo.pipedrive")
    private var reportedFailure = false

    init(stored: StoredRows<PipedrivePerson>) {
        self.stored = stored
        names = PipedriveNameStore(database: stored.database)
    }

    // MARK: - Changes

    /// Reads the stored count again (a page landed); blocks that were short may have grown.
    func reloadCount() {
        let count = (try? stored.count()) ?? storedCount
        guard count != storedCount else { return }
        storedCount = count
        if filter == nil {
            for (number, block) in blocks.all where block.count < Self.blockSize { blocks.drop(number) }
        }
    }

    /// Forgets every cached row: the stored list, or the names, were replaced.
    func invalidate() {
        blocks.removeAll()
        storedCount = (try? stored.count()) ?? 0
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
        guard let position = try? stored.position(ofID: id) else { return nil }
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
            if let person = block.first(where: { $0.id == id }) { return person }
        }
        guard let position = try? stored.position(ofID: id),
            let person = (try? stored.persons(position..<position + 1))?.first
        else { return nil }
        return resolve([person]).first
    }

    private func load(_ number: Int) -> [PipedrivePerson] {
        let start = number * Self.blockSize
        let end = min(rowCount, start + Self.blockSize)
        let block: [PipedrivePerson]
        do {
            if let filter {
                block = try stored.persons(atPositions: Array(filter[start..<end]))
            } else {
                block = try stored.persons(start..<end)
            }
        } catch {
            report(error)
            return []
        }
        let resolved = resolve(block)
        blocks.keep(resolved, as: number)
        return resolved
    }

    /// `persons` with the stored names of the organisations and owners they name by id (v2).
    private func resolve(_ persons: [PipedrivePerson]) -> [PipedrivePerson] {
        let organizations = Set(persons.lazy.filter { $0.organizationName == nil }.compactMap(\.organizationID))
        let users = Set(persons.lazy.filter { $0.ownerName == nil }.compactMap(\.ownerID))
        guard !organizations.isEmpty || !users.isEmpty else { return persons }
        do {
            let known = try names.names(organizations: organizations, users: users)
            return persons.map(known.resolving)
        } catch {
            report(error)
            return persons
        }
    }

    /// Logged once: a broken database would otherwise log on every frame.
    private func report(_ error: any Error) {
        if !reportedFailure { logger.error("can't read stored persons: \(error)") }
        reportedFailure = true
    }
}
