import Foundation

extension DumpSchemas {
    /// randomuser.me: every field rolo keeps; `age` counts from the birthday to today.
    public static let randomUser = randomUser(now: { Date() })

    /// The randomuser fields with ages counted on `now()`'s day (tests fix it).
    public static func randomUser(now: @escaping @Sendable () -> Date) -> DumpSchema<RandomPerson> {
        DumpSchema(RandomUserSource.id, [
            DumpField("id") { .text($0.id) },
            DumpField("title") { .text($0.title) },
            DumpField("name") { .text($0.fullName) },
            DumpField("first_name") { .text($0.firstName) },
            DumpField("last_name") { .text($0.lastName) },
            DumpField("gender") { .text($0.gender) },
            DumpField("email") { .text($0.email) },
            DumpField("phone") { .text($0.phone) },
            DumpField("cell") { .text($0.cell) },
            DumpField("birthday") { .day($0.birthday) },
            DumpField("age") { .optional($0.age(on: now(), calendar: utc)) },
            DumpField("nationality") { .text($0.nationality) },
            DumpField("street") { .text($0.street) },
            DumpField("city") { .text($0.city) },
            DumpField("state") { .text($0.state) },
            DumpField("postcode") { .text($0.postcode) },
            DumpField("country") { .text($0.country) },
            DumpField("address") { .text($0.formattedAddress) },
            DumpField("latitude") { .text($0.latitude) },
            DumpField("longitude") { .text($0.longitude) },
            DumpField("id_name") { .text($0.idName) },
            DumpField("id_value") { .optional($0.idValue) },
            DumpField("registered") { .timestamp($0.registered) },
            DumpField("contact_name") { .optional($0.contactName) },
            DumpField("contact_phone") { .optional($0.contactPhone) },
            DumpField("picture") { .optional($0.pictureLarge?.absoluteString) },
        ])
    }

    /// Days counted in UTC, like the dates written, so an age never depends on where the script runs.
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}
