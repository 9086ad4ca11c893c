import Foundation
import RoloCore
import Testing

@Suite("Civil dates counted from 1970, both ways")
struct CivilDateTests {
    @Test("Every day from 1583 to 9999 round-trips, in step with Foundation's Gregorian calendar")
    func roundTrip() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let first = CivilDate.days(year: 1583, month: 1, day: 1), last = CivilDate.days(year: 9999, month: 12, day: 31)
        #expect(CivilDate.days(year: 1970, month: 1, day: 1) == 0)
        #expect(first == -141_349 && last == 2_932_896)
        var mismatches: [Int] = []
        for days in first...last {
            let (year, month, day) = CivilDate.date(days: days)
            var agrees = CivilDate.days(year: year, month: month, day: day) == days
                && (1...CivilDate.daysIn(month: month, year: year)).contains(day)
            if days % 997 == 0 {
                let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
                agrees = agrees && parts.year == year && parts.month == month && parts.day == day
            }
            if !agrees { mismatches.append(days) }
        }
        #expect(mismatches.isEmpty, "first days that disagree: \(mismatches.prefix(5))")
        #expect(CivilDate.written(year: 1993, month: 7, day: 20) == "20 July 1993")
        #expect(CivilDate.daysIn(month: 2, year: 1900) == 28 && CivilDate.daysIn(month: 2, year: 2000) == 29)
    }
}
