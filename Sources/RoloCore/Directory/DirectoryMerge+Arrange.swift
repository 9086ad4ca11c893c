import Foundation

extension DirectoryMerge {
    /// Puts merged `employees` in list order (``order(_:locale:)``), in place, and gives their
    /// row ids (`keys`' texts, in that order) and `cities` held as positions in them, where
    /// `origins[c][i]` is the index the merge gave `cities[c]`'s person `i`.
    ///
    /// A sorted copy beside the merged people would be 16 MB more at 200,000, and so would the
    /// cities' own arrays, for as long as the answer is kept.
    static func arrange(
        _ employees: inout [DirectoryEmployee], keys: [PersonNameKey], cities: [DirectorySnapshot.City],
        origins: [[Int32]], locale: Locale
    ) -> (ids: [String], cities: [DirectorySnapshot.City]) {
        HeavyWork.returnFreedMemory()
        let order = order(employees, locale: locale)
        HeavyWork.returnFreedMemory()
        employees.permute(into: order)
        var rank = [Int32](repeating: 0, count: order.count)
        for (position, source) in order.enumerated() { rank[source] = Int32(position) }
        let placed = zip(cities, origins).map { city, origin in
            DirectorySnapshot.City(url: city.url, roster: DirectoryRoster(city.roster, in: employees, at: origin.map { rank[Int($0)] }))
        }
        return (order.map { keys[$0].text }, placed)
    }
}

extension Array {
    /// Rearranges the elements in place so that the one at `order[i]` ends at `i`; `order` is
    /// a permutation of the indices. Each cycle of the permutation is followed once.
    mutating func permute(into order: [Int]) {
        precondition(order.count == count, "a permutation of every index")
        var placed = [Bool](repeating: false, count: count)
        withUnsafeMutableBufferPointer { elements in
            for start in elements.indices where !placed[start] {
                let first = (elements.baseAddress! + start).move()
                var index = start
                while true {
                    placed[index] = true
                    let source = order[index]
                    if source == start {
                        (elements.baseAddress! + index).initialize(to: first)
                        break
                    }
                    precondition(!placed[source], "a permutation of every index")
                    (elements.baseAddress! + index).moveInitialize(from: elements.baseAddress! + source, count: 1)
                    index = source
                }
            }
        }
    }
}
