import Synchronization

/// A table of palette indices filled as it is read: each cell is worked out the first time it
/// is asked for, and kept.
///
/// The whole 64³ table costs 65 ms to build (release), on whichever thread draws the first image
/// for a 256-colour terminal: the main actor's, at the first avatar. An image asks for a few
/// hundred distinct cells, so filling only those costs well under a millisecond. Cells are
/// atomic bytes, so threads drawing images at once can share the table: two that work out the
/// same cell store the same value. 0 marks a cell not yet worked out; no palette index the
/// table gives is 0.
final class PaletteTable: Sendable {
    private nonisolated(unsafe) let cells: UnsafeMutablePointer<Atomic<UInt8>>
    private let count: Int

    /// A table of `count` cells, none worked out.
    init(count: Int) {
        self.count = count
        cells = .allocate(capacity: count)
        for index in 0..<count { (cells + index).initialize(to: Atomic(0)) }
    }

    deinit {
        cells.deinitialize(count: count)
        cells.deallocate()
    }

    /// The cell at `index`, from `work` (which must not give 0) the first time it is asked for.
    func value(at index: Int, orWorkOut work: () -> UInt8) -> UInt8 {
        precondition(index >= 0 && index < count, "palette table index out of range")
        let known = cells[index].load(ordering: .relaxed)
        if known != 0 { return known }
        let value = work()
        cells[index].store(value, ordering: .relaxed)
        return value
    }
}
