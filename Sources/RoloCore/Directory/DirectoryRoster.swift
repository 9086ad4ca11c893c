/// One city's people in the order its listing gave them: an array of its own, or positions in
/// the merged list they went into.
///
/// The last complete answer is kept for as long as rolo runs, to fill in a city that fails
/// later, and saved after it is shown. As arrays of their own, the cities of 200,000 people
/// would hold 16 MB of records beside the merged list, which holds the same people; as positions
/// they take 4 bytes a person. A person the merge changed (a phone or projects from another
/// city, a namesake's spelling) is kept as the listing gave them.
public struct DirectoryRoster: RandomAccessCollection, Sendable {
    /// The people: the city's own, or the merged list `positions` point into.
    private let list: [DirectoryEmployee]
    /// Per person, a position in `list`, or `-(k + 1)` for `changed[k]`; nil when `list` is
    /// the city's own.
    private let positions: [Int32]?
    /// The city's people the merge changed, as the listing gave them.
    private let changed: [DirectoryEmployee]

    /// The people of `employees`, held as they are.
    public init(_ employees: [DirectoryEmployee]) {
        list = employees
        positions = nil
        changed = []
    }

    /// The people of `own`, held as positions in `merged`, where `own[i]` went to
    /// `merged[positions[i]]`; those that differ there are kept as they are.
    public init(_ own: some RandomAccessCollection<DirectoryEmployee>, in merged: [DirectoryEmployee], at positions: [Int32]) {
        precondition(own.count == positions.count, "a position for each person")
        var kept: [Int32] = []
        kept.reserveCapacity(positions.count)
        var changed: [DirectoryEmployee] = []
        for (employee, position) in zip(own, positions) {
            if merged[Int(position)] == employee {
                kept.append(position)
            } else {
                changed.append(employee)
                kept.append(-Int32(changed.count))
            }
        }
        list = merged
        self.positions = kept
        self.changed = changed
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { positions?.count ?? list.count }

    public subscript(index: Int) -> DirectoryEmployee {
        guard let positions else { return list[index] }
        let position = positions[index]
        return position >= 0 ? list[Int(position)] : changed[Int(-position) - 1]
    }

    /// The people as an array of their own.
    public var employees: [DirectoryEmployee] { positions == nil ? list : Array(self) }
}
