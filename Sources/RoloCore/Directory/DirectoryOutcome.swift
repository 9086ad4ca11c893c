import Foundation

/// What the directory list shows after a refresh: the merged people, the failed cities' people
/// from the last complete answer, and, when a city failed, the banner to show over them.
///
/// The rule, decided once here so the view-model has none of its own:
/// - every city loaded: the merged list, no banner, and it may be saved (``isComplete``);
/// - some loaded, some failed: the merged list of the cities that loaded, plus each failed
///   city's people from the last complete answer (``saved``) who aren't in a fresh list,
///   marked as saved (``savedPeople``), with a banner that names the failed cities. Hiding
///   everyone because one server is down would throw away good data the user came for; letting
///   a colleague vanish because their office's server hiccuped would make them look as if they
///   left; showing them unmarked would pass old data off as fresh. A failed city with no saved
///   answer is named as missing. The list is *not* complete, so it is not saved over the last
///   full answer;
/// - nothing loaded: no list (``employees`` is nil) and the seed's generic error message: the
///   view-model keeps whatever it shows (the saved list) under that banner, and `r` retries.
///
/// Why a city failed (status, timeout, which field was wrong) is in ``errors`` for the log;
/// the banner stays short and human.
public struct DirectoryOutcome: Sendable, Equatable {
    /// The people to show: fresh ones merged, then the saved people of failed cities; nil
    /// when no city loaded.
    public var employees: [DirectoryEmployee]?
    /// Each of ``employees``' ``DirectoryEmployee/nameKey``, in the same order: the merge
    /// works them out, so the list's row ids cost nothing more.
    public var nameKeys: [PersonNameKey] = []
    /// The people in ``employees`` who come from the saved answer, by name key, with the city
    /// each was saved from.
    public var savedPeople: [PersonNameKey: String]
    /// The banner text; nil when every city loaded.
    public var banner: String?
    /// The cities that failed, in the configured order.
    public var failedCities: [String]
    /// The errors behind the failures, for the log file.
    public var errors: [FetchError]
    /// The employees left out because they couldn't be read, over every listing that loaded.
    public var skipped: [SkippedRecord]
    /// Each city's answer, to be saved when ``isComplete``.
    public var cities: [DirectorySnapshot.City]
    /// Where the merge put each city's people in ``employees``, until they are sorted.
    var origins: [[Int32]] = []

    /// Whether every city loaded, so the list may replace the saved one.
    public var isComplete: Bool { failedCities.isEmpty }

    /// The generic message of the seed, for when nothing could be loaded.
    public static let nothingLoaded = "The directory couldn't be loaded — r to retry"

    /// Applies the rule above to the listings of one refresh; `saved` is the last complete
    /// answer, `savedStamp` how the banner says when it was saved ("12:04").
    public init(_ listings: [DirectoryListing], saved: DirectorySnapshot? = nil, savedStamp: String = "") {
        let loaded = listings.compactMap { listing in listing.employees.map { (listing.city, $0) } }
        failedCities = listings.filter { $0.employees == nil }.map(\.city)
        errors = listings.compactMap { listing in
            if case .failure(let error) = listing.result { return error }
            return nil
        }
        skipped = listings.flatMap(\.skipped)
        cities = listings.compactMap { listing in listing.employees.map { .init(url: listing.url, employees: $0) } }
        savedPeople = [:]
        if !listings.isEmpty, loaded.isEmpty {
            employees = nil
            banner = Self.nothingLoaded
            return
        }
        let (merged, mergedKeys, origins) = DirectoryMerge.mergeTraced(loaded.map(\.1))
        var shown = consume merged
        var keys = consume mergedKeys
        self.origins = origins
        guard !failedCities.isEmpty else {
            employees = shown
            nameKeys = keys
            banner = nil
            return
        }
        let fresh = Set(keys)
        var filledIn: [String] = []
        for listing in listings where listing.employees == nil {
            guard let people = saved?.employees(of: listing.url) else { continue }
            filledIn.append(listing.city)
            let saved = DirectoryMerge.mergeKeyed([people])
            for (person, key) in zip(saved.employees, saved.keys) where !fresh.contains(key) && savedPeople[key] == nil {
                savedPeople[key] = listing.city
                shown.append(person)
                keys.append(key)
            }
        }
        employees = shown
        nameKeys = keys
        let showing = Self.list(loaded.map(\.0))
        banner = filledIn.isEmpty
            ? "\(Self.list(failedCities)) didn't load — showing \(showing) only; r to retry"
            : "\(Self.list(failedCities)) didn't load — showing \(showing), and \(Self.list(filledIn)) as saved at \(savedStamp); r to retry"
    }

    /// The outcome of listings that repeated `saved` (``DirectorySnapshot/isRepeated(by:)``),
    /// leaving out the `skipped` records, whose people `listed` already are, in list order:
    /// complete, with `saved`'s cities, nothing merged again.
    public init(repeating saved: DirectorySnapshot, listed: [DirectoryEmployee], skipped: [SkippedRecord]) {
        employees = listed
        savedPeople = [:]
        banner = nil
        failedCities = []
        errors = []
        self.skipped = skipped
        cities = saved.cities
    }

    /// Puts ``employees`` in list order (``DirectoryMerge/order(_:locale:)``), in place, and
    /// holds ``cities`` as positions in them (``DirectoryRoster``), so the arrays the listings
    /// brought can go; returns the people's row ids (their name keys, in list order), which
    /// ``nameKeys`` no longer holds. Nil when nothing loaded.
    public mutating func sort(locale: Locale) -> [String]? {
        guard var people = employees else { return nil }
        employees = nil
        let arranged = DirectoryMerge.arrange(&people, keys: nameKeys, cities: cities, origins: origins, locale: locale)
        employees = people
        nameKeys = []
        origins = []
        cities = arranged.cities
        return arranged.ids
    }

    /// The outcome of `listings` (see ``init(_:saved:savedStamp:)``), sorted (``sort(locale:)``)
    /// off the caller's thread. The listings are consumed: their people's arrays are let go as
    /// soon as the cities are held as positions, before the caller builds anything more.
    public static func sorted(
        _ listings: consuming [DirectoryListing], saved: DirectorySnapshot?, savedStamp: String, locale: Locale
    ) async -> (outcome: DirectoryOutcome, ids: [String]?) {
        let handoff = LockedValue(Optional(consume listings))
        return await HeavyWork.run {
            var outcome = DirectoryOutcome(handoff.withLock { $0.take() } ?? [], saved: saved, savedStamp: savedStamp)
            let ids = outcome.sort(locale: locale)
            return (outcome, ids)
        }
    }

    /// "Tartu", "Tallinn and Tartu", "Narva, Pärnu and Tartu".
    private static func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
