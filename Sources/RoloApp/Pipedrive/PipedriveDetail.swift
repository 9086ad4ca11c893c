import Foundation
import RoloCore
import TerminalUI

/// A Pipedrive person as a list row and as the detail pane's blocks.
enum PipedriveDetail {
    static let columns = [
        ListColumn("Name", .flexible(min: 14)),
        ListColumn("Organisation", .flexible(min: 8)),
        ListColumn("Email", .flexible(min: 8)),
    ]

    /// Name (or email, or "(no name)"), organisation, primary email; "" where there is none.
    static func row(for person: PipedrivePerson) -> ListRow {
        ListRow(id: person.id, cells: [person.displayName, organization(of: person) ?? "", person.primaryEmail ?? ""])
    }

    /// The organisation as the list and detail say it: its name (sent by v1, looked up for v2),
    /// else its id, for one that was deleted or that the token may not see.
    static func organization(of person: PipedrivePerson) -> String? {
        if let name = person.organizationName { return name }
        return person.organizationID.map { "organisation #\($0)" }
    }

    /// Every field the seed asks for: organisation, each phone and email with its label, owner,
    /// open deals (when the API gave the count), added and updated in local time; then, with the
    /// account's `companyURL`, "In Pipedrive", a link to the person's page there.
    static func blocks(for person: PipedrivePerson, picture: Picture, timeZone: TimeZone, companyURL: URL? = nil) -> [DetailBlock] {
        var blocks: [DetailBlock] = [.picture(picture), .title(person.displayName)]
        blocks.append(.gap)
        blocks.append(.field(label: "Organisation", value: organization(of: person) ?? "—"))
        blocks += labeled(person.phones, as: "Phone")
        blocks += labeled(person.emails, as: "Email")
        blocks.append(.field(label: "Owner", value: person.ownerName ?? person.ownerID.map { "user #\($0)" } ?? "—"))
        if let deals = person.openDeals { blocks.append(.field(label: "Open deals", value: String(deals))) }
        blocks.append(.field(label: "Added", value: person.addTime.map { time($0, in: timeZone) } ?? "—"))
        blocks.append(.field(label: "Updated", value: person.updateTime.map { time($0, in: timeZone) } ?? "—"))
        if let companyURL {
            blocks += [.gap, .link(title: "In Pipedrive", url: PipedriveDefinition.personPage(companyURL: companyURL, id: person.id))]
        }
        return blocks
    }

    /// "Phone (work)" for each value, or one "Phone —" when there is none.
    private static func labeled(_ values: [LabeledValue], as noun: String) -> [DetailBlock] {
        guard !values.isEmpty else { return [.field(label: noun, value: "—")] }
        return values.map { value in
            let label = value.label.map { "\(noun) (\($0))" } ?? noun
            return .field(label: label, value: value.primary && values.count > 1 ? "\(value.value) · primary" : value.value)
        }
    }

    /// "2024-03-05 14:07" in the user's time zone.
    static func time(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let format: Date.FormatString = "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)"
        let style = Date.VerbatimFormatStyle(format: format, locale: Locale(identifier: "en_US_POSIX"), timeZone: timeZone, calendar: calendar)
        return date.formatted(style)
    }
}
