import Foundation

/// The last complete directory answer rolo saw, city by city, and when it was saved.
public struct DirectorySnapshot: Sendable, Equatable {
    /// One listing's people as it last answered in full.
    public struct City: Sendable, Equatable, Codable {
        /// The listing URL the people came from.
        public var url: URL
        /// The people it listed, as they are held: see ``DirectoryRoster``.
        public var roster: DirectoryRoster

        /// Creates one city's saved answer.
        public init(url: URL, employees: [DirectoryEmployee]) {
            self.init(url: url, roster: DirectoryRoster(employees))
        }

        /// Creates one city's saved answer from people however they are held.
        public init(url: URL, roster: DirectoryRoster) {
            self.url = url
            self.roster = roster
        }

        /// The people it listed.
        public var employees: [DirectoryEmployee] {
            get { roster.employees }
            set { roster = DirectoryRoster(newValue) }
        }

        private enum CodingKeys: String, CodingKey { case url, employees }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(url: try container.decode(URL.self, forKey: .url),
                      employees: try container.decode([DirectoryEmployee].self, forKey: .employees))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url, forKey: .url)
            try container.encode(employees, forKey: .employees)
        }

        /// The same listing and the same people in the same order, however either is held.
        public static func == (lhs: City, rhs: City) -> Bool {
            lhs.url == rhs.url && lhs.roster.elementsEqual(rhs.roster)
        }
    }

    /// Each city's own people, so one failing city can be filled in from here; empty for a
    /// file from before cities were kept apart (format 1).
    public var cities: [City]
    /// When the list was saved, for the status line ("cached, 10:42").
    public var savedAt: Date
    /// The merged list a format 1 file saved; empty when there are cities.
    private var mergedOnly: [DirectoryEmployee]

    /// A snapshot of the cities' answers.
    public init(cities: [City], savedAt: Date) {
        self.cities = cities
        self.savedAt = savedAt
        self.mergedOnly = []
    }

    /// A snapshot of a merged list only, as format 1 saved it: no city can be filled in from it.
    public init(employees: [DirectoryEmployee], savedAt: Date) {
        self.cities = []
        self.savedAt = savedAt
        self.mergedOnly = employees
    }

    /// The merged employees, as they were shown. Merged at each call rather than kept, since a
    /// snapshot lives as long as the list and a second copy of 200,000 people is 16 MB: call it
    /// off the main actor.
    public var employees: [DirectoryEmployee] {
        cities.isEmpty ? mergedOnly : DirectoryMerge.merge(cities.map(\.employees))
    }

    /// ``employees`` in list order (``DirectoryMerge/order(_:locale:)``), their row ids (their
    /// name keys), and this snapshot with its cities held as positions in them
    /// (``DirectoryRoster``): keep that one, and the cities' own arrays can go.
    public func arranged(locale: Locale) -> (employees: [DirectoryEmployee], ids: [String], snapshot: DirectorySnapshot) {
        let (merged, keys, origins) = DirectoryMerge.mergeTraced(cities.isEmpty ? [mergedOnly] : cities.map(\.employees))
        var people = consume merged
        let arranged = DirectoryMerge.arrange(
            &people, keys: keys, cities: cities, origins: cities.isEmpty ? [] : origins, locale: locale)
        var snapshot = self
        snapshot.cities = arranged.cities
        return (people, arranged.ids, snapshot)
    }

    /// Whether `listings` answered with this snapshot again: every city loaded, in the same
    /// order, each with the same people in the same order. The list made from the snapshot is
    /// then the answer's list too, and nothing needs merging, sorting or indexing again.
    public func isRepeated(by listings: [DirectoryListing]) -> Bool {
        !cities.isEmpty && cities.count == listings.count && zip(cities, listings).allSatisfy { city, listing in
            city.url == listing.url && listing.employees.map { city.roster.elementsEqual($0) } ?? false
        }
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
