import Foundation

extension RandomPerson {
    /// "First Last", either part left out when empty.
    public var fullName: String {
        [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// "8929 Valwood Pkwy", either part left out when empty.
    public var street: String {
        [streetNumber, streetName].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// One line: "8929 Valwood Pkwy, Billings, Michigan 63104, United States", empty parts
    /// left out; "" when the API gave no address at all.
    public var formattedAddress: String {
        let region = [state, postcode].filter { !$0.isEmpty }.joined(separator: " ")
        return [street, city, region, country].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// Whole years from ``birthday`` to `date`, today's day taken in `calendar` (the user's
    /// time zone); nil without a birthday or when it lies after `date`.
    ///
    /// The day of birth is read in UTC, as the API writes it (`1993-07-20T…Z`), so a birthday
    /// doesn't move a day with the user's time zone. Someone born on 29 February turns a year
    /// older on 1 March in years without that day (the legal rule in most countries, and what
    /// comparing month and day gives), never on 28 February.
    public func age(on date: Date, calendar: Calendar) -> Int? {
        guard let birthday else { return nil }
        let born = Self.utc.dateComponents([.year, .month, .day], from: birthday)
        let today = calendar.dateComponents([.year, .month, .day], from: date)
        guard let bornYear = born.year, let bornMonth = born.month, let bornDay = born.day,
            let year = today.year, let month = today.month, let day = today.day
        else { return nil }
        let hadBirthday = (month, day) >= (bornMonth, bornDay)
        let age = year - bornYear - (hadBirthday ? 0 : 1)
        return age >= 0 ? age : nil
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}
