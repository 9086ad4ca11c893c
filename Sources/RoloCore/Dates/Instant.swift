import Foundation

/// A date as APIs send it, read as an instant: ISO 8601 with or without a time, fractions of a
/// second and an offset (`2026-11-01`, `2026-11-01T10:00:00Z`, `2026-11-01T12:00:00.250+02:00`,
/// `2026-11-01 10:00:00`), or RFC 2822 (`Sun, 01 Nov 2026 10:00:00 +0000`). A date without a
/// time is that day's start in UTC.
public enum Instant {
    /// The instant `text` names; nil when it is none of those forms.
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 10, trimmed.count <= 40, let first = trimmed.first else { return nil }
        if first.isNumber { return iso(trimmed) }
        return rfc2822(trimmed)
    }

    private static func iso(_ text: String) -> Date? {
        let utf8 = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= utf8.count else { return nil }
            var value = 0
            for byte in utf8[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = digits(0..<4), utf8[4] == UInt8(ascii: "-"), let month = digits(5..<7), utf8.count >= 10,
              utf8[7] == UInt8(ascii: "-"), let day = digits(8..<10), (1...12).contains(month),
              (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(CivilDate.days(year: year, month: month, day: day)) * 86_400
        guard utf8.count > 10 else { return Date(timeIntervalSince1970: seconds) }
        guard utf8[10] == UInt8(ascii: "T") || utf8[10] == UInt8(ascii: " "), let hour = digits(11..<13), utf8.count >= 16,
              utf8[13] == UInt8(ascii: ":"), let minute = digits(14..<16), hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3_600 + minute * 60)
        var index = 16
        if index < utf8.count, utf8[index] == UInt8(ascii: ":") {
            guard let second = digits(17..<19), second < 61 else { return nil }
            seconds += Double(second)
            index = 19
            if index < utf8.count, utf8[index] == UInt8(ascii: ".") || utf8[index] == UInt8(ascii: ",") {
                var scale = 0.1
                index += 1
                while index < utf8.count, utf8[index] >= 48, utf8[index] <= 57 {
                    seconds += Double(utf8[index] - 48) * scale
                    scale /= 10
                    index += 1
                }
            }
        }
        guard index < utf8.count else { return Date(timeIntervalSince1970: seconds) }
        let zone = utf8[index...]
        if zone.count == 1, zone.first == UInt8(ascii: "Z") || zone.first == UInt8(ascii: "z") {
            return Date(timeIntervalSince1970: seconds)
        }
        guard let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
              let hours = digits((index + 1)..<(index + 3)) else { return nil }
        let rest = utf8.count - (index + 3)
        let minutes: Int?
        switch rest {
        case 0: minutes = 0
        case 2: minutes = digits((index + 3)..<(index + 5))
        case 3 where utf8[index + 3] == UInt8(ascii: ":"): minutes = digits((index + 4)..<(index + 6))
        default: minutes = nil
        }
        guard let minutes, hours < 24, minutes < 60 else { return nil }
        let offset = Double(hours * 3_600 + minutes * 60)
        return Date(timeIntervalSince1970: sign == UInt8(ascii: "+") ? seconds - offset : seconds + offset)
    }

    private static let rfc2822Formats = ["EEE, d MMM yyyy HH:mm:ss Z", "d MMM yyyy HH:mm:ss Z", "EEE, d MMM yyyy HH:mm Z"]

    private static func rfc2822(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in rfc2822Formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
