import Foundation
import Logging
import RoloCore
import TerminalUI

/// The pipedrive list: the engine's window over the stored persons (``RecordWindow``), each
/// record read as a person with the names of the organisations and owners it names by id
/// (``lookups``); a filter is a layout of the positions a search matched; and, while more are
/// being fetched, one "loading more…" line below.
final class PipedriveRows: ListEntrySource {
    let window: RecordWindow<PipedrivePerson>
    /// The stored names of the organisations and owners, which v2 persons name by id.
    var lookups = LookupValues.none {
        didSet { window.reading = Self.reading(lookups, unreadable) }
    }
    /// The positions a search matched, in order; nil when not filtered.
    private(set) var filter: [Int]?
    /// A `sort:`'s order of the matches, in sections; nil: the stored order.
    private var sections: [QueryAnswer.Section]?
    /// A line below the rows, e.g. "loading more…"; nil for none.
    var trailer: String?

    /// Whether an unreadable person was logged: a broken store would otherwise log at every
    /// read of its block.
    private let unreadable = ReportedOnce()

    init(store: RecordStore) {
        window = RecordWindow(store: store, logger: Self.logger, reading: Self.reading(.none, unreadable))
    }

    var store: RecordStore { window.store }
    /// How many persons are stored, as last read.
    var storedCount: Int { window.count }

    /// The person a stored record is, with its names from `lookups`; nil, logged the first
    /// time, when it isn't one rolo can read.
    private static func reading(_ lookups: LookupValues, _ unreadable: ReportedOnce) -> (JSONRecord) -> PipedrivePerson? {
        { record in
            let person = PipedriveAccount.person(record, lookups: lookups)
            if person == nil, unreadable.first() { logger.error("stored person \(record.id) isn't one rolo can read") }
            return person
        }
    }

    private static let logger = Logger(label: "rolo.pipedrive")

    /// True the first time it is asked, false after.
    private final class ReportedOnce {
        private var reported = false

        func first() -> Bool {
            defer { reported = true }
            return !reported
        }
    }

    // MARK: - Changes

    /// Reads the stored count again (a page landed); blocks that were short may have grown.
    func reloadCount() {
        window.reloadCount()
        if filter == nil, window.layout.rowCount != window.count { window.show(RowLayout(count: window.count), inOrder: true) }
    }

    /// Forgets every cached row: stored persons changed, went or moved.
    func invalidate() {
        window.forget()
        window.reloadCount()
        setFilter(filter, sections: sections)
    }

    /// Shows only the persons at `positions` (nil: all), in `sections` when a sort orders them.
    func setFilter(_ positions: [Int]?, sections: [QueryAnswer.Section]? = nil) {
        filter = positions
        self.sections = positions == nil ? nil : sections
        let total = window.count
        let all = RowLayout(count: total)
        if let sections = self.sections {
            window.show(RowLayout(count: total, answered: sections), inOrder: false)
        } else if let positions {
            window.show(all.showing(positions), inOrder: false)
        } else {
            window.show(all, inOrder: true)
        }
    }

    // MARK: - ListEntrySource

    private var rows: RecordWindowRows<PipedrivePerson> { RecordWindowRows(window: window, row: PipedriveDetail.row(for:)) }

    var rowCount: Int { window.layout.rowCount }

    var entryCount: Int { rowCount + (trailer == nil ? 0 : 1) }

    func entry(at index: Int) -> ListEntry {
        if index >= rowCount, let trailer { return .header(trailer) }
        return rows.entry(at: index)
    }

    func rowNumber(atEntry index: Int) -> Int? { index < rowCount ? rows.rowNumber(atEntry: index) : nil }

    func index(ofRowID id: String) -> Int? { window.entry(ofID: id) }

    // MARK: - Persons

    /// The person with `id`: from the cached blocks, else one indexed read.
    func person(withID id: String) -> PipedrivePerson? { window.item(withID: id) }
}
