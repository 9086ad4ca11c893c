import Foundation
import RoloCore
import Testing

@Suite("HumanDate says when, the way a list row does")
struct FoodsHumanDateTests {
    private let tallinn = TimeZone(identifier: "Europe/Tallinn")!
    /// 2024-06-15 12:00:00 in Tallinn (UTC+3 in summer).
    private let now = Date(timeIntervalSince1970: 1_718_442_000)

    private func describe(_ secondsAgo: TimeInterval, in zone: TimeZone? = nil) -> String {
        HumanDate.describe(now.addingTimeInterval(-secondsAgo), now: now, timeZone: zone ?? tallinn)
    }

    @Test("Under a minute is 'just now'")
    func justNow() {
        #expect(describe(0) == "just now")
        #expect(describe(59) == "just now")
    }

    @Test("Minutes and hours")
    func minutesAndHours() {
        #expect(describe(60) == "1 min ago")
        #expect(describe(3 * 60 + 30) == "3 min ago")
        #expect(describe(3599) == "59 min ago")
        #expect(describe(3600) == "1 h ago")
        #expect(describe(2 * 3600 + 59 * 60) == "2 h ago")
        #expect(describe(86_399) == "23 h ago")
    }

    @Test("Over a day but on the calendar day before is 'yesterday'; earlier is a date")
    func yesterday() {
        // 24 h ago is 14 June 12:00, the day before; 36 h ago is 14 June 00:00.
        #expect(describe(86_400) == "yesterday")
        #expect(describe(36 * 3600) == "yesterday")
        #expect(describe(36 * 3600 + 1) == "13 Jun")
    }

    @Test("Calendar days follow the time zone given")
    func timeZones() {
        // 13 June 23:30 in Tallinn is 14 June 05:30 in Tokyo, where now is 15 June 18:00.
        let date = Date(timeIntervalSince1970: 1_718_310_600)
        #expect(HumanDate.describe(date, now: now, timeZone: tallinn) == "13 Jun")
        #expect(HumanDate.describe(date, now: now, timeZone: TimeZone(identifier: "Asia/Tokyo")!) == "yesterday")
    }

    @Test("The same year drops the year; other years keep it")
    func dates() {
        #expect(HumanDate.describe(Date(timeIntervalSince1970: 1_710_238_830), now: now, timeZone: tallinn) == "12 Mar")
        #expect(HumanDate.describe(Date(timeIntervalSince1970: 1_678_616_430), now: now, timeZone: tallinn) == "12 Mar 2023")
        #expect(HumanDate.describe(Date(timeIntervalSince1970: 0), now: now, timeZone: .gmt) == "1 Jan 1970")
    }

    @Test("Future dates are the date; a few seconds ahead is clock skew and reads 'just now'")
    func future() {
        #expect(describe(-30) == "just now")
        #expect(describe(-2 * 3600) == "15 Jun")
        #expect(describe(-400 * 86_400) == "20 Jul 2025")
    }

    @Test("Month names come from the locale")
    func locale() {
        let date = Date(timeIntervalSince1970: 1_710_238_830)
        #expect(HumanDate.describe(date, now: now, timeZone: tallinn, locale: Locale(identifier: "de_DE")) == "12 März")
    }
}
