import Foundation
import RoloCore
import Testing

@Suite("BirthDate parses d MMMM yyyy and computes ages")
struct BirthDateTests {
    private let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private func day(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        guard let date = formatter.date(from: text) else {
            Issue.record("\(text) is no ISO 8601 date", sourceLocation: sourceLocation)
            return .distantPast
        }
        return date
    }

    @Test(
        "Parses padded and unpadded days, any case, full and short month names",
        arguments: [
            ("01 January 1980", 1980, 1, 1), ("1 January 1980", 1980, 1, 1),
            ("14 february 1969", 1969, 2, 14), ("3 Mar 2091", 2091, 3, 3),
            ("29 February 1896", 1896, 2, 29), (" 7  July  1850 ", 1850, 7, 7),
        ]
    )
    func parses(text: String, year: Int, month: Int, day: Int) {
        let date = BirthDate(text)
        #expect(date.year == year)
        #expect(date.month == month)
        #expect(date.day == day)
        #expect(date.raw == text)
    }

    @Test("Display drops the zero padding and spells the month in full")
    func display() {
        #expect(BirthDate("01 January 1980").display == "1 January 1980")
        #expect(BirthDate("3 mar 2091").display == "3 March 2091")
    }

    @Test(
        "Text that isn't a real date stays raw",
        arguments: ["", "1980-01-01", "31 April 1990", "29 February 1900", "0 May 1990", "1 Smarch 1990", "1 May"]
    )
    func unparsed(text: String) {
        let date = BirthDate(text)
        #expect(date.year == nil)
        #expect(date.display == text)
        #expect(date.age(on: Date(), calendar: utc) == nil)
    }

    @Test("Age counts whole years and turns on the birthday")
    func age() {
        let date = BirthDate("14 February 1969")
        #expect(date.age(on: day("2026-02-13"), calendar: utc) == 56)
        #expect(date.age(on: day("2026-02-14"), calendar: utc) == 57)
        #expect(BirthDate("1 January 1850").age(on: day("2026-11-21"), calendar: utc) == 176)
    }

    @Test("A leap-day birthday is reached on 1 March in common years")
    func leapDay() {
        let date = BirthDate("29 February 2000")
        #expect(date.age(on: day("2025-02-28"), calendar: utc) == 24)
        #expect(date.age(on: day("2025-03-01"), calendar: utc) == 25)
    }

    @Test("A date in the future has no age")
    func future() {
        #expect(BirthDate("3 March 2091").age(on: day("2026-11-21"), calendar: utc) == nil)
        #expect(BirthDate("21 November 2026").age(on: day("2026-11-21"), calendar: utc) == 0)
    }
}
