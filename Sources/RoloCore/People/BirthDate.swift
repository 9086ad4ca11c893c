import Foundation

/// A birth date as the ME server writes it, `d MMMM yyyy` ("01 January 1980", "1 January 1980"),
/// keeping the raw text when it doesn't parse.
public struct BirthDate: Sendable, Equatable {
    /// The text the server sent, cleaned for the terminal.
    public var raw: String
    /// The year, when the text parsed.
    public var year: Int?
    /// The month, 1–12, when the text parsed.
    public var month: Int?
    /// The day of the month, when the text parsed.
    public var day: Int?

    /// Parses `raw`; any year is accepted (dates before 1900 and in the future occur), English
    /// month names in any case, full or three-letter.
    public init(_ raw: String) {
        self.raw = raw
        let words = Self.words(raw)
        guard words.count == 3, let day = Int(words[0]), let year = Int(words[2]),
            let month = Self.month(named: words[1]),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return }
        self.year = year
        self.month = month
        self.day = day
    }

    /// "1 January 1980" (no zero padding) when parsed, the raw text otherwise.
    public var display: String {
        guard let year, let month, let day else { return raw }
        return CivilDate.written(year: year, month: month, day: day)
    }

    /// Whole years from this date to `date` in `calendar`; nil when unparsed or in the future.
    public func age(on date: Date, calendar: Calendar) -> Int? {
        guard let year, let month, let day else { return nil }
        let today = calendar.dateComponents([.year, .month, .day], from: date)
        guard let nowYear = today.year, let nowMonth = today.month, let nowDay = today.day else { return nil }
        let hadBirthday = (nowMonth, nowDay) >= (month, day)
        let age = nowYear - year - (hadBirthday ? 0 : 1)
        return age >= 0 ? age : nil
    }

    /// The words of `raw`: ASCII text, nearly all of it, is split byte by byte, since asking
    /// each character whether it is whitespace is a fifth of decoding 200,000 employees.
    private static func words(_ raw: String) -> [Substring] {
        guard raw.utf8.allSatisfy({ $0 < 0x80 }) else { return raw.split(whereSeparator: \.isWhitespace) }
        // The ASCII whitespace `Character.isWhitespace` knows: tab to carriage return, space.
        return raw.utf8.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) }).map { Substring($0) }
    }

    private static let lowercasedMonthNames = CivilDate.monthNames.map { $0.lowercased() }

    private static func month(named name: Substring) -> Int? {
        let lowered = name.lowercased()
        if let index = lowercasedMonthNames.firstIndex(of: lowered) { return index + 1 }
        if lowered.count == 3, let index = lowercasedMonthNames.firstIndex(where: { $0.hasPrefix(lowered) }) {
            return index + 1
        }
        return nil
    }
}
