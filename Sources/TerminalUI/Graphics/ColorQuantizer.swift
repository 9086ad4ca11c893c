/// Chooses at most 256 colours to stand for a picture's, and which of them each pixel gets, for
/// sixel's colour registers.
///
/// Colours are compared in OKLab, as the 256-colour mapping does, so the palette is spent where
/// the eye sees differences. Median cut first: it splits the colour box with the most squared
/// error, along its widest axis, where the two halves' error is least; deterministic, no seeds,
/// one sort a split. Its boxes' means are not quite the best centres, so a few k-means passes
/// follow, seeded by them: seeded so, k-means settles in a handful of passes, where on its own
/// it needs many and random starts (libimagequant pairs the two the same way). Pixels are first
/// gathered into bins of 6 bits a channel, so the work grows with the picture's distinct
/// colours (thousands) rather than its pixels.
struct ColorQuantizer {
    /// The chosen colours: each the mean sRGB colour of the pixels it stood for in the last pass.
    let palette: [RGB]
    /// Each pixel's palette position, row after row.
    let indices: [UInt8]

    /// A histogram bin: its pixels' mean colour, how many they are, and their channel sums.
    private struct Bin {
        var key: Int
        var colour: OKLab
        var weight: Double
        var red: Double, green: Double, blue: Double
    }

    /// The pixels one palette colour stands for, as sums.
    private struct Cluster {
        var weight = 0.0, red = 0.0, green = 0.0, blue = 0.0

        mutating func add(_ bin: Bin) {
            weight += bin.weight
            red += bin.red
            green += bin.green
            blue += bin.blue
        }

        /// The mean colour in OKLab, the space the pixels are matched in.
        var colour: OKLab { OKLab(red: red / weight, green: green / weight, blue: blue / weight) }
        /// The mean colour in sRGB: what makes the squared error of the cluster's pixels least.
        var rgb: RGB { RGB(Self.byte(red / weight), Self.byte(green / weight), Self.byte(blue / weight)) }

        private static func byte(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
    }

    private static let bits = 6
    private static let kMeansPasses = 3

    /// The palette and indices for `image`, with at most `maximumColours` colours (1–256).
    init(_ image: PixelImage, maximumColours: Int = 256) {
        precondition((1...256).contains(maximumColours), "a palette has 1 to 256 colours")
        let keys = Self.binKeys(image)
        let bins = Self.histogram(image, keys: keys)
        guard !bins.isEmpty else {
            palette = []
            indices = []
            return
        }
        var centres = Self.medianCut(bins, count: maximumColours)
        var assignment = [UInt8](repeating: 0, count: bins.count)
        for pass in 0...Self.kMeansPasses {
            let search = PaletteSearch(colours: centres.map(\.colour))
            var clusters = [Cluster](repeating: Cluster(), count: centres.count)
            for (index, bin) in bins.enumerated() {
                let nearest = search.nearest(to: bin.colour)
                assignment[index] = nearest
                clusters[Int(nearest)].add(bin)
            }
            // The last pass only assigns: the palette must be the one the pixels were matched to.
            if pass == Self.kMeansPasses { break }
            for (index, cluster) in clusters.enumerated() where cluster.weight > 0 {
                centres[index] = cluster
            }
        }
        palette = centres.map(\.rgb)
        var table = [UInt8](repeating: 0, count: 1 << (3 * Self.bits))
        for (index, bin) in bins.enumerated() { table[bin.key] = assignment[index] }
        indices = keys.map { table[Int($0)] }
    }

    /// Each pixel's bin: its channels' top `bits` bits side by side.
    private static func binKeys(_ image: PixelImage) -> [UInt32] {
        let shift = 8 - bits
        return image.pixels.withUnsafeBufferPointer { pixels in
            (0..<(image.width * image.height)).map { i in
                UInt32(pixels[i * 3] >> shift) << (2 * bits) | UInt32(pixels[i * 3 + 1] >> shift) << bits
                    | UInt32(pixels[i * 3 + 2] >> shift)
            }
        }
    }

    /// The bins that hold pixels, with their pixels' mean colours.
    private static func histogram(_ image: PixelImage, keys: [UInt32]) -> [Bin] {
        let size = 1 << (3 * bits)
        var counts = [UInt32](repeating: 0, count: size)
        var sums = [UInt32](repeating: 0, count: size * 3)
        image.pixels.withUnsafeBufferPointer { pixels in
            for (i, key) in keys.enumerated() {
                let k = Int(key)
                counts[k] += 1
                sums[k * 3] += UInt32(pixels[i * 3])
                sums[k * 3 + 1] += UInt32(pixels[i * 3 + 1])
                sums[k * 3 + 2] += UInt32(pixels[i * 3 + 2])
            }
        }
        var bins = [Bin]()
        for key in 0..<size where counts[key] > 0 {
            let weight = Double(counts[key])
            let red = Double(sums[key * 3]), green = Double(sums[key * 3 + 1]), blue = Double(sums[key * 3 + 2])
            bins.append(Bin(key: key, colour: OKLab(red: red / weight, green: green / weight, blue: blue / weight),
                            weight: weight, red: red, green: green, blue: blue))
        }
        return bins
    }

    /// A box of bins (a range of the working order) and its squared error.
    private struct Box {
        var range: Range<Int>
        var error: Double
    }

    /// Running weighted sums of OKLab coordinates and their squares, for squared errors.
    private struct Moments {
        var weight = 0.0, l = 0.0, a = 0.0, b = 0.0, squares = 0.0

        mutating func add(_ bin: Bin, sign: Double = 1) {
            let w = bin.weight * sign, c = bin.colour
            weight += w
            l += w * c.l
            a += w * c.a
            b += w * c.b
            squares += w * (c.l * c.l + c.a * c.a + c.b * c.b)
        }

        /// The weighted squared distance of the bins from their mean.
        var error: Double { weight > 0 ? max(0, squares - (l * l + a * a + b * b) / weight) : 0 }
    }

    /// `count` clusters (or fewer, when the picture has fewer colours) by median cut.
    private static func medianCut(_ bins: [Bin], count: Int) -> [Cluster] {
        var items = bins
        var boxes = [Box(range: items.indices, error: moments(items[...]).error)]
        while boxes.count < count {
            guard let worst = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }),
                  boxes[worst].error > 0, boxes[worst].range.count > 1 else { break }
            let range = boxes[worst].range
            let axis = widestAxis(items[range])
            items[range].sort { component(axis, of: $0.colour) < component(axis, of: $1.colour) }
            let cut = bestCut(items[range])
            boxes[worst] = Box(range: range.lowerBound..<cut, error: moments(items[range.lowerBound..<cut]).error)
            boxes.append(Box(range: cut..<range.upperBound, error: moments(items[cut..<range.upperBound]).error))
        }
        return boxes.map { box in items[box.range].reduce(into: Cluster()) { $0.add($1) } }
    }

    private static func moments(_ bins: ArraySlice<Bin>) -> Moments {
        bins.reduce(into: Moments()) { $0.add($1) }
    }

    /// The OKLab axis (0 = L, 1 = a, 2 = b) along which the bins vary most.
    private static func widestAxis(_ bins: ArraySlice<Bin>) -> Int {
        let spreads = (0..<3).map { axis in
            var weight = 0.0, sum = 0.0, squares = 0.0
            for bin in bins {
                let x = component(axis, of: bin.colour)
                weight += bin.weight
                sum += bin.weight * x
                squares += bin.weight * x * x
            }
            return squares - sum * sum / weight
        }
        return spreads.indices.max { spreads[$0] < spreads[$1] }!
    }

    /// Where to split bins sorted along an axis: the index (inside the slice, never at its
    /// ends) that leaves the two halves' summed squared error least.
    private static func bestCut(_ bins: ArraySlice<Bin>) -> Int {
        var left = Moments(), right = moments(bins)
        var best = bins.startIndex + 1, bestError = Double.infinity
        for index in bins.startIndex..<(bins.endIndex - 1) {
            left.add(bins[index])
            right.add(bins[index], sign: -1)
            let error = left.error + right.error
            if error < bestError {
                bestError = error
                best = index + 1
            }
        }
        return best
    }

    private static func component(_ axis: Int, of colour: OKLab) -> Double {
        switch axis {
        case 0: return colour.l
        case 1: return colour.a
        default: return colour.b
        }
    }
}
