extension DumpSchemas {
    /// The ME employees: the list's fields, the birth date as `yyyy-mm-dd` when it parses.
    public static let people = DumpSchema<Employee>(PeopleSource.id, [
        DumpField("id") { .number($0.id) },
        DumpField("name") { .text($0.fullName) },
        DumpField("first_name") { .text($0.firstName) },
        DumpField("last_name") { .text($0.lastName) },
        DumpField("gender") { .text($0.gender) },
        DumpField("birth_date") { .text(isoDay($0.birthDate)) },
    ])

    /// "1980-01-05" for a date that parsed; the server's own text otherwise, so nothing the
    /// server said is lost (dates before 1900 and in the future parse like any other).
    static func isoDay(_ date: BirthDate) -> String {
        guard let year = date.year, let month = date.month, let day = date.day else { return date.raw }
        let pad = { (value: Int, width: Int) in
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
