import Foundation

/// The last complete directory answer rolo saw, city by city, and when it was saved.
public struct DirectorySnapshot: Sendable, Equatable {
    /// One listing's people as it last answered in full.
    public struct City: Sendable, Equatable, Codable {
        /// The listing URL the people came from.
        public var url: URL
        /// The people it listed.
        public var employees: [DirectoryEmployee]

        /// Creates one city's saved answer.
        public init(url: URL, employees: [DirectoryEmployee]) {
            self.url = url
            self.employees = employees
        }
    }

    /// The merged employees, as they were shown.
    public var employees: [DirectoryEmployee]
    /// Each city's own people, so one failing city can be filled in from here; empty for a
    /// file from before cities were kept apart (format 1).
    public var cities: [City]
    /// When the list was saved, for the status line ("cached, 10:42").
    public var savedAt: Date

    /// A snapshot of the cities' answers, merged as the list shows them.
    public init(cities: [City], savedAt: Date) {
        self.cities = cities
        self.employees = DirectoryMerge.merge(cities.map(\.employees))
        self.savedAt = savedAt
    }

    /// A snapshot of a merged list only, as format 1 saved it: no city can be filled in from it.
    public init(employees: [DirectoryEmployee], savedAt: Date) {
        self.cities = []
        self.employees = employees
        self.savedAt = savedAt
    }

    /// The people the listing at `url` gave when this was saved; nil when it wasn't saved.
    public func employees(of url: URL) -> [DirectoryEmployee]? {
        cities.first { $0.url == url }?.employees
    }
}

/// What reading the saved list found.
public enum DirectorySnapshotLoad: Sendable, Equatable {
    /// The saved list.
    case loaded(DirectorySnapshot)
    /// Nothing saved yet: the first launch, or the cache was cleared.
    case missing
    /// A file is there but can't be used, with a reason for the log; it is replaced at the next
    /// successful refresh.
    case unusable(String)
}
