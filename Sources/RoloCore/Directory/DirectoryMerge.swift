import Foundation

/// Merges the cities' listings into one list of unique people and sections it by position.
public enum DirectoryMerge {
    /// One section of the list: a position and its people, sorted.
    public typealias Section = (position: DirectoryEmployee.Position, employees: [DirectoryEmployee])

    /// Every person once, unique by full name (``PersonNameKey``: trimmed, NFC,
    /// case-insensitive, diacritics significant), in order of first appearance.
    ///
    /// When the same person is in several lists, the first list (the first configured URL,
    /// Tallinn by default) gives the spelling of the name, the email and the position: one list
    /// has to win, and the configured order is the one the user chose. The projects are the
    /// union, the first list's first, because "projects they have worked on" is the person's
    /// history across both offices. The phone is the first one given: a listing without a
    /// phone doesn't know it, it doesn't say there is none.
    public static func merge(_ lists: [[DirectoryEmployee]]) -> [DirectoryEmployee] {
        mergeKeyed(lists).employees
    }

    /// ``merge(_:)``'s people, and each one's ``DirectoryEmployee/nameKey``, which the merge
    /// works out anyway: the list's row ids are these keys, and normalising 200,000 names a
    /// second time takes most of a second.
    public static func mergeKeyed(_ lists: [[DirectoryEmployee]]) -> (employees: [DirectoryEmployee], keys: [PersonNameKey]) {
        let merged = mergeTraced(lists)
        return (merged.employees, merged.keys)
    }

    /// ``mergeKeyed(_:)``'s people and keys, and where each list's people went:
    /// `origins[l][i]` is the index in `employees` of `lists[l][i]`. A city kept as those
    /// positions (``DirectoryRoster``) needs no array of its own.
    public static func mergeTraced(
        _ lists: [[DirectoryEmployee]]
    ) -> (employees: [DirectoryEmployee], keys: [PersonNameKey], origins: [[Int32]]) {
        let count = lists.reduce(0) { $0 + $1.count }
        var merged: [DirectoryEmployee] = []
        merged.reserveCapacity(count)
        var keys: [PersonNameKey] = []
        keys.reserveCapacity(count)
        var origins = lists.map { [Int32](repeating: 0, count: $0.count) }
        var indexByKey: [PersonNameKey: Int] = [:]
        indexByKey.reserveCapacity(count)
        let listKeys = lists.map(nameKeys)
        for list in lists.indices {
            for (item, (employee, key)) in zip(lists[list], listKeys[list]).enumerated() {
                guard let index = indexByKey[key] else {
                    origins[list][item] = Int32(merged.count)
                    indexByKey[key] = merged.count
                    merged.append(employee)
                    keys.append(key)
                    continue
                }
                origins[list][item] = Int32(index)
                // In place: a copy of the person out and back costs a retain and a release of
                // each of its texts, and a new projects array even when nothing is added.
                if merged[index].phone == nil, let phone = employee.phone { merged[index].phone = phone }
                if merged[index].projects.count + employee.projects.count <= 16 {
                    for project in employee.projects where !merged[index].projects.contains(project) {
                        merged[index].projects.append(project)
                    }
                } else {
                    var known = Set(merged[index].projects)
                    let added = employee.projects.filter { known.insert($0).inserted }
                    if !added.isEmpty { merged[index].projects += added }
                }
            }
        }
        return (merged, keys, origins)
    }

    /// Each person's ``DirectoryEmployee/nameKey``, worked out on every core: normalising a name
    /// that isn't ASCII takes microseconds, a second for 200,000 on one core.
    private static func nameKeys(_ employees: [DirectoryEmployee]) -> [PersonNameKey] {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, employees.count / 4096))
        let size = (employees.count + parts - 1) / parts
        let keys = LockedValue([Int: [PersonNameKey]]())
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = min(employees.count, part * size)..<min(employees.count, (part + 1) * size)
            let chunk = employees[range].map(\.nameKey)
            keys.withLock { $0[part] = chunk }
        }
        return keys.withLock { keys in (0..<parts).flatMap { keys[$0] ?? [] } }
    }

    /// The indices ordered by `(group, last, first, index)`. The three ranks are packed into one
    /// integer when they fit (they do below 16 million people): comparing tuples of three array
    /// lookups costs the sort of 200,000 people a tenth of a second.
    private static func sortedByRanks(_ group: [Int32], _ last: [Int32], _ first: [Int32]) -> [Int] {
        let fits = group.allSatisfy { (0..<(1 << 15)).contains($0) }
            && last.allSatisfy { (0..<(1 << 24)).contains($0) } && first.allSatisfy { (0..<(1 << 24)).contains($0) }
        guard fits else {
            return group.indices.sorted { a, b in (group[a], last[a], first[a], a) < (group[b], last[b], first[b], b) }
        }
        var keyed = group.indices.map { index in
            (key: UInt64(group[index]) << 48 | UInt64(last[index]) << 24 | UInt64(first[index]), index: index)
        }
        keyed.sort { ($0.key, $0.index) < ($1.key, $1.index) }
        return keyed.map(\.index)
    }

    /// `employees` grouped by position; groups sorted alphabetically by their title, people by
    /// last name, then first name, compared case-insensitively in `locale`'s collation (so an
    /// Estonian locale puts `Õunapuu` after `Tamm`, as Estonians expect). Empty groups are left
    /// out.
    public static func sections(_ employees: [DirectoryEmployee], locale: Locale = .current) -> [Section] {
        var sections: [Section] = []
        for index in order(employees, locale: locale) {
            let employee = employees[index]
            if sections.last?.position == employee.position {
                sections[sections.count - 1].employees.append(employee)
            } else {
                sections.append((employee.position, [employee]))
            }
        }
        return sections
    }

    /// The indices of `employees` in the order of ``sections(_:locale:)``: by position title, last
    /// name, first name, then email, so that the order is total and never depends on the order
    /// the servers sent (people equal in all four keep it).
    public static func order(_ employees: [DirectoryEmployee], locale: Locale = .current) -> [Int] {
        // Each name field's texts are ranked once by their collation keys, side by side (a
        // collator each: ICU's aren't thread-safe); the sort compares integers. The email only
        // parts people equal in the rest, who are rare (the merge made one of each name), so
        // it is ranked among them alone: ranking 200,000 emails is a third of the sort.
        let positions = DirectoryEmployee.Position.allCases
        let titleRanks = Collator(locale: locale).ranks(of: positions.map(\.title))
        let positionRank = Dictionary(uniqueKeysWithValues: zip(positions, titleRanks))
        let group = employees.map { positionRank[$0.position] ?? 0 }
        let fields: [@Sendable (DirectoryEmployee) -> String] = [{ $0.lastName }, { $0.firstName }]
        let ranked = LockedValue([Int: [Int32]]())
        DispatchQueue.concurrentPerform(iterations: fields.count) { field in
            let ranks = Collator(locale: locale).ranks(of: employees.map(fields[field]))
            ranked.withLock { $0[field] = ranks }
        }
        let (last, first) = ranked.withLock { ($0[0] ?? [], $0[1] ?? []) }
        var order = sortedByRanks(group, last, first)
        var emails: Collator?
        var start = 0
        while start < order.count {
            let head = order[start]
            var end = start + 1
            while end < order.count, (group[order[end]], last[order[end]], first[order[end]]) == (group[head], last[head], first[head]) {
                end += 1
            }
            if end - start > 1 {
                let tied = Array(order[start..<end])
                let collator = emails ?? Collator(locale: locale)
                emails = collator
                let ranks = collator.ranks(of: tied.map { employees[$0].email })
                let byEmail = tied.indices.sorted { (ranks[$0], tied[$0]) < (ranks[$1], tied[$1]) }
                order.replaceSubrange(start..<end, with: byEmail.map { tied[$0] })
            }
            start = end
        }
        return order
    }
}
