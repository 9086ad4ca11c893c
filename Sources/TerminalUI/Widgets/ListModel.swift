/// A column of the list pane.
public struct ListColumn: Sendable, Equatable {
    /// How wide a column is.
    public enum Width: Sendable, Equatable {
        case fixed(Int)
        /// Shares what the fixed columns leave, never narrower than `min`.
        case flexible(min: Int)
    }

    public var title: String
    public var width: Width
    public var alignRight: Bool
    /// Drawn dim outside the selection: a note beside the data, e.g. "saved 12:04".
    public var isDim: Bool

    public init(_ title: String, _ width: Width, alignRight: Bool = false, dim: Bool = false) {
        self.title = title
        self.width = width
        self.alignRight = alignRight
        self.isDim = dim
    }
}

/// One selectable row of the list pane: its cells by column and an optional marker.
public struct ListRow: Sendable, Equatable {
    public var id: String
    public var cells: [String]
    /// A short symbol drawn in the marker gutter, e.g. a contact marker.
    public var marker: String?
    /// A small picture at the row's left, shown when the list has taller rows.
    public var thumbnail: CellImage?
    /// The cells run across every column, joined by " — ", as one message: "Couldn't load
    /// more: … — Enter to retry". Where it doesn't fit, the first cell gives way, so the last
    /// (what to do) always shows.
    public var spansColumns: Bool

    public init(id: String, cells: [String], marker: String? = nil, thumbnail: CellImage? = nil, spansColumns: Bool = false) {
        self.id = id
        self.cells = cells
        self.marker = marker
        self.thumbnail = thumbnail
        self.spansColumns = spansColumns
    }
}

/// A line of the list pane: a section header or a row.
public enum ListEntry: Sendable, Equatable {
    case header(String)
    case row(ListRow)

    /// The row, when this entry is one.
    public var row: ListRow? {
        if case .row(let row) = self { return row }
        return nil
    }
}

/// Where a list's entries come from: an array, or storage that reads them on demand, so a list
/// of 100,000 is never held as view values.
public protocol ListEntrySource {
    var entryCount: Int { get }
    func entry(at index: Int) -> ListEntry
    /// How many entries are rows (not section headers).
    var rowCount: Int { get }
    /// The 1-based number of the row at entry `index` among the rows; nil for a header.
    func rowNumber(atEntry index: Int) -> Int?
    /// The entry index of the row with `id`, if it is in the list.
    func index(ofRowID id: String) -> Int?
}

/// Linear answers, fine for the hundreds of rows an array holds; storage-backed sources answer
/// from their index instead.
extension ListEntrySource {
    public var rowCount: Int {
        (0..<entryCount).reduce(0) { $0 + (entry(at: $1).row == nil ? 0 : 1) }
    }

    public func rowNumber(atEntry index: Int) -> Int? {
        guard index >= 0, index < entryCount, entry(at: index).row != nil else { return nil }
        return (0...index).reduce(0) { $0 + (entry(at: $1).row == nil ? 0 : 1) }
    }

    public func index(ofRowID id: String) -> Int? {
        (0..<entryCount).first { entry(at: $0).row?.id == id }
    }
}

extension Array: ListEntrySource where Element == ListEntry {
    public var entryCount: Int { count }
    public func entry(at index: Int) -> ListEntry { self[index] }
}

/// The selection and scroll position of a list: pure, so movement is tested without a screen.
public struct ListCursor: Sendable, Equatable {
    /// The index of the selected entry (always a row), or nil when the list has no rows.
    public var selected: Int?
    /// The first visible entry.
    public var offset: Int

    public init(selected: Int? = nil, offset: Int = 0) {
        self.selected = selected
        self.offset = offset
    }

    /// Moves the selection by `delta` rows, skipping headers and stopping at the ends.
    public mutating func move(by delta: Int, in entries: some ListEntrySource) {
        guard let current = selected ?? firstRow(in: entries, from: 0, step: 1) else { return }
        if selected == nil {
            selected = current
            return
        }
        var index = current
        var remaining = abs(delta)
        let step = delta < 0 ? -1 : 1
        while remaining > 0, let next = firstRow(in: entries, from: index + step, step: step) {
            index = next
            remaining -= 1
        }
        selected = index
    }

    /// Selects the first row.
    public mutating func moveToFirst(in entries: some ListEntrySource) {
        selected = firstRow(in: entries, from: 0, step: 1)
        offset = 0
    }

    /// Selects the last row.
    public mutating func moveToLast(in entries: some ListEntrySource) {
        selected = firstRow(in: entries, from: entries.entryCount - 1, step: -1)
    }

    /// Selects the row at or after an entry index (a click on a header selects the row below it).
    public mutating func select(entry index: Int, in entries: some ListEntrySource) {
        guard index >= 0, index < entries.entryCount else { return }
        selected = firstRow(in: entries, from: index, step: 1) ?? firstRow(in: entries, from: index, step: -1)
    }

    /// Keeps the selection valid after the entries changed and scrolls it into a view of `height`.
    public mutating func clamp(in entries: some ListEntrySource, height: Int) {
        let count = entries.entryCount
        if let current = selected {
            if current >= count || entries.entry(at: current).row == nil {
                selected = firstRow(in: entries, from: min(current, count - 1), step: -1)
                    ?? firstRow(in: entries, from: 0, step: 1)
            }
        } else {
            selected = firstRow(in: entries, from: 0, step: 1)
        }
        scrollIntoView(height: height, count: count, entries: entries)
    }

    /// Scrolls as little as possible to keep the selection visible; when the selection is the first
    /// row of a section, its header is kept in view too.
    public mutating func scrollIntoView(height: Int, count: Int, entries: some ListEntrySource) {
        guard height > 0 else { return }
        offset = min(max(0, offset), max(0, count - height))
        guard let current = selected else { return }
        var top = current
        if current > 0, case .header = entries.entry(at: current - 1) { top = current - 1 }
        if top < offset { offset = top }
        if current >= offset + height { offset = current - height + 1 }
    }

    private func firstRow(in entries: some ListEntrySource, from start: Int, step: Int) -> Int? {
        var index = start
        while index >= 0 && index < entries.entryCount {
            if entries.entry(at: index).row != nil { return index }
            index += step
        }
        return nil
    }
}
