import TerminalUI

/// A list's entries and, below them, one selectable row that is an action rather than a record
/// (randomuser's "Couldn't load more … Enter to retry"): it can be selected and activated, but
/// it isn't counted, so the status line's "10 persons" and "10/10" stay true.
struct EntriesWithTrailer: ListEntrySource {
    let rows: [ListEntry]
    let trailer: ListRow?

    var entryCount: Int { rows.count + (trailer == nil ? 0 : 1) }

    func entry(at index: Int) -> ListEntry {
        if index == rows.count, let trailer { return .row(trailer) }
        return rows[index]
    }

    var rowCount: Int { rows.rowCount }

    func rowNumber(atEntry index: Int) -> Int? {
        index < rows.count ? rows.rowNumber(atEntry: index) : nil
    }

    func index(ofRowID id: String) -> Int? {
        id == trailer?.id ? rows.count : rows.index(ofRowID: id)
    }
}
