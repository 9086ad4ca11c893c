import Foundation

/// A configured source's list in the order it is shown: in sections by `group` (sorted by the
/// locale's collation), each ordered by `sort`, ties and a source without `sort` in the API's
/// order. Records whose group is empty come last, under "—".
public struct RecordSections: Sendable, Equatable {
    /// One section header and the rows under it.
    public struct Section: Sendable, Equatable {
        /// The header: the group's text.
        public var title: String
        /// The section's rows, as a range of ``RecordSections/order``.
        public var rows: Range<Int>
    }

    /// The records' indexes, in the order shown.
    public var order: [Int]
    /// The sections, in order; empty when the source has no `group`.
    public var sections: [Section]

    /// The header of records without a group.
    public static let ungrouped = "—"
}

extension RecordSections {
    /// The order of `count` records whose `group` texts are `groups` and `sort` texts `sorts`
    /// (nil for a setting the source hasn't), collated for `locale`.
    public init(count: Int, groups: [String]?, sorts: [String]?, locale: Locale) {
        guard groups != nil || sorts != nil else {
            self.init(order: Array(0..<count), sections: [])
            return
        }
        let collator = Collator(locale: locale)
        let groupRanks = groups.map { collator.ranks(of: $0) }
        let sortRanks = sorts.map { collator.ranks(of: $0) }
        let order = (0..<count).sorted { a, b in
            if let groups, let groupRanks {
                if groups[a].isEmpty != groups[b].isEmpty { return !groups[a].isEmpty }
                if groupRanks[a] != groupRanks[b] { return groupRanks[a] < groupRanks[b] }
            }
            if let sortRanks, sortRanks[a] != sortRanks[b] { return sortRanks[a] < sortRanks[b] }
            return a < b
        }
        guard let groups, let groupRanks else {
            self.init(order: order, sections: [])
            return
        }
        var sections: [Section] = []
        var start = 0
        for place in order.indices where place == order.count - 1 || groupRanks[order[place]] != groupRanks[order[place + 1]] {
            let title = groups[order[start]]
            sections.append(Section(title: title.isEmpty ? Self.ungrouped : title, rows: start..<place + 1))
            start = place + 1
        }
        self.init(order: order, sections: sections)
    }
}
