/// Turns pictures into DEC sixel (XTerm `-ti vt340`, foot, Windows Terminal, WezTerm, Konsole,
/// iTerm2): the picture as bands six pixels tall, each band one pass per colour it uses, in up
/// to 256 colour registers chosen for the picture.
public enum SixelEncoder {
    /// What showing `image` in `slot` takes: the picture at the fit's exact pixel size (sixel
    /// can't be scaled by the terminal), with the cursor saved before and restored after, since
    /// drawing sixel moves it; and the cells the picture covers from the cursor.
    public static func picture(_ image: PixelImage, for slot: PictureSlot) -> (bytes: [UInt8], fit: PictureFit) {
        let fit = slot.fit(width: image.width, height: image.height)
        guard !fit.isEmpty else { return ([], fit) }
        return (SavedCursor.around(encode(fit.scaled(image))), fit)
    }

    /// `image` as one sixel image at its own pixel size: `DCS 0;1;0 q "1;1;W;H`, the colour
    /// registers, the bands, `ST`. Empty for an empty picture.
    ///
    /// `0;1;0`: the default aspect, then 1 — pixels no colour sets are left as they were (every
    /// pixel is set here, and 0 would first clear the whole box to the background); `"1;1`
    /// makes pixels square.
    public static func encode(_ image: PixelImage) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { return [] }
        let colours = ColorQuantizer(image)
        var output = Array("\u{1b}P0;1;0q\"1;1;\(image.width);\(image.height)".utf8)
        output.reserveCapacity(image.width * image.height / 2)
        // Room for the registers (at most 18 bytes each) or for one band: each colour's pass at
        // most `$#nnn` and a byte a column (a run of four or more is never longer written as
        // `!count`), then `-`.
        let room = colours.palette.count * (max(18, image.width + 5)) + 1
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        defer { scratch.deallocate() }
        var writer = Writer(start: scratch)
        for (index, colour) in colours.palette.enumerated() {
            // `#n;2;r;g;b`: register n, in RGB (2), as percentages.
            writer.append(UInt8(ascii: "#"))
            writer.append(decimal: index)
            writer.append(UInt8(ascii: ";"))
            writer.append(UInt8(ascii: "2"))
            for channel in [colour.r, colour.g, colour.b] {
                writer.append(UInt8(ascii: ";"))
                writer.append(decimal: percent(channel))
            }
        }
        writer.flush(into: &output)
        appendBands(of: colours.indices, width: image.width, height: image.height, colours: colours.palette.count,
                    writer: &writer, to: &output)
        output += [0x1b, UInt8(ascii: "\\")]
        return output
    }

    /// Bytes written through a pointer into room made beforehand, then moved to the output at
    /// once: a band is many single bytes, and appending each to an array would check its
    /// capacity and uniqueness every time.
    private struct Writer {
        let start: UnsafeMutablePointer<UInt8>
        private var end: UnsafeMutablePointer<UInt8>

        init(start: UnsafeMutablePointer<UInt8>) {
            self.start = start
            end = start
        }

        mutating func append(_ byte: UInt8) {
            end.pointee = byte
            end += 1
        }

        /// `value` (not negative) in decimal ASCII digits.
        mutating func append(decimal value: Int) {
            var divisor = 1
            while divisor * 10 <= value { divisor *= 10 }
            while divisor > 0 {
                append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }

        /// Appends what was written to `output` and starts over.
        mutating func flush(into output: inout [UInt8]) {
            output.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
            end = start
        }
    }

    /// A channel as sixel's colour registers take it: a percentage, rounded.
    private static func percent(_ channel: UInt8) -> Int {
        (Int(channel) * 100 + 127) / 255
    }

    /// The bands: for each colour a band uses, `#n` and its column masks run-length encoded,
    /// `$` back to the band's start between colours (unless the next colour starts where the
    /// last ended), `-` down to the next band between bands.
    ///
    /// A pass paints over what earlier passes set, so a colour's masks need only cover its own
    /// pixels and may also set any pixel a later pass of the band paints: the band's colours take
    /// their passes from the one with the most pixels down, and each pass picks, within those
    /// bounds, the masks that make its runs longest. The first colour is then mostly `!n~`, and
    /// the gaps between a later colour's pixels fill with its neighbours' runs. The picture that
    /// comes out is the same pixel for pixel; only the bytes are fewer.
    private static func appendBands(of indices: [UInt8], width: Int, height: Int, colours: Int, writer: inout Writer,
                                    to output: inout [UInt8]) {
        // One row of six-bit column masks per colour; a colour's row is cleared once written.
        var masks = [UInt8](repeating: 0, count: colours * width)
        // The band's pixels no pass has painted in their own colour yet.
        var unpainted = [UInt8](repeating: 0, count: width)
        var counts = [Int](repeating: 0, count: colours)
        var used: [Int] = []
        used.reserveCapacity(colours)
        indices.withUnsafeBufferPointer { indices in
            masks.withUnsafeMutableBufferPointer { masks in
                unpainted.withUnsafeMutableBufferPointer { unpainted in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for top in stride(from: 0, to: height, by: 6) {
                            let rows = min(6, height - top)
                            for dy in 0..<rows {
                                let bit = UInt8(1) << dy
                                let row = (top + dy) * width
                                for x in 0..<width {
                                    let colour = Int(indices[row + x])
                                    if counts[colour] == 0 { used.append(colour) }
                                    counts[colour] += 1
                                    masks[colour * width + x] |= bit
                                }
                            }
                            unpainted.update(repeating: UInt8(1 << rows) - 1)
                            // Most pixels first; of equal counts, the lower register, so the bytes are always the same.
                            used.sort { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
                            // Where the last pass left off: a colour whose pixels all lie beyond it
                            // carries on from there, without `$` and the columns before.
                            var column = 0
                            for colour in used {
                                let row = UnsafeMutableBufferPointer(rebasing: masks[(colour * width)..<((colour + 1) * width)])
                                if column > 0 && row[..<column].contains(where: { $0 != 0 }) {
                                    writer.append(UInt8(ascii: "$"))
                                    column = 0
                                }
                                writer.append(UInt8(ascii: "#"))
                                writer.append(decimal: colour)
                                column = appendRuns(of: row, within: unpainted, from: column, to: &writer)
                                counts[colour] = 0
                            }
                            used.removeAll(keepingCapacity: true)
                            if top + 6 < height { writer.append(UInt8(ascii: "-")) }
                            writer.flush(into: &output)
                        }
                    }
                }
            }
        }
    }

    /// One colour's pass across a band from column `start` (where the colour has no pixel
    /// before): masks that set all of `own` and nothing outside `unpainted`, in as few runs as
    /// that allows (each run as long as it can go: a run's mask must hold every one of its
    /// columns' own pixels and fit in every one's unpainted ones). A run of four or more is
    /// `!count` and the character; the columns after the colour's last pixel are left out (`$`
    /// or `-` ends the row anyway). Then marks the colour's pixels painted and clears `own` for
    /// the next band. Answers the column the pass ended at.
    private static func appendRuns(of own: UnsafeMutableBufferPointer<UInt8>, within unpainted: UnsafeMutableBufferPointer<UInt8>,
                                   from start: Int, to writer: inout Writer) -> Int {
        var end = own.count
        while end > start && own[end - 1] == 0 { end -= 1 }
        var x = start
        while x < end {
            var needed = own[x], allowed = unpainted[x]
            var run = 1
            while x + run < end {
                let nextNeeded = needed | own[x + run], nextAllowed = allowed & unpainted[x + run]
                if nextNeeded & ~nextAllowed != 0 { break }
                needed = nextNeeded
                allowed = nextAllowed
                run += 1
            }
            let character = 0x3f + needed
            if run >= 4 {
                writer.append(UInt8(ascii: "!"))
                writer.append(decimal: run)
                writer.append(character)
            } else {
                for _ in 0..<run { writer.append(character) }
            }
            x += run
        }
        for x in start..<end {
            unpainted[x] &= ~own[x]
            own[x] = 0
        }
        return end
    }
}
