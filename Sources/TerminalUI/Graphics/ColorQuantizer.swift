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
        // Each bin key's position in `bins` plus one, 0 for keys no pixel has.
        var positions = [UInt32](repeating: 0, count: 1 << (3 * Self.bits))
        let bins = Self.histogram(image, positions: &positions)
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
        indices = Self.indices(image, positions: positions, assignment: assignment)
    }

    /// The bin key of the pixel at byte `offset`: its channels' top `bits` bits side by side.
    @inline(__always)
    private static func key(_ pixels: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        let shift = 8 - bits
        return Int(pixels[offset] >> shift) << (2 * bits) | Int(pixels[offset + 1] >> shift) << bits
            | Int(pixels[offset + 2] >> shift)
    }

    /// The bins that hold pixels, in the order of their keys, with their pixels' mean colours;
    /// fills in `positions`. One pass over the pixels sums them into bins in the order they
    /// are met, so only the bins a picture has (thousands) are looked at afterwards, not all
    /// 262,144 keys.
    private static func histogram(_ image: PixelImage, positions: inout [UInt32]) -> [Bin] {
        var keys: [Int] = []
        // Per bin in the order met: pixel count, then red, green and blue sums. A picture has
        // at most one bin a pixel.
        let sums = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 4 * min(image.width * image.height, positions.count))
        defer { sums.deallocate() }
        image.pixels.withUnsafeBufferPointer { pixels in
            positions.withUnsafeMutableBufferPointer { positions in
                for offset in stride(from: 0, to: image.width * image.height * 3, by: 3) {
                    let key = key(pixels, offset)
                    let red = UInt32(pixels[offset]), green = UInt32(pixels[offset + 1]), blue = UInt32(pixels[offset + 2])
                    var sum = Int(positions[key]) * 4 - 4
                    if sum < 0 {
                        keys.append(key)
                        positions[key] = UInt32(keys.count)
                        sum = keys.count * 4 - 4
                        sums[sum] = 1
                        sums[sum + 1] = red
                        sums[sum + 2] = green
                        sums[sum + 3] = blue
                    } else {
                        sums[sum] += 1
                        sums[sum + 1] += red
                        sums[sum + 2] += green
                        sums[sum + 3] += blue
                    }
                }
            }
        }
        return keys.sorted().enumerated().map { position, key in
            let sum = Int(positions[key] - 1) * 4
            positions[key] = UInt32(position + 1)
            let weight = Double(sums[sum])
            let red = Double(sums[sum + 1]), green = Double(sums[sum + 2]), blue = Double(sums[sum + 3])
            return Bin(colour: OKLab(red: red / weight, green: green / weight, blue: blue / weight),
                       weight: weight, red: red, green: green, blue: blue)
        }
    }

    /// Each pixel's palette position: its bin's.
    private static func indices(_ image: PixelImage, positions: [UInt32], assignment: [UInt8]) -> [UInt8] {
        let count = image.width * image.height
        return [UInt8](unsafeUninitializedCapacity: count) { indices, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                positions.withUnsafeBufferPointer { positions in
                    for pixel in 0..<count {
                        indices[pixel] = assignment[Int(positions[key(pixels, pixel * 3)]) - 1]
                    }
                }
            }
            initialized = count
        }
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

    /// `count` clusters (or fewer, when the picture has fewer colours) by median cut. Boxes are
    /// ranges of `order`, bins' positions, which is sorted in place rather than the bins.
    private static func medianCut(_ bins: [Bin], count: Int) -> [Cluster] {
        var order = Array(bins.indices)
        // Each axis's coordinates by bin, for sorting along it.
        let coordinates = (0..<3).map { axis in bins.map { component(axis, of: $0.colour) } }
        var boxes = [Box(range: order.indices, error: moments(bins, order[...]).error)]
        while boxes.count < count {
            guard let worst = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }),
                  boxes[worst].error > 0, boxes[worst].range.count > 1 else { break }
            let range = boxes[worst].range
            let axis = widestAxis(bins, order[range])
            coordinates[axis].withUnsafeBufferPointer { values in order[range].sort { values[$0] < values[$1] } }
            let cut = bestCut(bins, order[range])
            boxes[worst] = Box(range: range.lowerBound..<cut, error: moments(bins, order[range.lowerBound..<cut]).error)
            boxes.append(Box(range: cut..<range.upperBound, error: moments(bins, order[cut..<range.upperBound]).error))
        }
        return boxes.map { box in order[box.range].reduce(into: Cluster()) { $0.add(bins[$1]) } }
    }

    private static func moments(_ bins: [Bin], _ order: ArraySlice<Int>) -> Moments {
        order.reduce(into: Moments()) { $0.add(bins[$1]) }
    }

    /// The OKLab axis (0 = L, 1 = a, 2 = b) along which the bins vary most.
    private static func widestAxis(_ bins: [Bin], _ order: ArraySlice<Int>) -> Int {
        let spreads = (0..<3).map { axis in
            var weight = 0.0, sum = 0.0, squares = 0.0
            for position in order {
                let bin = bins[position], x = component(axis, of: bin.colour)
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
    private static func bestCut(_ bins: [Bin], _ order: ArraySlice<Int>) -> Int {
        var left = Moments(), right = moments(bins, order)
        var best = order.startIndex + 1, bestError = Double.infinity
        for index in order.startIndex..<(order.endIndex - 1) {
            left.add(bins[order[index]])
            right.add(bins[order[index]], sign: -1)
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
