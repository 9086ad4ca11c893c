/// One terminal cell: the grapheme drawn there, its width, its style and the address it links to.
///
/// A wide grapheme occupies its cell and the next; that next cell is a continuation with an empty
/// text and width 0, which the backend skips.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var width: UInt8
    public var style: Style
    /// The canvas's link this cell belongs to (an index into ``Canvas/links`` plus one); 0 for none.
    public var link: UInt16

    public init(text: String = " ", width: UInt8 = 1, style: Style = .plain, link: UInt16 = 0) {
        self.text = text
        self.width = width
        self.style = style
        self.link = link
    }

    /// The blank cell a canvas starts with.
    public static let blank = Cell()

    /// Whether this cell is the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}

/// A grid of cells that views draw into; the backend turns it into terminal output.
///
/// Drawing clips to the canvas, drops control characters and keeps wide graphemes whole, so no
/// view can write an escape sequence or shift a column.
public struct Canvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Pictures the terminal draws itself (kitty, sixel, iTerm2) over blank cells, in the order
    /// drawn. Anything drawn later over one of its cells (an overlay) takes the picture off: the
    /// backend can't show half a picture, and must not show it over the overlay.
    public private(set) var graphics: [GraphicPlacement] = []
    /// Pictures drawn as kitty placeholders (text in the cells), which the terminal must hold
    /// for their cells to show them: the backend uploads each once.
    public private(set) var placeholderImages: [TerminalGraphic] = []
    /// The addresses cells link to (``Hyperlink/sanitized(_:)``), each once: a cell's `link`
    /// n is `links[n - 1]`. The backend makes them OSC 8 hyperlinks where the terminal has them.
    public private(set) var links: [String] = []

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    public init(size: Size) {
        self.init(width: size.width, height: size.height)
    }

    public var size: Size { Size(width: width, height: height) }
    public var bounds: Rect { Rect(size) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
    }

    /// Fills a rectangle with blanks of a style.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = Cell(text: " ", width: 1, style: style)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { put(cell, x: x, y: y) }
        }
    }

    /// Writes text on one row from (x, y), clipped to `clip` (default: the whole canvas), its
    /// cells linked to `link` when that is an http(s) address ``Hyperlink/sanitized(_:)`` keeps.
    /// Returns the column after the last cell written.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil, link: String? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard y >= area.y, y < area.maxY else { return x }
        var linkNumber: UInt16 = 0
        if let link { linkNumber = self.linkNumber(for: link) }
        let link = linkNumber
        var column = x
        for grapheme in text {
            if column >= area.maxX { break }
            // A one-byte grapheme is printable ASCII, one cell, or a control character, none.
            if let width = DisplayWidth.asciiWidth(grapheme) {
                guard width == 1 else { continue }
                if column >= area.x { put(Cell(text: String(grapheme), width: 1, style: style, link: link), x: column, y: y) }
                column += 1
                continue
            }
            for piece in DisplayWidth.cells(of: grapheme) {
                if column + piece.width > area.maxX {
                    // A wide grapheme with one column left: a blank keeps the grid honest.
                    if column >= area.x { put(Cell(text: " ", width: 1, style: style), x: column, y: y) }
                    return area.maxX
                }
                if column >= area.x {
                    put(Cell(text: piece.text, width: UInt8(piece.width), style: style, link: link), x: column, y: y)
                    if piece.width == 2 {
                        put(Cell(text: "", width: 0, style: style, link: link), x: column + 1, y: y)
                    }
                }
                column += piece.width
            }
        }
        return column
    }

    /// The address of a cell's `link` number; nil for 0 or a number the canvas doesn't have.
    public func address(ofLink number: UInt16) -> String? {
        let index = Int(number) - 1
        return links.indices.contains(index) ? links[index] : nil
    }

    /// The number cells linked to `address` carry: its place in ``links`` plus one, added when
    /// new; 0 (no link) when the address isn't kept or the table is full.
    private mutating func linkNumber(for address: String) -> UInt16 {
        guard let safe = Hyperlink.sanitized(address) else { return 0 }
        if let index = links.firstIndex(of: safe) { return UInt16(index + 1) }
        guard links.count < Int(UInt16.max) else { return 0 }
        links.append(safe)
        return UInt16(links.count)
    }

    /// Changes the style of every cell in a rectangle, keeping the text.
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { transform(&cells[y * width + x].style) }
        }
    }

    /// Sets one cell directly, e.g. an image's half block; out-of-bounds writes are ignored.
    public mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        put(cell, x: x, y: y)
    }

    /// The rows as plain text (continuations skipped, trailing blanks trimmed), for tests and logs.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width {
                let cell = cells[y * width + x]
                if !cell.isContinuation { line += cell.text }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// The whole canvas as text, one line per row.
    public var text: String { lines.joined(separator: "\n") }

    /// Places a picture the terminal draws itself with its top-left cell at (x, y): its cells
    /// become blanks that keep their background (a selected row's), and the picture is listed
    /// in `graphics`. The caller checks that it is wholly on the canvas.
    mutating func place(_ graphic: TerminalGraphic, x: Int, y: Int) {
        let placement = GraphicPlacement(graphic: graphic, x: x, y: y)
        let area = placement.rect.intersection(bounds)
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                put(Cell(text: " ", width: 1, style: cells[row * width + column].style), x: column, y: row)
            }
        }
        graphics.append(placement)
    }

    /// Notes that cells drawn show `graphic` as kitty placeholders, for the backend to upload it.
    mutating func holdPlaceholderImage(_ graphic: TerminalGraphic) {
        if !placeholderImages.contains(where: { $0.id == graphic.id }) { placeholderImages.append(graphic) }
    }

    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        if !graphics.isEmpty { graphics.removeAll { $0.rect.contains(x: x, y: y) } }
        let index = y * width + x
        // Overwriting half of a wide grapheme blanks the other half.
        if cells[index].isContinuation, x > 0, cell.width != 0 {
            cells[index - 1] = Cell(text: " ", width: 1, style: cells[index - 1].style)
        }
        if cells[index].width == 2, cell.width != 2, x + 1 < width {
            cells[index + 1] = Cell(text: " ", width: 1, style: cells[index + 1].style)
        }
        cells[index] = cell
    }
}
