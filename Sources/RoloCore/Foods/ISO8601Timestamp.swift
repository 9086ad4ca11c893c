import Foundation

/// Reads the ISO 8601 timestamps the foods server writes: `1970-01-01T00:00:00.000Z`, with or
/// without fractional seconds, with `Z` or an offset such as `+02:00`.
enum ISO8601Timestamp {
    // Both styles are tried because platforms differ on whether one accepts the other's form.
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// The instant `text` names, or nil when it isn't an ISO 8601 date-time with a zone.
    static func date(from text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return (try? withFraction.parse(trimmed)) ?? (try? withoutFraction.parse(trimmed))
    }
}
