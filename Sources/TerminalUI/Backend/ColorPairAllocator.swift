/// Numbers colour pairs so that no pair is redefined while a cell on screen uses it.
///
/// ncurses' `alloc_pair` recycles the least recently used pair when its table is full, which
/// recolours cells still on screen. Here numbers are handed out in order and never reused; when a
/// frame's new pairs would not fit, `makeRoom` empties the table and says so, and the backend then
/// redraws every cell with fresh numbers before the frame is shown. Pure logic, no ncurses calls.
struct ColorPairAllocator: Sendable {
    /// The highest pair number there is (`COLOR_PAIRS - 1`); pair 0 is the terminal's default.
    let limit: Int
    /// The pairs numbered since the last reset; a pair a full table could not number maps to 0.
    private var numbers: [ColorPairKey: Int32] = [:]
    /// The pair numbers handed out since the last reset (1 through `used`).
    private(set) var used = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Gets the table ready for a frame whose cells to draw use `keys`: when numbering the new
    /// ones would run past `limit`, empties the table and returns true, and then every cell of
    /// the frame must be drawn again (none on screen may keep a number that gets redefined).
    mutating func makeRoom(for keys: Set<ColorPairKey>) -> Bool {
        let missing = keys.count { $0 != .terminalDefault && numbers[$0] == nil }
        // With nothing numbered there is nothing a reset could free.
        guard used + missing > limit, used > 0 else { return false }
        numbers.removeAll(keepingCapacity: true)
        used = 0
        return true
    }

    /// The pair number for `key`, and whether it is new and must be defined (`init_extended_pair`)
    /// before use. A frame with more pairs than the terminal has gets 0 for the rest.
    mutating func pair(for key: ColorPairKey) -> (number: Int32, isNew: Bool) {
        if key == .terminalDefault { return (0, false) }
        if let number = numbers[key] { return (number, false) }
        guard used < limit else {
            numbers[key] = 0
            return (0, false)
        }
        used += 1
        let number = Int32(used)
        numbers[key] = number
        return (number, true)
    }
}
