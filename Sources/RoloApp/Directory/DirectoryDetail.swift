import Foundation
import RoloCore
import TerminalUI

/// A directory person as a list row and as the detail pane's blocks.
enum DirectoryDetail {
    /// The contact marker: one column wide in glibc's wcwidth and in ``DisplayWidth``, so the
    /// gutter never shifts the columns.
    static let contactMarker = "☎"

    /// The row: name, email, phone ("" when the listing gives none), with the contact marker
    /// when the address book has the person.
    static func row(for employee: DirectoryEmployee, hasCard: Bool) -> ListRow {
        ListRow(id: rowID(of: employee), cells: [employee.fullName, employee.email, employee.phone ?? ""],
                marker: hasCard ? contactMarker : nil)
    }

    /// The dim note on a row shown from the saved answer: "saved 12:04".
    static func savedNote(_ stamp: String) -> String {
        "saved \(stamp)"
    }

    /// When a saved answer was saved, short enough for a row: "12:04" today, "3 Nov 12:04" before.
    static func savedStamp(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let format: Date.FormatString = calendar.isDate(date, inSameDayAs: now)
            ? "\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)"
            : "\(day: .defaultDigits) \(month: .abbreviated) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)"
        let style = Date.VerbatimFormatStyle(format: format, locale: Locale(identifier: "en_US_POSIX"), timeZone: timeZone, calendar: calendar)
        return date.formatted(style)
    }

    /// The merge key: the same person keeps the same row, and so the selection, across refreshes
    /// that reorder or re-spell the list.
    static func rowID(of employee: DirectoryEmployee) -> String {
        employee.nameKey.text
    }

    /// Name, email, phone, position and projects; the contact card button only when a card
    /// matches, as the seed asks.
    static func blocks(for employee: DirectoryEmployee, hasCard: Bool) -> [DetailBlock] {
        var blocks: [DetailBlock] = [.title(employee.fullName), .gap, .field(label: "Email", value: employee.email)]
        if let phone = employee.phone { blocks.append(.field(label: "Phone", value: phone)) }
        blocks += [.field(label: "Position", value: employee.position.title), .gap]
        blocks.append(employee.projects.isEmpty
            ? .notice("No projects.", isError: false)
            : .list(label: "Projects", items: employee.projects))
        if hasCard { blocks += [.gap, .button("Contact card (c)")] }
        return blocks
    }
}
