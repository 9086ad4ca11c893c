import TerminalUI

/// A list's entries and, below them, one entry that isn't a record: a selectable row that is an
/// action (randomuser's and foods' "Couldn't load more … Enter to retry"), or a line that says
/// more is coming (foods' "loading more…"). It isn't counted, so the status line's "10 persons"
/// and "10/10" stay true.
struct EntriesWithTrailer: ListEntrySource {
    let rows: any ListEntrySource
    let trailer: ListEntry?

    /// The rows with an action row below them; none when `trailer` is nil.
    init(rows: any ListEntrySource, trailer: ListRow?) {
        self.init(rows: rows, entry: trailer.map(ListEntry.row))
    }

    /// The rows with `entry` below them; none when it is nil.
    init(rows: any ListEntrySource, entry: ListEntry?) {
        self.rows = rows
        self.trailer = entry
    }

    var entryCount: Int { rows.entryCount + (trailer == nil ? 0 : 1) }

    func entry(at index: Int) -> ListEntry {
        if index == rows.entryCount, let trailer { return trailer }
        return rows.entry(at: index)
    }

    var rowCount: Int { rows.rowCount }

    func rowNumber(atEntry index: Int) -> Int? {
        index < rows.entryCount ? rows.rowNumber(atEntry: index) : nil
    }

    func index(ofRowID id: String) -> Int? {
        id == trailer?.row?.id ? rows.entryCount : rows.index(ofRowID: id)
    }
}

extension ListRow {
    /// The row offered below a list whose next page failed: why, and that Enter tries again.
    static func retryingMore(id: String, reason: String) -> ListRow {
        ListRow(id: id, cells: [couldNotLoadMore(reason), "Enter to retry"], spansColumns: true)
    }

    /// How the retry row and its detail say a next page failed.
    static func couldNotLoadMore(_ reason: String) -> String { "Couldn't load more: \(reason)" }
}
