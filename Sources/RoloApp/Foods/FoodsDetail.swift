import Foundation
import RoloCore
import TerminalUI

/// A food as a list row and as the detail pane's blocks.
enum FoodsDetail {
    static func row(for food: Food, symbols: FoodsSymbols, now: Date, timeZone: TimeZone) -> ListRow {
        // The row is one line: a description's line breaks become spaces, and the list cuts it.
        let description = food.description.split(whereSeparator: \.isNewline).joined(separator: " ")
        let updated = food.lastUpdated.map { HumanDate.describe($0, now: now, timeZone: timeZone) } ?? "—"
        return ListRow(id: food.id, cells: [food.name, description, symbols.country(food.countryCode),
                                            symbols.like(food.isLiked), updated])
    }

    static func blocks(for food: Food, picture: Picture, saving: Bool, symbols: FoodsSymbols,
                       now: Date, timeZone: TimeZone) -> [DetailBlock] {
        var liked = "\(symbols.like(food.isLiked)) \(food.isLiked ? "yes" : "no")"
        if saving { liked += " — saving…" }
        var blocks: [DetailBlock] = [
            .picture(picture),
            .title(food.name),
            .gap,
            .field(label: "Liked", value: liked),
            .field(label: "Country", value: country(food.countryCode, symbols: symbols)),
            .field(label: "Last updated", value: food.lastUpdated.map { date($0, now: now, timeZone: timeZone) } ?? "—"),
            .gap,
        ]
        blocks.append(food.description.isEmpty ? .notice("No description.", isError: false) : .paragraph(food.description))
        blocks += [.gap, .notice("l likes or unlikes · r reloads", isError: false)]
        return blocks
    }

    /// "🇪🇪 Estonia (EE)", or "XX (not a known country)" for a code that isn't assigned.
    static func country(_ code: String?, symbols: FoodsSymbols) -> String {
        guard let code else { return "—" }
        guard let name = Country.name(for: code) else { return "\(code) (not a known country)" }
        let flag = symbols.unicode && symbols.flags ? Country.flag(for: code).map { $0 + " " } ?? "" : ""
        return "\(flag)\(name) (\(code))"
    }

    /// The full local date and time, with how long ago when that is short: "21 Nov 2026 18:30 (3 min ago)".
    static func date(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let format: Date.FormatString = """
            \(day: .defaultDigits) \(month: .abbreviated) \(year: .defaultDigits) \
            \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)
            """
        let style = Date.VerbatimFormatStyle(format: format, locale: Locale(identifier: "en_US_POSIX"),
                                             timeZone: timeZone, calendar: calendar)
        let full = date.formatted(style)
        let relative = HumanDate.describe(date, now: now, timeZone: timeZone)
        // Past a day HumanDate gives the calendar date again ("12 Mar"), which the full date says.
        return full.hasPrefix(relative) ? full : "\(full) (\(relative))"
    }

    /// A badge colour that stays the same for a food across runs (`hashValue` is seeded per run).
    static func colorSeed(_ id: String) -> Int {
        Int(id) ?? id.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }
    }
}
