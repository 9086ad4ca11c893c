/// The OSC 8 sequences that make a frame's linked cells hyperlinks, written after ncurses has
/// drawn the frame.
///
/// ncurses knows nothing of hyperlinks, so the linked cells it drew are written again, with the
/// same text and look, between `ESC ] 8 ; ; address ESC \` and `ESC ] 8 ; ; ESC \`. The whole
/// batch sits between DECSC and DECRC (`ESC 7` … `ESC 8`), which put the cursor and the
/// character attributes back where ncurses left them, so its idea of the screen stays true.
enum HyperlinkOutput {
    /// The bytes for `canvas`: every linked cell on a full repaint (`changed` nil), else each
    /// changed cell that is linked now or was in `previous` (ncurses skips a cell whose text
    /// and look stayed, so a link that went away must be written over). Empty when nothing is due.
    static func bytes(for canvas: Canvas, previous: Canvas?, changed: [Bool]?, space: ColorSpace) -> [UInt8] {
        guard !canvas.links.isEmpty || previous.map({ !$0.links.isEmpty }) == true else { return [] }
        let sameSize = previous?.size == canvas.size
        var output: [UInt8] = []
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                let index = y * canvas.width + x
                guard isDue(index, canvas: canvas, previous: sameSize ? previous : nil, changed: changed) else {
                    x += 1
                    continue
                }
                let link = canvas.cells[index].link
                var end = x + 1
                while end < canvas.width {
                    let next = y * canvas.width + end
                    let cell = canvas.cells[next]
                    guard cell.link == link, cell.isContinuation || isDue(next, canvas: canvas, previous: sameSize ? previous : nil, changed: changed) else { break }
                    end += 1
                }
                output += run(canvas, y: y, from: x, to: end, address: canvas.address(ofLink: link), space: space)
                x = end
            }
        }
        return output.isEmpty ? [] : SavedCursor.around(output + Array("\u{1b}[0m".utf8))
    }

    /// `ESC ] 8 ; ; address ESC \`: the text after it links to `address`.
    static func opening(_ address: String) -> [UInt8] { Array("\u{1b}]8;;\(address)\u{1b}\\".utf8) }

    /// `ESC ] 8 ; ; ESC \`: the text after it links nowhere.
    static let closing: [UInt8] = Array("\u{1b}]8;;\u{1b}\\".utf8)

    /// Whether cell `index` is written again: it is the start of a grapheme, and linked on a full
    /// repaint, or changed and linked now or before.
    private static func isDue(_ index: Int, canvas: Canvas, previous: Canvas?, changed: [Bool]?) -> Bool {
        let cell = canvas.cells[index]
        guard !cell.isContinuation else { return false }
        guard let changed else { return cell.link != 0 }
        guard changed[index] else { return false }
        return cell.link != 0 || (previous?.cells[index].link ?? 0) != 0
    }

    /// Cells `from..<to` of row `y`: the cursor moved there, each grapheme in its look, linked
    /// to `address` (nil: to nothing).
    private static func run(_ canvas: Canvas, y: Int, from: Int, to: Int, address: String?, space: ColorSpace) -> [UInt8] {
        var bytes = Array("\u{1b}[\(y + 1);\(from + 1)H".utf8)
        if let address { bytes += opening(address) }
        var look: Style?
        for x in from..<to {
            let cell = canvas[x, y]
            if cell.isContinuation { continue }
            if look != cell.style {
                bytes += Array(selectGraphicRendition(cell.style, in: space).utf8)
                look = cell.style
            }
            bytes += Array((cell.text.isEmpty ? " " : cell.text).utf8)
        }
        if address != nil { bytes += closing }
        return bytes
    }

    /// The SGR sequence that gives the terminal `style` as ncurses shows it in `space`: the
    /// attributes, then the colours by the numbers ``ColorMapping`` gives ncurses.
    static func selectGraphicRendition(_ style: Style, in space: ColorSpace) -> String {
        var codes = ["0"]
        let attributes: [(TextAttributes, String)] = [(.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7")]
        for (attribute, code) in attributes where style.attributes.contains(attribute) { codes.append(code) }
        if let foreground = colorCode(ColorMapping.cursesColor(style.foreground, in: space), in: space, base: 30, bright: 90, extended: 38) {
            codes.append(foreground)
        }
        if let background = colorCode(ColorMapping.cursesColor(style.background, in: space), in: space, base: 40, bright: 100, extended: 48) {
            codes.append(background)
        }
        return "\u{1b}[" + codes.joined(separator: ";") + "m"
    }

    /// The SGR parameters of ncurses colour `number`; nil for the terminal's default (-1).
    private static func colorCode(_ number: Int32, in space: ColorSpace, base: Int, bright: Int, extended: Int) -> String? {
        guard number >= 0 else { return nil }
        let value = Int(number)
        if case .direct(let reserved) = space.numbering, value >= reserved {
            return "\(extended);2;\((value >> 16) & 0xFF);\((value >> 8) & 0xFF);\(value & 0xFF)"
        }
        switch value {
        case 0..<8: return "\(base + value)"
        case 8..<16: return "\(bright + value - 8)"
        default: return "\(extended);5;\(value)"
        }
    }
}
