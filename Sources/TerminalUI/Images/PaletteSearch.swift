/// Nearest-colour search over a set of palette entries in OKLab: the xterm palette's, or a picture's own.
///
/// Entries are kept sorted by lightness, so a search walks outwards from the query's lightness
/// and stops once lightness alone is farther than the best match: a few dozen distance checks
/// instead of all 240, which keeps building the lookup table quick.
struct PaletteSearch {
    private let entries: [(colour: OKLab, index: UInt8)]

    /// A search over the xterm palette entries `indices`.
    init(indices: Range<Int>) {
        self.init(entries: indices.map { index in
            let rgb = ColorMapping.rgb(ofPaletteIndex: index)
            return (OKLab(red: Double(rgb.r), green: Double(rgb.g), blue: Double(rgb.b)), UInt8(index))
        })
    }

    /// A search over a picture's own palette (at most 256 colours), answering positions in it.
    init(colours: [OKLab]) {
        precondition(colours.count <= 256, "a palette holds at most 256 colours")
        self.init(entries: colours.enumerated().map { ($0.element, UInt8($0.offset)) })
    }

    private init(entries: [(colour: OKLab, index: UInt8)]) {
        self.entries = entries.sorted { $0.colour.l < $1.colour.l }
    }

    /// The palette index nearest to `colour`; of equally near entries, the lowest index.
    func nearest(to colour: OKLab) -> UInt8 {
        var above = firstIndex(lightnessAtLeast: colour.l)
        var below = above - 1
        var best = UInt8(0), bestDistance = Double.infinity
        while below >= 0 || above < entries.count {
            let gapBelow = below >= 0 ? colour.l - entries[below].colour.l : .infinity
            let gapAbove = above < entries.count ? entries[above].colour.l - colour.l : .infinity
            let useBelow = gapBelow <= gapAbove
            if min(gapBelow, gapAbove) * min(gapBelow, gapAbove) >= bestDistance { break }
            let candidate = entries[useBelow ? below : above]
            let distance = colour.distanceSquared(to: candidate.colour)
            if distance < bestDistance || (distance == bestDistance && candidate.index < best) {
                bestDistance = distance
                best = candidate.index
            }
            if useBelow { below -= 1 } else { above += 1 }
        }
        return best
    }

    /// The first entry whose lightness is at least `lightness` (binary search).
    private func firstIndex(lightnessAtLeast lightness: Double) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].colour.l < lightness { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
