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
        for (index, colour) in colours.palette.enumerated() {
            // `#n;2;r;g;b`: register n, in RGB (2), as percentages.
            output.append(UInt8(ascii: "#"))
            output.appendDecimal(index)
            output += Array(";2".utf8)
            for channel in [colour.r, colour.g, colour.b] {
                output.append(UInt8(ascii: ";"))
                output.appendDecimal(percent(channel))
            }
        }
        appendBands(of: colours.indices, width: image.width, height: image.height, colours: colours.palette.count, to: &output)
        output += [0x1b, UInt8(ascii: "\\")]
        return output
    }

    /// A channel as sixel's colour registers take it: a percentage, rounded.
    private static func percent(_ channel: UInt8) -> Int {
        (Int(channel) * 100 + 127) / 255
    }

    /// The bands: for each colour a band uses, `#n` and its column masks run-length encoded,
    /// `$` back to the band's start between colours, `-` down to the next band between bands.
    private static func appendBands(of indices: [UInt8], width: Int, height: Int, colours: Int, to output: inout [UInt8]) {
        // One row of six-bit column masks per colour; a colour's row is cleared once written.
        var masks = [UInt8](repeating: 0, count: colours * width)
        var isUsed = [Bool](repeating: false, count: colours)
        var used: [Int] = []
        used.reserveCapacity(colours)
        indices.withUnsafeBufferPointer { indices in
            masks.withUnsafeMutableBufferPointer { masks in
                for top in stride(from: 0, to: height, by: 6) {
                    for dy in 0..<min(6, height - top) {
                        let bit = UInt8(1) << dy
                        let row = (top + dy) * width
                        for x in 0..<width {
                            let colour = Int(indices[row + x])
                            if !isUsed[colour] {
                                isUsed[colour] = true
                                used.append(colour)
                            }
                            masks[colour * width + x] |= bit
                        }
                    }
                    for (position, colour) in used.enumerated() {
                        if position > 0 { output.append(UInt8(ascii: "$")) }
                        output.append(UInt8(ascii: "#"))
                        output.appendDecimal(colour)
                        let row = UnsafeMutableBufferPointer(rebasing: masks[(colour * width)..<((colour + 1) * width)])
                        appendRuns(row, to: &output)
                        row.update(repeating: 0)
                        isUsed[colour] = false
                    }
                    used.removeAll(keepingCapacity: true)
                    if top + 6 < height { output.append(UInt8(ascii: "-")) }
                }
            }
        }
    }

    /// One colour's masks across a band, a run of four or more as `!count` and the character;
    /// the empty run at the end is left out (`$` or `-` ends the row anyway).
    private static func appendRuns(_ masks: UnsafeMutableBufferPointer<UInt8>, to output: inout [UInt8]) {
        var end = masks.count
        while end > 0 && masks[end - 1] == 0 { end -= 1 }
        var x = 0
        while x < end {
            let mask = masks[x]
            var run = 1
            while x + run < end && masks[x + run] == mask { run += 1 }
            let character = 0x3f + mask
            if run >= 4 {
                output.append(UInt8(ascii: "!"))
                output.appendDecimal(run)
                output.append(character)
            } else {
                for _ in 0..<run { output.append(character) }
            }
            x += run
        }
    }
}

extension [UInt8] {
    /// Appends `value` (not negative) in decimal ASCII digits.
    mutating func appendDecimal(_ value: Int) {
        if value >= 10 { appendDecimal(value / 10) }
        append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
