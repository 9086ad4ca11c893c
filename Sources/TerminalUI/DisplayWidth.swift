/// Display width of text in terminal columns, per grapheme, agreeing with the `wcwidth` that
/// ncurses uses to advance its cursor.
public enum DisplayWidth {
    /// Columns one code point takes: 0, 1 or 2; control characters take 0 (they are never drawn).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        if contains(WidthTable.zero, value) { return 0 }
        if contains(WidthTable.wide, value) { return 2 }
        return 1
    }

    /// The cells a grapheme is drawn as: usually one, two for a flag (each regional indicator is
    /// one column to `wcwidth`), none for a control character.
    ///
    /// A cell may hold a spacing code point followed only by zero-width ones (that is all ncurses'
    /// `cchar_t` can carry), so what follows a zero-width joiner, a skin-tone modifier or any other
    /// spacing code point inside the grapheme is dropped: "👍🏽" is drawn as "👍". The text loses a
    /// modifier but the columns after it stay where they belong, whatever the terminal's own idea
    /// of the sequence's width.
    public static func cells(of grapheme: Character) -> [(text: String, width: Int)] {
        let scalars = grapheme.unicodeScalars
        guard let first = scalars.first else { return [] }
        if isRegionalIndicator(first) {
            return scalars.filter(isRegionalIndicator).prefix(2).map { (String($0), 1) }
        }
        let width = of(first)
        guard width > 0 else { return [] }
        var kept = String.UnicodeScalarView()
        kept.append(first)
        var combining = 0
        for scalar in scalars.dropFirst() {
            if scalar.value == 0x200D || of(scalar) != 0 { break }
            // A variation selector asking a narrow symbol for emoji presentation would make some
            // terminals draw it two columns wide while wcwidth says one.
            if width == 1 && scalar.value == 0xFE0F { continue }
            if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { continue }
            // ncurses keeps at most four non-spacing characters per cell.
            guard combining < 4 else { continue }
            kept.append(scalar)
            combining += 1
        }
        return [(String(kept), width)]
    }

    /// Columns a grapheme takes once drawn.
    public static func of(_ grapheme: Character) -> Int {
        if let width = asciiWidth(grapheme) { return width }
        return cells(of: grapheme).reduce(0) { $0 + $1.width }
    }

    /// Columns a one-byte grapheme (one ASCII scalar) takes, 1 or 0 for a control character;
    /// nil for any other, which `cells(of:)` measures. The fast path of measuring and drawing.
    /// (Not `isASCII`: it compares the grapheme with "\r\n", which for any other grapheme is a
    /// full string comparison, normalising both sides.)
    static func asciiWidth(_ grapheme: Character) -> Int? {
        let utf8 = grapheme.utf8
        guard utf8.count == 1, let byte = utf8.first else { return nil }
        return of(Unicode.Scalar(byte))
    }

    /// Columns a string takes once drawn.
    public static func of(_ text: String) -> Int {
        var total = 0
        for grapheme in text { total += of(grapheme) }
        return total
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < ranges[mid].lowerBound {
                high = mid - 1
            } else if value > ranges[mid].upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}

extension String {
    /// Columns this text takes once drawn.
    public var displayWidth: Int { DisplayWidth.of(self) }

    /// This text cut to at most `width` columns, ending in "…" when anything was cut.
    ///
    /// Reads at most `width` columns' worth of graphemes, so a field of a million characters
    /// costs what a short one does.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let room = width - ellipsis.displayWidth
        var used = 0
        var index = startIndex
        // The end of the longest prefix that leaves room for the ellipsis.
        var cut = startIndex
        while index < endIndex {
            used += DisplayWidth.of(self[index])
            if used > width {
                guard room > 0 else { return String(repeating: ".", count: width) }
                return String(self[..<cut]) + ellipsis
            }
            formIndex(after: &index)
            if used <= room { cut = index }
        }
        return self
    }

    /// This text padded with spaces (or cut) to exactly `width` columns.
    public func padded(toWidth width: Int, alignRight: Bool = false) -> String {
        let cut = truncated(toWidth: width)
        let gap = max(0, width - cut.displayWidth)
        let padding = String(repeating: " ", count: gap)
        return alignRight ? padding + cut : cut + padding
    }

    /// This text broken into lines of at most `width` columns, at spaces where it can be and
    /// inside a word only when the word alone is wider than a line. Newlines start new lines.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(contentsOf: Self.wrapParagraph(String(paragraph), width: width))
        }
        return lines
    }

    /// One pass over the paragraph's graphemes: a word wider than a line is cut as it is read,
    /// so wrapping costs the same per character however long a word is.
    private static func wrapParagraph(_ paragraph: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = DisplayWidth.of(String(word))
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            guard wordWidth > width else {
                line = String(word)
                lineWidth = wordWidth
                continue
            }
            for grapheme in word {
                let graphemeWidth = DisplayWidth.of(grapheme)
                if lineWidth > 0 && lineWidth + graphemeWidth > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                line.append(grapheme)
                lineWidth += graphemeWidth
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
