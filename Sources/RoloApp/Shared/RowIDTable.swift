/// The position of each row id in a list of ids: an open-addressed table of `Int32` positions
/// over the ids themselves.
///
/// A `[String: Int]` of 200,000 ids takes 12.6 MB, most of it a second copy of every id's
/// 16 bytes beside an 8-byte value, kept for as long as the list is shown. Here the ids are
/// kept once, in order, and the table holds 4 bytes per slot: about 5 MB for the same list.
struct RowIDTable: Sendable {
    /// The ids, in record order.
    private let ids: [String]
    /// `position + 1` of an id hashed into each slot; 0 is an empty slot. A power of two in
    /// size, at least twice the ids, so a probe ends soon.
    private let slots: [Int32]
    private let hash: @Sendable (String) -> Int

    /// The table of `ids`; where two records have one id, the first is found, as a linear
    /// search would find it. `hash` is the ids' hash (a test gives a poor one to make them
    /// collide).
    init(_ ids: [String], hash: @escaping @Sendable (String) -> Int = { $0.hashValue }) {
        self.ids = ids
        self.hash = hash
        var capacity = 16
        while capacity < ids.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (position, id) in ids.enumerated() {
            var slot = hash(id) & mask
            while slots[slot] != 0 {
                if ids[Int(slots[slot]) - 1] == id { break }
                slot = (slot + 1) & mask
            }
            if slots[slot] == 0 { slots[slot] = Int32(position + 1) }
        }
        self.slots = slots
    }

    /// The position of the first record with row id `id`; nil when no record has it.
    func position(of id: String) -> Int? {
        let mask = slots.count - 1
        var slot = hash(id) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if ids[position] == id { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
