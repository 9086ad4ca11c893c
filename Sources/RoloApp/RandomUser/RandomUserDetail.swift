import Foundation
import RoloCore
import TerminalUI

/// A randomuser person as a list row and as the detail pane's blocks.
enum RandomUserDetail {
    /// The notice under the fields: how to make the name the list's title.
    static let titleHint = "Enter, a click on the avatar or t makes this name the list's title"

    static let columns = [
        ListColumn("Name", .flexible(min: 12)),
        ListColumn("City", .flexible(min: 8)),
        ListColumn("Nat", .fixed(3)),
    ]

    static func row(for person: RandomPerson) -> ListRow {
        ListRow(id: person.id, cells: [person.fullName, person.city, person.nationality])
    }

    /// Every field the seed asks for, "—" where the API gave none; the age is counted from the
    /// birthday to `now` in `calendar`, never taken from the API's own `dob.age`.
    static func blocks(for person: RandomPerson, picture: Picture, now: Date, calendar: Calendar) -> [DetailBlock] {
        let age = person.age(on: now, calendar: calendar).map(String.init)
        return [
            .picture(picture),
            .title(person.fullName.isEmpty ? "—" : person.fullName),
            .gap,
            .field(label: "First name", value: shown(person.firstName)),
            .field(label: "Last name", value: shown(person.lastName)),
            .field(label: "Birthday", value: person.birthday.map(birthday) ?? "—"),
            .field(label: "Age", value: shown(age)),
            .field(label: "Email", value: shown(person.email)),
            .field(label: "Mobile", value: shown(person.cell)),
            .field(label: "Address", value: shown(person.formattedAddress)),
            .field(label: "Contact person", value: shown(person.contactName)),
            .field(label: "Contact phone", value: shown(person.contactPhone)),
            .gap,
            .notice(titleHint, isError: false),
        ]
    }

    /// The value, or "—" when there is none or it is only blanks: tab, the zero-width space and
    /// Unicode's space separators, which is `CharacterSet.whitespaces`, asked here of each scalar
    /// (`trimmingCharacters` bridges to NSString: a third of a millisecond of the first frame).
    static func shown(_ value: String?) -> String {
        guard let value, value.unicodeScalars.contains(where: { !isBlank($0) }) else { return "—" }
        return value
    }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// "20 July 1993": the day of birth as the API writes it, in UTC, so it never moves a day
    /// with the user's time zone (the age is counted the same way).
    ///
    /// Worked out from the days since 1970 for the Gregorian years 1583–9999: the first ICU date
    /// format a process makes costs a millisecond, on the detail pane of the first frame. Any
    /// other date goes to ICU, whose calendar is Julian before October 1582.
    static func birthday(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds >= -12_212_553_600, seconds < 253_402_300_800 else { return formattedByICU(date) } // 1583-01-01, 10000-01-01
        let (year, month, day) = CivilDate.date(days: Int((seconds / 86_400).rounded(.down)))
        return CivilDate.written(year: year, month: month, day: day)
    }

    /// The birthday as `Date.VerbatimFormatStyle` writes it, for dates outside `birthday`'s own range.
    static func formattedByICU(_ date: Date) -> String {
        let utc = TimeZone(identifier: "UTC") ?? .current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let format: Date.FormatString = "\(day: .defaultDigits) \(month: .wide) \(year: .defaultDigits)"
        let style = Date.VerbatimFormatStyle(format: format, locale: Locale(identifier: "en_US_POSIX"),
                                             timeZone: utc, calendar: calendar)
        return date.formatted(style)
    }

    /// A badge colour that stays the same for a person across runs (`hashValue` is seeded per run).
    static func colorSeed(_ id: String) -> Int {
        id.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }
    }
}
