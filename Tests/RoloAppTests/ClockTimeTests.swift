import Foundation
import Testing
@testable import RoloApp

@Suite("The status line's time of day")
struct ClockTimeTests {
    @Test("The same as a DateFormatter's HH:mm:ss, in zones with and without summer time, before and after 1970",
          arguments: ["Europe/Tallinn", "America/St_Johns", "Asia/Kathmandu", "Pacific/Chatham", "UTC", "America/Los_Angeles"])
    func matchesDateFormatter(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        formatter.timeZone = zone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        // Every 7 hours 13 minutes 7.9 seconds over eight years, across 1970 and DST changes.
        for step in stride(from: -4_000.0, to: 4_000.0, by: 1) {
            let date = Date(timeIntervalSince1970: step * 26_047.9 + 0.4)
            #expect(ClockTime.string(date, in: zone) == formatter.string(from: date), "\(date)")
        }
    }
}
