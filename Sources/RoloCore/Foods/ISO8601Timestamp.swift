import Foundation

/// Reads the ISO 8601 timestamps the foods server writes: `1970-01-01T00:00:00.000Z`, with or
/// without fractional seconds, with `Z` or an offset such as `+02:00`.
enum ISO8601Timestamp {
    // Both styles are tried because platforms differ on whether one accepts the other's form.
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// The instant `text` names, or nil when it isn't an ISO 8601 date-time with a zone.
    static func date(from text: String) -> Date? {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return nil }
        if let date = plainDate(trimmed) { return date }
        return (try? withFraction.parse(trimmed)) ?? (try? withoutFraction.parse(trimmed))
    }

    /// `YYYY-MM-DDTHH:MM:SS`, an optional fraction, then `Z` or `±HH:MM`, every field in range,
    /// read by hand: what the server writes, at a fraction of a format style's cost (a format
    /// style is a quarter of decoding 200,000 foods). Anything else is nil, for the format
    /// styles to judge.
    static func plainDate(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T"),
                bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
                let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
                (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
                hour < 24, minute < 60, second < 60
            else { return nil }
            var index = 19
            var fraction = 0.0
            if bytes[index] == UInt8(ascii: ".") {
                index += 1
                var scale = 0.1
                let start = index
                while index < bytes.count, let digit = digit(bytes[index]) {
                    fraction += Double(digit) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start, index < bytes.count else { return nil }
            }
            let offset: Int
            switch bytes[index] {
            case UInt8(ascii: "Z"):
                guard index + 1 == bytes.count else { return nil }
                offset = 0
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                    let hours = number(bytes, index + 1, 2), let minutes = number(bytes, index + 4, 2),
                    hours < 24, minutes < 60
                else { return nil }
                let sign = bytes[index] == UInt8(ascii: "+") ? 1 : -1
                offset = sign * (hours * 3600 + minutes * 60)
            default:
                return nil
            }
            let days = CivilDate.days(year: year, month: month, day: day)
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
            return Date(timeIntervalSince1970: Double(seconds) + fraction)
        }
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for index in start..<start + length {
            guard let digit = digit(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
