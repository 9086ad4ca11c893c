import Foundation

/// Generates a Pipedrive account's persons one id at a time from the seed, so a page of an
/// account of 100,000 costs the same as a page of one of 500 and nothing is held in memory.
///
/// Person ids run 1...`count`. Every 7th has no email, every 5th no organisation, every 11th a
/// null last name, every 13th no phone (v1's `[{"value": "", "primary": true}]`), and persons
/// with an email among the first ``avatarLimit`` ids, every 3rd, have an avatar. The account's
/// organisations and users are in `PipedriveCatalog+Names.swift`.
struct PipedriveCatalog: Sendable {
    /// Only persons up to this id may have an avatar, so the hash index stays small.
    static let avatarLimit = 2000

    private static let firstNames = [
        "Ada", "Grace", "Linus", "Margaret", "Alan", "Barbara", "Dennis", "Frances", "Ken", "Radia",
        "Tim", "Hedy", "Edsger", "Katherine", "Donald", "Jean", "Niklaus", "Sophie", "Guido", "Liis",
    ]
    private static let lastNames = [
        "Lovelace", "Hopper", "Torvalds", "Hamilton", "Turing", "Liskov", "Ritchie", "Allen", "Thompson",
        "Perlman", "Berners-Lee", "Lamarr", "Dijkstra", "Johnson", "Knuth", "Bartik", "Wirth", "Wilson",
        "van Rossum", "Tamm",
    ]
    /// How many persons the account holds.
    let count: Int
    /// How many organisations the account lists: one per 25 persons, at least 10.
    let organizationCount: Int
    private let seed: UInt64
    /// Avatar hash → person id, for the few persons that have one.
    private let avatars: [String: Int]

    /// The account of `count` persons generated from `seed`.
    init(seed: UInt64, count: Int) {
        self.seed = seed
        self.count = max(0, count)
        organizationCount = Self.organizationCount(persons: self.count)
        var avatars: [String: Int] = [:]
        for id in stride(from: 3, through: min(self.count, Self.avatarLimit), by: 3) {
            if let email = Self.email(id: id, seed: seed) { avatars[PipedriveSHA256.hex(email)] = id }
        }
        self.avatars = avatars
    }

    /// The person id whose avatar `hash` names, nil when no person's does.
    func avatarOwner(_ hash: String) -> Int? {
        avatars[hash.lowercased()]
    }

    /// Person `id` (1...count) in v1's shape or v2's; v2 has `open_deals_count` only when asked
    /// for with `include_fields`, as Pipedrive's does.
    func person(_ id: Int, v1: Bool, openDeals: Bool = false) -> StandInJSON {
        let person = Person(id: id, seed: seed)
        let email = Self.email(id: id, seed: seed)
        let phone = id % 13 == 0 ? nil : person.phone
        let lastName: StandInJSON = id % 11 == 0 ? .null : .string(person.last)
        let name = id % 11 == 0 ? person.first : "\(person.first) \(person.last)"
        let organization = id % 5 == 0 ? nil : organizationID(person: id, brand: person.organization)
        if v1 {
            return .object([
                ("id", .int(id)), ("company_id", .int(4_040_404)),
                ("owner_id", .object([
                    ("id", .int(person.owner + 1)), ("name", .string(Self.users[person.owner].name)),
                    ("email", .string(Self.users[person.owner].email)), ("has_pic", .int(0)),
                    ("active_flag", .bool(true)), ("value", .int(person.owner + 1)),
                ])),
                // v1 still names an organisation that was deleted, marked inactive.
                ("org_id", organization.map { org in .object([
                    ("name", .string(organizationName(org))), ("people_count", .int(max(1, count / 10))),
                    ("owner_id", .int(1)), ("active_flag", .bool(org <= organizationCount)), ("value", .int(org)),
                ]) } ?? .null),
                ("name", .string(name)), ("first_name", .string(person.first)), ("last_name", lastName),
                ("open_deals_count", .int(person.openDeals)),
                ("phone", Self.v1List(phone, label: "work")), ("email", Self.v1List(email, label: "work")),
                ("add_time", .string(Self.v1Time(person.added))), ("update_time", .string(Self.v1Time(person.updated))),
                ("visible_to", .string("3")), ("picture_id", .null),
                ("org_name", organization.map { .string(organizationName($0)) } ?? .null),
                ("owner_name", .string(Self.users[person.owner].name)), ("cc_email", .string("acme@pipedrivemail.com")),
            ])
        }
        var fields: [(String, StandInJSON)] = [
            ("id", .int(id)), ("name", .string(name)), ("first_name", .string(person.first)), ("last_name", lastName),
            ("owner_id", .int(person.owner + 1)), ("org_id", organization.map { .int($0) } ?? .null),
            ("add_time", .string(Self.v2Time(person.added))), ("update_time", .string(Self.v2Time(person.updated))),
            ("emails", .array(email.map { [Self.entry($0, label: "work")] } ?? [])),
            ("phones", .array(phone.map { [Self.entry($0, label: "mobile")] } ?? [])),
            ("is_deleted", .bool(false)), ("visible_to", .int(3)), ("label_ids", .array([])), ("picture_id", .null),
        ]
        if openDeals { fields.append(("open_deals_count", .int(person.openDeals))) }
        return .object(fields)
    }

    /// Person `id`'s email, nil for every 7th.
    private static func email(id: Int, seed: UInt64) -> String? {
        guard id % 7 != 0 else { return nil }
        let person = Person(id: id, seed: seed)
        let ascii = { (name: String) in name.lowercased().filter { $0.isLetter && $0.isASCII } }
        return "\(ascii(person.first)).\(ascii(person.last)).\(id)@example.com"
    }

    private static func entry(_ value: String, label: String) -> StandInJSON {
        .object([("value", .string(value)), ("primary", .bool(true)), ("label", .string(label))])
    }

    /// v1 writes "no value" as a single empty primary entry rather than an empty list.
    private static func v1List(_ value: String?, label: String) -> StandInJSON {
        guard let value else { return .array([.object([("value", .string("")), ("primary", .bool(true))])]) }
        return .array([entry(value, label: label)])
    }

    static func v2Time(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// `YYYY-MM-DD HH:MM:SS` in UTC, as v1 writes it.
    static func v1Time(_ date: Date) -> String {
        String(v2Time(date).replacingOccurrences(of: "T", with: " ").dropLast())
    }

    /// The seeded values of one person, independent of every other's.
    private struct Person {
        let first: String
        let last: String
        let phone: String
        let organization: Int
        let owner: Int
        let openDeals: Int
        let added: Date
        let updated: Date

        init(id: Int, seed: UInt64) {
            var random = SplitMix64(seed: seed ^ 0x0050_1BED_717E, stream: UInt64(id))
            first = PipedriveCatalog.firstNames[Int(random.next() % UInt64(PipedriveCatalog.firstNames.count))]
            last = PipedriveCatalog.lastNames[Int(random.next() % UInt64(PipedriveCatalog.lastNames.count))]
            phone = "+372 5\(String(format: "%07llu", random.next() % 10_000_000))"
            organization = Int(random.next() % UInt64(PipedriveCatalog.organizationBrands.count))
            owner = Int(random.next() % UInt64(PipedriveCatalog.activeOwners))
            openDeals = Int(random.next() % 4)
            // Added in id order from 2015 on, as a real account grows; changed up to a year later.
            added = Date(timeIntervalSince1970: 1_420_070_400 + Double(id) * 1_800)
            updated = added.addingTimeInterval(Double(random.next() % 31_536_000))
        }
    }
}
