import TerminalUI

/// A list's entries and, below them, one selectable row that is an action rather than a record
/// (randomuser's "Couldn't load more … Enter to retry"): it can be selected and activated, but
/// it isn't counted, so the status line's "10 persons" and "10/10" stay true.
struct EntriesWithTrailer: ListEntrySource {
    let rows: any ListEntrySource
    let trailer: ListRow?

    var entryCount: Int { rows.entryCount + (trailer == nil ? 0 : 1) }

    func entry(at index: Int) -> ListEntry {
        if index == rows.entryCount, let trailer { return .row(trailer) }
        return rows.entry(at: index)
    }

    var rowCount: Int { rows.rowCount }

    func rowNumber(atEntry index: Int) -> Int? {
        index < rows.entryCount ? rows.rowNumber(atEntry: index) : nil
    }

    func index(ofRowID id: String) -> Int? {
        id == trailer?.id ? rows.entryCount : rows.index(ofRowID: id)
    }
}
