/// What an image slot shows: a photo drawn in half blocks, or an initials badge.
public struct Picture: Sendable, Equatable {
    /// The letters of an initials badge, shown when there is no image.
    public var initials: String
    /// Picks the badge colour, so a person keeps the same colour everywhere.
    public var colorSeed: Int
    /// A line under the picture, e.g. "photo can't be shown: not a JPEG or PNG".
    public var caption: String?
    /// The photo, once decoded and rendered for this slot.
    public var image: CellImage?
    /// The photo's slot: the photo is centred in it, and while it loads its rows are kept free
    /// so the fields below don't jump when it arrives. Nil: no photo is expected.
    public var slot: Size?

    public init(initials: String, colorSeed: Int, caption: String? = nil, image: CellImage? = nil, slot: Size? = nil) {
        self.initials = initials
        self.colorSeed = colorSeed
        self.caption = caption
        self.image = image
        self.slot = slot
    }

    /// Up to two initials from a name: "Mari Tamm" → "MT".
    public static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: { $0 == " " || $0 == "-" }).filter { $0.first?.isLetter == true }
        let letters = words.prefix(1) + words.dropFirst().suffix(1)
        let result = letters.compactMap { $0.first.map { String($0).uppercased() } }.joined()
        return result.isEmpty ? "?" : result
    }
}

/// A piece of a detail pane, top to bottom.
public enum DetailBlock: Sendable, Equatable {
    case title(String)
    case subtitle(String)
    case field(label: String, value: String)
    case paragraph(String)
    case list(label: String, items: [String])
    case picture(Picture)
    case button(String)
    case notice(String, isError: Bool)
    /// A link the source declares ("In Pipedrive"): its title, underlined, linked to `url`.
    case link(title: String, url: String)
    /// A field naming another record that Enter opens: drawn as a field, its value underlined.
    case reference(label: String, value: String)
    case gap
}

extension DetailBlock {
    /// The address this block links to: a declared link's, or a field's whose whole value is
    /// an http(s) address; nil for any other block.
    public var linkAddress: String? {
        switch self {
        case .link(_, let url): return Hyperlink.sanitized(url)
        case .field(_, let value): return Hyperlink.sanitized(value)
        default: return nil
        }
    }
}

extension [DetailBlock] {
    /// The detail's first link, the one `o` opens: the first declared link (the record's own
    /// page), else the first field that is an address.
    public var firstLinkAddress: String? {
        let declared = lazy.compactMap { block -> String? in
            if case .link = block { return block.linkAddress }
            return nil
        }.first
        return declared ?? lazy.compactMap(\.linkAddress).first
    }
}

/// The detail pane: blocks laid out in lines, wrapped to the pane and scrolled.
public struct DetailView {
    public var blocks: [DetailBlock]
    public var scroll: Int
    public var theme: Theme
    public var glyphs: Glyphs

    public init(blocks: [DetailBlock], scroll: Int = 0, theme: Theme, glyphs: Glyphs) {
        self.blocks = blocks
        self.scroll = scroll
        self.theme = theme
        self.glyphs = glyphs
    }

    /// How many lines the blocks take at a width, for scrolling.
    public func contentHeight(width: Int) -> Int {
        layout(width: width).lines.count
    }

    /// The block drawn at screen row `y` of `area`, e.g. to press a button that was clicked.
    public func block(atScreenRow y: Int, in area: Rect) -> DetailBlock? {
        let laid = layout(width: area.width)
        let start = min(max(0, scroll), max(0, laid.lines.count - area.height))
        let index = start + (y - area.y)
        guard y >= area.y, y < area.maxY, index < laid.owners.count else { return nil }
        return blocks[laid.owners[index]]
    }

    /// Draws the visible lines into `area`.
    public func render(into canvas: inout Canvas, area: Rect) {
        guard !area.isEmpty else { return }
        let lines = layout(width: area.width).lines
        let start = min(max(0, scroll), max(0, lines.count - area.height))
        for (row, line) in lines.dropFirst(start).prefix(area.height).enumerated() {
            line(&canvas, area.x, area.y + row, area)
        }
    }

    private typealias Line = (inout Canvas, Int, Int, Rect) -> Void

    /// The lines, and for each the index of the block it belongs to.
    private func layout(width: Int) -> (lines: [Line], owners: [Int]) {
        guard width > 0 else { return ([], []) }
        var lines: [Line] = []
        var owners: [Int] = []
        let labelWidth = min(16, blocks.reduce(0) { result, block in
            switch block {
            case .field(let label, _), .reference(let label, _): return max(result, label.displayWidth)
            default: return result
            }
        })
        for (index, block) in blocks.enumerated() {
            defer { owners += Array(repeating: index, count: lines.count - owners.count) }
            switch block {
            case .title(let text):
                lines += text.wrapped(toWidth: width).map { textLine($0, theme.title) }
            case .subtitle(let text):
                lines += text.wrapped(toWidth: width).map { textLine($0, theme.dim) }
            case .paragraph(let text):
                lines += text.wrapped(toWidth: width).map { textLine($0, theme.text) }
            case .notice(let text, let isError):
                lines += text.wrapped(toWidth: width).map { textLine($0, isError ? theme.error : theme.dim) }
            case .gap:
                lines.append { _, _, _, _ in }
            case .field(let label, let value):
                lines += fieldLines(label: label, value: value, labelWidth: labelWidth, width: width)
            case .reference(let label, let value):
                lines += fieldLines(label: label, value: value, labelWidth: labelWidth, width: width, underlined: true)
            case .list(let label, let items):
                lines.append(textLine(label, theme.label))
                for item in items {
                    let wrapped = item.wrapped(toWidth: max(1, width - 4))
                    for (n, part) in wrapped.enumerated() {
                        let prefix = n == 0 ? "  \(glyphs.bullet) " : "    "
                        lines.append(textLine(prefix + part, theme.text))
                    }
                }
            case .link(let title, let url):
                let address = Hyperlink.sanitized(url)
                let style = address == nil ? theme.text : theme.text.adding(.underline)
                lines += "\(glyphs.bullet) \(title)".wrapped(toWidth: width).map { textLine($0, style, link: address) }
            case .button(let label):
                lines.append { canvas, x, y, clip in
                    canvas.write(" \(label) ", x: x, y: y, style: theme.button, clip: clip)
                }
            case .picture(let picture):
                lines += pictureLines(picture, width: width)
            }
        }
        return (lines, owners)
    }

    private func textLine(_ text: String, _ style: Style, link: String? = nil) -> Line {
        { canvas, x, y, clip in canvas.write(text, x: x, y: y, style: style, clip: clip, link: link) }
    }

    /// A field's lines; a value that is an http(s) address is underlined and linked, each of
    /// its wrapped lines to the whole address.
    private func fieldLines(label: String, value: String, labelWidth: Int, width: Int, underlined: Bool = false) -> [Line] {
        let address = underlined ? nil : Hyperlink.sanitized(value)
        let style = address == nil && !underlined ? theme.text : theme.text.adding(.underline)
        let valueWidth = width - labelWidth - 2
        guard valueWidth >= 12 else {
            // Too narrow for two columns: the label above its value.
            return [textLine(label, theme.label)] + value.wrapped(toWidth: width).map { textLine($0, style, link: address) }
        }
        let parts = value.isEmpty ? [""] : value.wrapped(toWidth: valueWidth)
        return parts.enumerated().map { n, part in
            { canvas, x, y, clip in
                if n == 0 { canvas.write(label.truncated(toWidth: labelWidth), x: x, y: y, style: theme.label, clip: clip) }
                canvas.write(part, x: x + labelWidth + 2, y: y, style: style, clip: clip, link: address)
            }
        }
    }

    /// The photo, or an initials badge: a block of colour about twice as wide as tall, so it
    /// looks square; while a photo loads the badge sits in the photo's reserved rows.
    private func pictureLines(_ picture: Picture, width: Int) -> [Line] {
        var lines: [Line] = []
        if let image = picture.image {
            // Centred in its slot both ways, so photos of any aspect sit in the same frame.
            let slot = picture.slot ?? Size(width: image.columns, height: image.rows)
            let indent = max(0, (slot.width - image.columns) / 2)
            let top = max(0, (slot.height - image.rows) / 2)
            lines = (0..<max(slot.height, image.rows)).map { line in
                let row = line - top
                guard row >= 0 && row < image.rows else { return { _, _, _, _ in } }
                // The whole picture at once, from its first line on the screen: a picture the
                // terminal draws itself is placed only when all of it is inside the pane.
                return { canvas, x, y, clip in
                    guard row == 0 || y == clip.y else { return }
                    canvas.draw(image, x: x + indent, y: y - row, clip: clip)
                }
            }
        } else {
            let rows = 5
            let columns = min(width, rows * 2 + 2)
            let color = theme.badgeColors[abs(picture.colorSeed) % theme.badgeColors.count]
            let fill = theme.isMonochrome ? theme.badgeText : Style(foreground: .white, background: color, attributes: .bold)
            lines = (0..<rows).map { row in
                { canvas, x, y, clip in
                    canvas.fill(Rect(x: x, y: y, width: columns, height: 1).intersection(clip), style: fill)
                    if row == rows / 2 {
                        let text = picture.initials
                        canvas.write(text, x: x + (columns - text.displayWidth) / 2, y: y, style: fill, clip: clip)
                    }
                }
            }
            while lines.count < picture.slot?.height ?? 0 { lines.append { _, _, _, _ in } }
        }
        if let caption = picture.caption {
            lines += caption.wrapped(toWidth: width).map { textLine($0, theme.dim) }
        }
        lines.append { _, _, _, _ in }
        return lines
    }
}
