import Foundation

/// A company's staff, generated one person at a time from the seed: person `n` (1...count) has
/// a UUID that holds `n`, so it leads back without a table. Records nest (`name.first`,
/// `office.city`, `phones.0.number`); every 5th has no phone, every 7th no department. A
/// person's `dept_id` names a record of ``departments`` (`/staff/api/departments/`), the
/// related list a `[[sources.lookups]]` reads.
struct StaffCatalog: Sendable {
    private static let firstNames = [
        "Kadri", "Mihkel", "Sofia", "Kenji", "Fatima", "Lars", "Priya", "Andres", "Hanna", "Tiago",
        "Maarja", "Oliver", "Noor", "Rasmus", "Ingrid", "Jaan",
    ]
    private static let lastNames = [
        "Tamm", "Saar", "Sepp", "Kuusk", "Rebane", "Petrov", "Tanaka", "Haddad", "Nielsen", "Rossi",
        "Lepik", "Okafor", "Müller", "Jõgi",
    ]
    static let departments = ["Engineering", "Sales", "Support", "Finance", "People", "Design"]
    private static let titles = ["Engineer", "Lead", "Specialist", "Manager", "Analyst", "Intern"]
    private static let cities = ["Tallinn", "Tartu", "Helsinki", "Riga"]

    /// How many people the directory holds.
    let count: Int
    private let seed: UInt64

    init(seed: UInt64, count: Int) {
        self.seed = seed
        self.count = max(0, count)
    }

    /// "5ba1f000-0000-4000-8000-000000000007" for person 7.
    static func uuid(_ number: Int) -> String {
        "5ba1f000-0000-4000-8000-" + String(format: "%012d", number)
    }

    /// The person number of `uuid`, nil for none of these.
    func number(ofID uuid: String) -> Int? {
        guard uuid.count == 36, let number = Int(uuid.suffix(12)), number >= 1, number <= count, Self.uuid(number) == uuid else {
            return nil
        }
        return number
    }

    /// The id of the department named `name`: its place in ``departments``, from 1.
    static func departmentID(_ name: String) -> Int {
        (departments.firstIndex(of: name) ?? 0) + 1
    }

    /// The departments, as `/staff/api/departments/` lists them: id, name, floor and a head
    /// (an email in the directory's domain).
    static var departmentRecords: [StandInJSON] {
        departments.enumerated().map { index, name in
            .object([
                ("id", .int(index + 1)), ("name", .string(name)), ("floor", .int(index % 4 + 1)),
                ("head", .string("\(name.lowercased())-head@staff.example")),
            ])
        }
    }

    /// Person `number` as the list sends it, or in `full` as its own URL does (with a bio, a
    /// start date and skills); `photo` is a `data:` URL or nil.
    func person(_ number: Int, photo: String?, full: Bool) -> StandInJSON {
        var random = SplitMix64(seed: seed ^ 0x57AF, stream: UInt64(number))
        func pick(_ list: [String]) -> String { list[Int(random.next() % UInt64(list.count))] }
        let first = pick(Self.firstNames), last = pick(Self.lastNames)
        let department = pick(Self.departments), title = pick(Self.titles), city = pick(Self.cities)
        let ascii = { (name: String) in name.lowercased().filter { $0.isLetter && $0.isASCII } }
        let phone = "+372 5\(String(format: "%07llu", random.next() % 10_000_000))"
        var fields: [(String, StandInJSON)] = [
            ("uuid", .string(Self.uuid(number))),
            ("name", .object([("first", .string(first)), ("last", .string(last))])),
            ("email", .string("\(ascii(first)).\(ascii(last)).\(number)@staff.example")),
            ("phones", .array(number % 5 == 0 ? [] : [.object([("kind", .string("work")), ("number", .string(phone))])])),
            ("department", number % 7 == 0 ? .null : .string(department)),
            ("dept_id", number % 7 == 0 ? .null : .int(Self.departmentID(department))),
            ("title", .string(title)),
            ("office", .object([("city", .string(city)), ("floor", .int(1 + number % 6))])),
            ("photo", photo.map(StandInJSON.string) ?? .null),
        ]
        if full {
            let started = Date(timeIntervalSince1970: 1_500_000_000 + Double(number) * 604_800)
            fields += [
                ("bio", .string("\(first) works in \(department.lowercased()) in \(city).")),
                ("started", .string(started.formatted(.iso8601.year().month().day()))),
                ("skills", .array([.string(pick(["Swift", "SQL", "Go", "Excel"])), .string(pick(["Estonian", "English"]))])),
            ]
        }
        return .object(fields)
    }
}
