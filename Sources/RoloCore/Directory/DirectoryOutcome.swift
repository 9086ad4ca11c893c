/// What the directory list shows after a refresh: the merged people and, when a city failed,
/// the banner to show over them.
///
/// The rule, decided once here so the view-model has none of its own:
/// - every city loaded: the merged list, no banner, and it may be saved (``isComplete``);
/// - some loaded, some failed: the merged list of the cities that loaded, with a banner that
///   names the cities that failed. Hiding everyone because one server is down would throw
///   away good data the user came for; showing the survivors silently would let the user
///   believe a missing colleague has left. The partial list is *not* complete, so it is not
///   saved over the last full list;
/// - nothing loaded: no list (``employees`` is nil) and the seed's generic error message: the
///   view-model keeps whatever it shows (the saved list) under that banner, and `r` retries.
///
/// Why a city failed (status, timeout, which field was wrong) is in ``errors`` for the log;
/// the banner stays short and human.
public struct DirectoryOutcome: Sendable, Equatable {
    /// The merged people of the cities that loaded; nil when none did.
    public var employees: [DirectoryEmployee]?
    /// The banner text; nil when every city loaded.
    public var banner: String?
    /// The cities that failed, in the configured order.
    public var failedCities: [String]
    /// The errors behind the failures, for the log file.
    public var errors: [FetchError]
    /// The employees left out because they couldn't be read, over every listing that loaded.
    public var skipped: [SkippedRecord]

    /// Whether every city loaded, so the list may replace the saved one.
    public var isComplete: Bool { failedCities.isEmpty }

    /// The generic message of the seed, for when nothing could be loaded.
    public static let nothingLoaded = "The directory couldn't be loaded — r to retry"

    /// Applies the rule above to the listings of one refresh.
    public init(_ listings: [DirectoryListing]) {
        let loaded = listings.compactMap { listing in listing.employees.map { (listing.city, $0) } }
        failedCities = listings.filter { $0.employees == nil }.map(\.city)
        errors = listings.compactMap { listing in
            if case .failure(let error) = listing.result { return error }
            return nil
        }
        skipped = listings.flatMap(\.skipped)
        if !listings.isEmpty, loaded.isEmpty {
            employees = nil
            banner = Self.nothingLoaded
            return
        }
        employees = DirectoryMerge.merge(loaded.map(\.1))
        banner = failedCities.isEmpty
            ? nil
            : "\(Self.list(failedCities)) didn't load — showing \(Self.list(loaded.map(\.0))) only; r to retry"
    }

    /// "Tartu", "Tallinn and Tartu", "Narva, Pärnu and Tartu".
    private static func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
