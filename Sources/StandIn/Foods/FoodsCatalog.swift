import Foundation

/// Generates the OpenFoods server's foods from the options: the dishes of ``FoodsDishes`` with
/// ids 1...N, and likes and dates that follow from the seed. Quirks sit at fixed ids so tests
/// and demos can find them whatever the seed.
enum FoodsCatalog {
    /// The food whose date is the Unix epoch, as in the API's own example.
    static let epochDateID = 1
    /// The food whose date carries a `+02:00` offset instead of `Z`.
    static let offsetDateID = 5
    /// Foods whose `photoURL` leads to a 404.
    static let missingPhotoIDs: Set<Int> = [7, 19, 33]
    /// Every `n`th food's date has no fractional seconds; the rest carry milliseconds.
    static let wholeSecondsEvery = 3

    /// The foods for `options`.
    static func foods(_ options: StandInOptions) -> [FoodsEntry] {
        FoodsDishes.all.enumerated().map { index, dish in
            let id = index + 1
            var random = SplitMix64(seed: options.seed, stream: 0xF00D_0000 + UInt64(id))
            return FoodsEntry(
                id: id,
                name: dish.name,
                description: dish.description,
                countryOfOrigin: dish.country,
                isLiked: random.nextUnit() < 0.25,
                lastUpdatedDate: lastUpdated(id: id, &random),
                hasPhoto: !missingPhotoIDs.contains(id))
        }
    }

    /// `date` as the server writes a fresh update: UTC with milliseconds.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    private static func lastUpdated(id: Int, _ random: inout SplitMix64) -> String {
        guard id != epochDateID else { return "1970-01-01T00:00:00.000Z" }
        // Somewhere in 2023-01-01 ... 2025-06-30, whole milliseconds.
        let start = 1_672_531_200.0
        let milliseconds = Int.random(in: 0..<(912 * 86_400_000), using: &random)
        let date = Date(timeIntervalSince1970: start + Double(milliseconds) / 1000)
        if id == offsetDateID {
            let offset = TimeZone(secondsFromGMT: 7200) ?? .gmt
            return date.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: offset))
        }
        return id % wholeSecondsEvery == 0 ? date.formatted(Date.ISO8601FormatStyle()) : timestamp(date)
    }
}
