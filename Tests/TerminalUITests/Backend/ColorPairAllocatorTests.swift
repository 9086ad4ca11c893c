import Testing
@testable import TerminalUI

private func key(_ foreground: Int32, _ background: Int32) -> ColorPairKey {
    ColorPairKey(foreground: foreground, background: background)
}

/// A screen as the backend drives it: the pair number and pair each cell was drawn with, and
/// what each number is defined as. Its frames go through the allocator as `Terminal.present` does.
private struct ScreenModel {
    var allocator: ColorPairAllocator
    var cells: [Int: (number: Int32, key: ColorPairKey)] = [:]
    var definitions: [Int32: ColorPairKey] = [:]
    var resets = 0

    init(limit: Int) {
        allocator = ColorPairAllocator(limit: limit)
    }

    /// Draws a frame of cell pairs; only cells that changed are sent, unless the table is reset.
    mutating func present(_ frame: [ColorPairKey]) {
        var dirty = frame.indices.filter { cells[$0]?.key != frame[$0] }
        if allocator.makeRoom(for: Set(dirty.map { frame[$0] })) {
            resets += 1
            dirty = Array(frame.indices)
        }
        for index in dirty {
            let pair = allocator.pair(for: frame[index])
            if pair.isNew { definitions[pair.number] = frame[index] }
            cells[index] = (pair.number, frame[index])
        }
    }

    /// Whether every cell on screen shows the colours it was drawn with.
    var isTrue: Bool {
        cells.values.allSatisfy { $0.number == 0 ? $0.key == .terminalDefault : definitions[$0.number] == $0.key }
    }
}

@Suite("ColorPairAllocator")
struct ColorPairAllocatorTests {
    @Test("A pair is numbered once and reused")
    func reuse() {
        var allocator = ColorPairAllocator(limit: 10)
        let first = allocator.pair(for: key(1, 2))
        let second = allocator.pair(for: key(1, 2))
        #expect(first.number == 1 && first.isNew)
        #expect(second.number == 1 && !second.isNew)
        let third = allocator.pair(for: key(2, 1))
        #expect(third.number == 2)
        #expect(allocator.used == 2)
    }

    @Test("The terminal's default colours are pair 0 and use no number")
    func defaultPair() {
        var allocator = ColorPairAllocator(limit: 1)
        let pair = allocator.pair(for: .terminalDefault)
        #expect(pair == (0, false))
        #expect(allocator.used == 0)
        let reset = allocator.makeRoom(for: [.terminalDefault, key(1, -1)])
        #expect(!reset)
    }

    @Test("Redrawing a frame numbers nothing")
    func redraw() {
        var allocator = ColorPairAllocator(limit: 100)
        let keys = (0..<50).map { key(Int32($0), -1) }
        let firstReset = allocator.makeRoom(for: Set(keys))
        #expect(!firstReset)
        for key in keys { _ = allocator.pair(for: key) }
        #expect(allocator.used == 50)
        let secondReset = allocator.makeRoom(for: Set(keys))
        let fresh = keys.filter { allocator.pair(for: $0).isNew }
        #expect(!secondReset)
        #expect(fresh.isEmpty)
        #expect(allocator.used == 50)
    }

    @Test("The table is reset exactly when a frame's new pairs would not fit")
    func resetWhenNeeded() {
        var allocator = ColorPairAllocator(limit: 10)
        for n in 0..<8 { _ = allocator.pair(for: key(Int32(n), -1)) }
        let old = key(0, -1)
        let fits: Set = [old, key(100, 1), key(100, 2)]
        let resetForFit = allocator.makeRoom(for: fits)
        #expect(!resetForFit, "8 used + 2 new = 10 fits")
        let overflows: Set = [old, key(200, 1), key(200, 2), key(200, 3)]
        let resetForOverflow = allocator.makeRoom(for: overflows)
        #expect(resetForOverflow, "8 used + 3 new = 11 does not")
        #expect(allocator.used == 0)
        let renumbered = allocator.pair(for: key(200, 1))
        #expect(renumbered == (1, true), "numbering starts again")
    }

    @Test("A frame with more pairs than the terminal has gets 0 for the rest, and no reset loop")
    func frameLargerThanTable() {
        var allocator = ColorPairAllocator(limit: 3)
        let keys = (0..<5).map { key(Int32($0), -1) }
        let emptyReset = allocator.makeRoom(for: Set(keys))
        #expect(!emptyReset, "an empty table has nothing to free")
        let numbers = keys.map { allocator.pair(for: $0).number }
        #expect(numbers == [1, 2, 3, 0, 0])
        let repeatReset = allocator.makeRoom(for: Set(keys))
        #expect(!repeatReset, "the same frame again fits as it did")
        let newReset = allocator.makeRoom(for: [key(9, 9)])
        #expect(newReset, "a new pair needs a fresh table")
    }

    @Test("Cells on screen keep their colours through photo after photo")
    func screenStaysTrue() {
        var generator = SystemRandomNumberGenerator()
        var screen = ScreenModel(limit: 255)
        let ui = (0..<20).map { key(Int32($0 % 8), $0 < 8 ? -1 : Int32($0 % 8)) }
        for _ in 0..<200 {
            // A 12×10 photo beside the interface: up to 120 new pairs a frame.
            let photo = (0..<120).map { _ in key(Int32.random(in: 16..<256, using: &generator), Int32.random(in: 16..<256, using: &generator)) }
            screen.present(ui + photo)
            #expect(screen.isTrue)
            #expect(screen.allocator.used <= 255)
        }
        #expect(screen.resets > 0)
    }

    @Test("On an 8-colour terminal (64 pairs) the interface never runs out")
    func eightColourTheme() throws {
        let space = ColorSpace(depth: .ansi8)
        var styles = Mirror(reflecting: Theme.color).children.compactMap { $0.value as? Style }
        styles += Theme.color.badgeColors.map { Style(foreground: Theme.color.badgeText.foreground, background: $0) }
        let keys = styles.map {
            key(ColorMapping.cursesColor($0.foreground, in: space), ColorMapping.cursesColor($0.background, in: space))
        }
        #expect(Set(keys).count < 63)
        var screen = ScreenModel(limit: 63)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            screen.present(try (0..<200).map { _ in try #require(keys.randomElement(using: &generator)) })
            #expect(screen.isTrue)
        }
        #expect(screen.resets == 0)
    }
}
