import Foundation

/// The list pane: a column header, rows with optional section headers, the selection, a scroll bar.
public struct ListView {
    public var entries: any ListEntrySource
    public var columns: [ListColumn]
    public var cursor: ListCursor
    public var isFocused: Bool
    /// Text to highlight in rows, e.g. the search term.
    public var highlight: String?
    /// Columns reserved at the left of each row for its marker; 0 for none.
    public var markerWidth: Int
    /// Screen rows per entry: 1, or more to show thumbnails.
    public var rowHeight: Int
    /// Columns of each row's thumbnail when rows are taller than one line.
    public var thumbnailWidth: Int
    /// A row drawn highlighted for a moment because its state just changed.
    public var flashingRowID: String?
    /// The mark of each row by id (marked, pending, done, failed), drawn in a gutter of
    /// ``markGutter`` columns before everything else; nil for no gutter.
    public var rowMark: ((String) -> String?)?
    public var theme: Theme
    public var glyphs: Glyphs

    public init(entries: any ListEntrySource, columns: [ListColumn], cursor: ListCursor, isFocused: Bool = true,
                highlight: String? = nil, markerWidth: Int = 0, rowHeight: Int = 1, thumbnailWidth: Int = 0,
                flashingRowID: String? = nil, rowMark: ((String) -> String?)? = nil, theme: Theme, glyphs: Glyphs) {
        self.entries = entries
        self.columns = columns
        self.cursor = cursor
        self.isFocused = isFocused
        self.highlight = highlight
        self.markerWidth = markerWidth
        self.rowHeight = max(1, rowHeight)
        self.thumbnailWidth = rowHeight > 1 ? thumbnailWidth : 0
        self.flashingRowID = flashingRowID
        self.rowMark = rowMark
        self.theme = theme
        self.glyphs = glyphs
    }

    /// Rows of `area` that show entries (the rest is the column header).
    public func bodyRect(in area: Rect) -> Rect {
        showsHeader ? area.inset(top: 1) : area
    }

    /// How many entries fit in `area`, for scrolling and paging.
    public func visibleEntryCount(in area: Rect) -> Int {
        max(1, bodyRect(in: area).height / rowHeight)
    }

    /// The entry index drawn at screen row `y`, if any.
    public func entryIndex(atScreenRow y: Int, in area: Rect) -> Int? {
        let body = bodyRect(in: area)
        guard y >= body.y, y < body.maxY else { return nil }
        let index = cursor.offset + (y - body.y) / rowHeight
        return index < entries.entryCount ? index : nil
    }

    /// Draws the list into `area` of the canvas.
    public func render(into canvas: inout Canvas, area: Rect) {
        guard !area.isEmpty else { return }
        let count = entries.entryCount
        let body = bodyRect(in: area)
        let visible = visibleEntryCount(in: area)
        let needsScrollBar = count > visible && area.width > 10
        let content = needsScrollBar ? area.inset(right: 2) : area
        let widths = columnWidths(for: content.width - lead)
        if showsHeader {
            canvas.fill(content.row(0), style: theme.columnHeader)
            var x = content.x + lead
            for (column, width) in zip(columns, widths) {
                canvas.write(column.title.padded(toWidth: width, alignRight: column.alignRight),
                             x: x, y: content.y, style: theme.columnHeader, clip: content)
                x += width + 2
            }
        }
        for slot in 0..<visible {
            let index = cursor.offset + slot
            guard index < count else { break }
            let y = body.y + slot * rowHeight
            let rowRect = Rect(x: content.x, y: y, width: content.width, height: rowHeight).intersection(body)
            switch entries.entry(at: index) {
            case .header(let title):
                canvas.write(" \(title) ", x: content.x, y: y, style: theme.sectionHeader, clip: rowRect)
            case .row(let row):
                draw(row, widths: widths, in: rowRect, selected: cursor.selected == index, canvas: &canvas)
            }
        }
        if needsScrollBar {
            drawScrollBar(into: &canvas, area: Rect(x: area.maxX - 1, y: body.y, width: 1, height: body.height), count: count, visible: visible)
        }
    }

    private var showsHeader: Bool { columns.contains { !$0.title.isEmpty } }

    /// Columns of the marks' gutter: a mark and a space.
    public static let markGutter = 2

    /// Columns before a row's cells: the marks' gutter, the marker gutter, the thumbnail.
    private var lead: Int {
        (rowMark == nil ? 0 : Self.markGutter) + markerWidth + (thumbnailWidth > 0 ? thumbnailWidth + 1 : 0)
    }

    private func draw(_ row: ListRow, widths: [Int], in rect: Rect, selected: Bool, canvas: inout Canvas) {
        let flashing = row.id == flashingRowID
        let style = flashing ? theme.flash : selected ? (isFocused ? theme.selection : theme.inactiveSelection) : theme.text
        if selected || flashing { canvas.fill(rect, style: style) }
        // With thumbnails the text sits on the row's middle line, beside the picture.
        let y = rect.y + (rect.height - 1) / 2
        let line = Rect(x: rect.x, y: y, width: rect.width, height: 1)
        let gutter = rowMark == nil ? 0 : Self.markGutter
        if let mark = rowMark?(row.id) {
            canvas.write(mark, x: rect.x, y: y, style: selected ? style : theme.marker, clip: Rect(x: rect.x, y: y, width: gutter, height: 1))
        }
        if markerWidth > 0, let marker = row.marker {
            canvas.write(marker, x: rect.x + gutter, y: y, style: selected ? style : theme.marker,
                         clip: Rect(x: rect.x + gutter, y: y, width: markerWidth, height: 1))
        }
        if thumbnailWidth > 0, let thumbnail = row.thumbnail {
            let slot = Rect(x: rect.x + gutter + markerWidth, y: rect.y, width: thumbnailWidth, height: rect.height)
            let indent = max(0, (thumbnailWidth - thumbnail.columns) / 2)
            canvas.draw(thumbnail, x: slot.x + indent, y: slot.y + max(0, (slot.height - thumbnail.rows) / 2), clip: slot)
        }
        var x = rect.x + lead
        if row.spansColumns {
            let tail = row.cells.dropFirst().map { " — " + $0 }.joined()
            let head = (row.cells.first ?? "").truncated(toWidth: max(1, line.maxX - x - tail.displayWidth))
            canvas.write(head + tail, x: x, y: y, style: selected || flashing ? style : theme.error, clip: line)
            return
        }
        for (index, width) in widths.enumerated() {
            let text = index < row.cells.count ? row.cells[index] : ""
            let cell = text.padded(toWidth: width, alignRight: columns[index].alignRight)
            let plain = columns[index].isDim ? theme.dim : theme.text
            let cellStyle = index == 0 || selected || flashing ? style : plain.adding(style.attributes)
            canvas.write(cell, x: x, y: y, style: cellStyle, clip: line)
            if let highlight, !highlight.isEmpty, !selected || theme.isMonochrome {
                mark(highlight, in: cell, x: x, y: y, clip: line, canvas: &canvas)
            }
            x += width + 2
        }
    }

    /// Restyles each occurrence of the search term (case- and diacritic-insensitive).
    private func mark(_ term: String, in text: String, x: Int, y: Int, clip: Rect, canvas: inout Canvas) {
        var searchStart = text.startIndex
        while let range = text.range(of: term, options: [.caseInsensitive, .diacriticInsensitive], range: searchStart..<text.endIndex) {
            let startX = x + String(text[text.startIndex..<range.lowerBound]).displayWidth
            let width = String(text[range]).displayWidth
            canvas.restyle(Rect(x: startX, y: y, width: width, height: 1).intersection(clip)) { $0 = theme.match }
            searchStart = range.upperBound
        }
    }

    private func columnWidths(for total: Int) -> [Int] {
        let gaps = max(0, columns.count - 1) * 2
        var widths = columns.map { column -> Int in
            if case .fixed(let width) = column.width { return width }
            return 0
        }
        let fixed = widths.reduce(0, +)
        let flexible = columns.indices.filter { if case .flexible = columns[$0].width { return true } else { return false } }
        var spare = total - gaps - fixed
        if !flexible.isEmpty {
            let share = max(0, spare) / flexible.count
            for (n, index) in flexible.enumerated() {
                guard case .flexible(let minimum) = columns[index].width else { continue }
                widths[index] = max(minimum, n == flexible.count - 1 ? max(0, spare) - share * (flexible.count - 1) : share)
            }
            spare = total - gaps - widths.reduce(0, +)
        }
        // Too narrow for every column: the last columns give way first.
        var index = widths.count - 1
        while spare < 0 && index >= 0 {
            let cut = min(widths[index], -spare)
            widths[index] -= cut
            spare += cut
            index -= 1
        }
        return widths
    }

    private func drawScrollBar(into canvas: inout Canvas, area: Rect, count: Int, visible: Int) {
        guard area.height > 0, count > 0 else { return }
        let thumbHeight = max(1, (area.height * visible + count - 1) / count)
        let maxOffset = max(1, count - visible)
        let thumbTop = (area.height - thumbHeight) * min(cursor.offset, maxOffset) / maxOffset
        for line in 0..<area.height {
            let isThumb = line >= thumbTop && line < thumbTop + thumbHeight
            canvas.write(isThumb ? glyphs.scrollThumb : glyphs.scrollTrack, x: area.x, y: area.y + line,
                         style: isThumb ? theme.title : theme.dim)
        }
    }
}
