import Foundation
import RoloCore
import Testing

@Suite("RandomPerson's age comes from the birthday and today, leap days included")
struct RandomPersonAgeTests {
    /// Today's calendar: UTC, so the tests don't depend on the machine's zone.
    private let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private func person(born text: String) -> RandomPerson {
        RandomPerson(id: "p", firstName: "A", lastName: "B", birthday: try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
    }

    private func day(_ year: Int, _ month: Int, _ day: Int, hour: Int = 12, in calendar: Calendar? = nil,
                     sourceLocation: SourceLocation = #_sourceLocation) -> Date {
        guard let date = (calendar ?? utc).date(from: DateComponents(year: year, month: month, day: day, hour: hour)) else {
            Issue.record("no date \(year)-\(month)-\(day) \(hour):00", sourceLocation: sourceLocation)
            return .distantPast
        }
        return date
    }

    @Test("The day before, on and after the birthday")
    func aroundBirthday() {
        let person = person(born: "1990-07-20T09:44:18.674Z")
        #expect(person.age(on: day(2024, 7, 19), calendar: utc) == 33)
        #expect(person.age(on: day(2024, 7, 20, hour: 0), calendar: utc) == 34)
        #expect(person.age(on: day(2024, 7, 21), calendar: utc) == 34)
        #expect(person.age(on: day(2025, 1, 1), calendar: utc) == 34)
    }

    @Test("A 29 February birthday counts on 1 March in years without that day")
    func leapDay() {
        let person = person(born: "1996-02-29T10:00:00.000Z")
        #expect(person.age(on: day(2023, 2, 28), calendar: utc) == 26)
        #expect(person.age(on: day(2023, 3, 1), calendar: utc) == 27)
        #expect(person.age(on: day(2024, 2, 28), calendar: utc) == 27)
        #expect(person.age(on: day(2024, 2, 29), calendar: utc) == 28)
    }

    @Test("The birth day is read in UTC, whatever the user's zone")
    func birthDayInUTC() {
        var auckland = Calendar(identifier: .gregorian)
        auckland.timeZone = TimeZone(identifier: "Pacific/Auckland")!
        // 23:30 UTC on 29 Feb is already 1 March in Auckland; the birthday stays 29 Feb.
        let person = person(born: "1996-02-29T23:30:00.000Z")
        #expect(person.age(on: day(2024, 2, 29, in: auckland), calendar: auckland) == 28)
        #expect(person.age(on: day(2024, 2, 28, in: auckland), calendar: auckland) == 27)
    }

    @Test("No birthday or one in the future gives no age; born today is 0")
    func edges() {
        #expect(RandomPerson(id: "p", firstName: "A", lastName: "B").age(on: Date(), calendar: utc) == nil)
        #expect(person(born: "2090-01-01T00:00:00.000Z").age(on: day(2024, 1, 1), calendar: utc) == nil)
        #expect(person(born: "2024-05-05T01:00:00.000Z").age(on: day(2024, 5, 5), calendar: utc) == 0)
    }

    @Test("fullName and formattedAddress leave empty parts out")
    func display() {
        let person = RandomPerson(id: "p", firstName: "", lastName: "Tamm", city: "Tartu", country: "Estonia", postcode: "50090")
        #expect(person.fullName == "Tamm")
        #expect(person.formattedAddress == "Tartu, 50090, Estonia")
    }
}
