import Foundation

/// A time of day as the status line shows it, "HH:mm:ss" in a time zone.
///
/// Worked out from the zone's offset rather than with a DateFormatter: a formatter's first use
/// opens an ICU date formatter and calendar, which costs the first frame a millisecond on the
/// main actor. Seconds are truncated, as a formatter's are.
enum ClockTime {
    /// `date`'s time of day in `zone`.
    static func string(_ date: Date, in zone: TimeZone) -> String {
        let local = (date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))).rounded(.down)
        let second = (Int(local) % 86_400 + 86_400) % 86_400
        return [second / 3_600, second / 60 % 60, second % 60].map(twoDigits).joined(separator: ":")
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
