import Foundation

/// A generated instant written as randomuser.me writes it: UTC with milliseconds,
/// `1993-07-20T09:44:18.674Z`.
struct RandomUserDate: Sendable {
    let year: Int, month: Int, day: Int
    let hour: Int, minute: Int, second: Int, millisecond: Int

    /// A date on `year`-`month`-`day` at a random time.
    init(year: Int, month: Int, day: Int, _ random: inout SplitMix64) {
        self.year = year
        self.month = month
        self.day = day
        hour = Int(random.next() % 24)
        minute = Int(random.next() % 60)
        second = Int(random.next() % 60)
        millisecond = Int(random.next() % 1000)
    }

    /// A random date in `years`.
    init(years: ClosedRange<Int>, _ random: inout SplitMix64) {
        let year = Int.random(in: years, using: &random)
        let month = Int.random(in: 1...12, using: &random)
        let day = Int.random(in: 1...Self.daysIn(month: month, year: year), using: &random)
        self.init(year: year, month: month, day: day, &random)
    }

    /// The text the API sends.
    var iso8601: String {
        String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day, hour, minute, second, millisecond)
    }

    /// Whole years to `date` in UTC, as the API's own `age` field counts them.
    func age(on date: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let today = calendar.dateComponents([.year, .month, .day], from: date)
        let hadBirthday = (today.month ?? 1, today.day ?? 1) >= (month, day)
        return max(0, (today.year ?? year) - year - (hadBirthday ? 0 : 1))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
