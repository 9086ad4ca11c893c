import Foundation

/// A date said the way a list row says it: "just now", "3 min ago", "2 h ago", "yesterday",
/// "12 Mar", "12 Mar 2024".
public enum HumanDate {
    /// How far in the future a date may be and still read "just now": a like stamped by a
    /// server whose clock runs a little ahead shouldn't show a calendar date.
    static let clockSkew: TimeInterval = 60

    /// `date` relative to `now`, with calendar days counted in `timeZone`.
    ///
    /// Under a minute ago is "just now", under an hour "N min ago", under a day "N h ago", the
    /// calendar day before today "yesterday"; anything older, or in the future, is the date:
    /// "12 Mar" in the current year, "12 Mar 2024" otherwise, month names from `locale`.
    public static func describe(
        _ date: Date, now: Date, timeZone: TimeZone, locale: Locale = Locale(identifier: "en_US_POSIX")
    ) -> String {
        let elapsed = now.timeIntervalSince(date)
        if elapsed >= -clockSkew, elapsed < 60 { return "just now" }
        if elapsed >= 60, elapsed < 3600 { return "\(Int(elapsed / 60)) min ago" }
        if elapsed >= 3600, elapsed < 86_400 { return "\(Int(elapsed / 3600)) h ago" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: now)
        if elapsed > 0, let yesterday = calendar.date(byAdding: .day, value: -1, to: today),
            calendar.isDate(date, inSameDayAs: yesterday)
        {
            return "yesterday"
        }
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
        let format: Date.FormatString = sameYear
            ? "\(day: .defaultDigits) \(month: .abbreviated)"
            : "\(day: .defaultDigits) \(month: .abbreviated) \(year: .defaultDigits)"
        let style = Date.VerbatimFormatStyle(format: format, locale: locale, timeZone: timeZone, calendar: calendar)
        return date.formatted(style)
    }
}
