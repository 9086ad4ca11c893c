import Foundation

extension DirectorySnapshotStore {
    /// The snapshot in `data`, each list of people read a run at a time (see ``RecordRuns``):
    /// a whole decode of a 200,000-person file holds a tree several times the file's 30 MB,
    /// while the network's answers are read beside it.
    ///
    /// The file is ours (``DirectorySnapshotWriter``), so a scan can find its lists: each of
    /// format 2's `cities[…].employees`, format 1's `employees`. The rest, with those lists
    /// emptied, is decoded whole. Nil when the scan can't find the lists, the rest
    /// doesn't read, or a person doesn't: the whole decode then reads the file or says why not.
    static func readInRuns(_ data: Data) -> DirectorySnapshot? {
        guard let lists = SavedLists(data) else { return nil }
        let decoder = decoder()
        let rest = JSONScan.emptying(lists.all, of: data)
        guard let found = try? decoder.decode(Version.self, from: rest) else { return nil }
        switch found.version {
        case 1:
            guard let list = lists.merged, let file = try? decoder.decode(FileV1.self, from: rest), file.employees.isEmpty,
                  let employees = people(in: list, of: data)
            else { return nil }
            return DirectorySnapshot(employees: employees, savedAt: file.savedAt)
        case Self.version:
            guard let file = try? decoder.decode(File.self, from: rest), file.cities.count == lists.cities.count else { return nil }
            var cities = file.cities
            for (index, list) in lists.cities.enumerated() {
                guard cities[index].employees.isEmpty, let employees = people(in: list, of: data) else { return nil }
                cities[index].employees = employees
            }
            return DirectorySnapshot(cities: cities, savedAt: file.savedAt)
        default:
            return nil
        }
    }

    /// The people of the list at `list` in `data`, every one read as a whole decode reads it;
    /// nil when one can't be, for the whole decode to name why.
    private static func people(in list: Range<Int>, of data: Data) -> [DirectoryEmployee]? {
        guard let read = RecordRuns.decode(SavedEmployee.self, from: data, array: list), read.skipped.isEmpty else { return nil }
        return read.records
    }

    /// A saved person, read by `DirectoryEmployee`'s own `Decodable` conformance.
    struct SavedEmployee: ListRecord {
        let record: DirectoryEmployee

        init(from decoder: any Decoder) throws {
            record = try DirectoryEmployee(from: decoder)
        }
    }

    /// Where a saved file's lists of people are, as offsets into it.
    private struct SavedLists {
        /// Format 1's top-level `employees`.
        var merged: Range<Int>?
        /// Format 2's `employees` of each city, in order; empty when there is no `cities`.
        var cities: [Range<Int>] = []

        /// Every list, in the file's order.
        var all: [Range<Int>] { (cities + (merged.map { [$0] } ?? [])).sorted { $0.lowerBound < $1.lowerBound } }

        /// The lists of the file `data`; nil when it isn't an object, or a city's list can't
        /// be found.
        init?(_ data: Data) {
            let found = data.withUnsafeBytes { raw -> SavedLists? in
                let bytes = raw.bindMemory(to: UInt8.self)
                guard let top = JSONScan.arrayMembers(["employees", "cities"], ofObjectIn: 0..<bytes.count, of: bytes) else { return nil }
                var lists = SavedLists(merged: top[0])
                guard let cities = top[1] else { return lists }
                guard let split = JSONArrayRuns(raw, array: cities, elementsPerRun: 1) else { return nil }
                for city in split.runs {
                    guard let employees = JSONScan.arrayMembers(["employees"], ofObjectIn: city.bytes, of: bytes)?[0] else { return nil }
                    lists.cities.append(employees)
                }
                return lists
            }
            guard let found else { return nil }
            self = found
        }

        private init(merged: Range<Int>?) {
            self.merged = merged
        }
    }
}
