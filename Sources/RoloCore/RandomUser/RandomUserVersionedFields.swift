import Foundation

/// `dob` and `registered` in every form the API versions wrote them.
enum RandomUserDate {
    /// The instant at `key`: `{date, age}` (1.2 on), a date-time string (1.1 writes
    /// `"1987-06-04 08:42:11"`, later versions ISO 8601 with or without milliseconds), or Unix
    /// seconds as a number (1.0) or as text (before 1.0). Nil when absent or none of those.
    static func date(_ fields: RandomPersonRecord.Fields, _ key: String) -> Date? {
        if let object = RandomPersonRecord.object(fields, key) { return date(object, "date") }
        let codingKey = AnyCodingKey(stringValue: key)
        if let text = try? fields.decode(String.self, forKey: codingKey) { return date(text) }
        if let seconds = try? fields.decode(Double.self, forKey: codingKey) { return date(seconds) }
        return nil
    }

    /// `text` as an ISO 8601 instant, a zone-less date-time (read in UTC: the versions that
    /// wrote one meant it so, and the age counts the birthday's day in UTC), or Unix seconds.
    static func date(_ text: String) -> Date? {
        let trimmed = text.trimmingWhitespace
        if let seconds = unixSeconds(trimmed) { return date(seconds) }
        if let date = ISO8601Timestamp.date(from: trimmed) { return date }
        guard trimmed.utf8.count == 19 else { return nil }
        // "1987-06-04 08:42:11" or "1987-06-04T08:42:11": the same instant once it has a zone.
        var bytes = Array(trimmed.utf8)
        guard bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T") else { return nil }
        bytes[10] = UInt8(ascii: "T")
        return ISO8601Timestamp.plainDate(String(decoding: bytes, as: UTF8.self) + "Z")
    }

    /// Only years 0001–9999: what a calendar and the dump's dates can say.
    private static let readable = -62_135_596_800.0...253_402_300_799.0

    private static func date(_ seconds: Double) -> Date? {
        readable.contains(seconds) ? Date(timeIntervalSince1970: seconds) : nil
    }

    /// Whole seconds written as digits, with a minus before 1970; nil for anything else.
    private static func unixSeconds(_ text: String) -> Double? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 12, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Double(text)
    }
}

/// `location.street`: `{number, name}` from 1.3 on, one string before.
struct RandomUserStreet {
    /// The house number as text; "" when the API gave the street as one string.
    let number: String
    /// The street's name, or the whole one-string street ("8436 Shahid Beheshti") of the
    /// versions before 1.3, kept as written rather than guessed apart.
    let name: String

    init(_ location: RandomPersonRecord.Fields?) {
        if let street = RandomPersonRecord.object(location, "street") {
            number = RandomPersonRecord.text(street, "number") ?? ""
            name = RandomPersonRecord.text(street, "name") ?? ""
        } else {
            number = ""
            name = RandomPersonRecord.text(location, "street") ?? ""
        }
    }
}

/// `picture`: `{large, medium, thumbnail}`, or before 1.0 at times one URL.
struct RandomUserPicture {
    let large: URL?
    let medium: URL?
    let thumbnail: URL?

    init(_ fields: RandomPersonRecord.Fields) {
        if let picture = RandomPersonRecord.object(fields, "picture") {
            large = Self.url(picture, "large")
            medium = Self.url(picture, "medium")
            thumbnail = Self.url(picture, "thumbnail")
        } else {
            // The one portrait is the large one; the list's row scales it down for its thumbnail.
            large = Self.url(fields, "picture")
            medium = nil
            thumbnail = large
        }
    }

    /// Only an absolute http(s) URL: anything else can't be fetched, so it counts as no picture.
    private static func url(_ fields: RandomPersonRecord.Fields, _ key: String) -> URL? {
        guard let text = RandomPersonRecord.text(fields, key), let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return nil }
        return url
    }
}
