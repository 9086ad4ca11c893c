import Foundation

/// The account's organisations and users, which v2 persons name by id only.
///
/// There is one organisation per 25 persons (at least 10): organisation `n` is a branch of brand
/// `(n - 1) % 10`, so a person's seeded brand is the same whatever the account's size. Every
/// 97th person belongs to an organisation that was deleted: v1 still names it (inactive), the v2
/// list leaves it out. The users are the three owners and a deactivated colleague, listed as
/// `/v1/users` lists everyone.
extension PipedriveCatalog {
    /// The brands organisation names are made from.
    static let organizationBrands = [
        "Acme Ltd", "Globex", "Initech", "Umbrella OÜ", "Hooli", "Vandelay Industries", "Stark AS",
        "Wayne Enterprises", "Tyrell", "Cyberdyne",
    ]
    private static let branches = ["Baltic", "Nordic", "Tartu", "Riga", "Helsinki", "Vilnius", "Labs", "Group", "Holding", "Partners"]

    /// Every user: the first ``activeOwners`` own the persons; the last has left the company.
    static let users: [(name: String, email: String)] = [
        ("Olive Owner", "owner1@example.com"), ("Mart Müüja", "owner2@example.com"), ("Sales Bot", "owner3@example.com"),
        ("Former Seller", "owner4@example.com"),
    ]
    /// How many users own persons; the rest are deactivated.
    static let activeOwners = 3

    /// One organisation per 25 persons, at least 10, in whole rounds of the ten brands.
    static func organizationCount(persons: Int) -> Int {
        max(10, persons / 250 * 10)
    }

    /// The organisation of person `id`, whose seeded brand is `brand`: one of the brand's
    /// branches, or for every 97th person the deleted organisation just past the listed ones.
    func organizationID(person id: Int, brand: Int) -> Int {
        if id % 97 == 0 { return organizationCount + 1 }
        return brand + 1 + 10 * (id % (organizationCount / 10))
    }

    /// "Globex", "Globex Nordic", "Globex Nordic 2"; the deleted one has a name of its own.
    func organizationName(_ id: Int) -> String {
        guard id <= organizationCount else { return "Bankrupt Brothers" }
        let brand = Self.organizationBrands[(id - 1) % Self.organizationBrands.count]
        let branch = (id - 1) / Self.organizationBrands.count
        guard branch > 0 else { return brand }
        let place = Self.branches[(branch - 1) % Self.branches.count]
        let round = (branch - 1) / Self.branches.count
        return round == 0 ? "\(brand) \(place)" : "\(brand) \(place) \(round + 1)"
    }

    /// Organisation `id` (1...organizationCount) as `/api/v2/organizations` sends it.
    func organization(_ id: Int) -> StandInJSON {
        let added = Date(timeIntervalSince1970: 1_420_070_400 + Double(id) * 3_600)
        return .object([
            ("id", .int(id)), ("name", .string(organizationName(id))),
            ("owner_id", .int((id - 1) % Self.activeOwners + 1)),
            ("add_time", .string(Self.v2Time(added))), ("update_time", .string(Self.v2Time(added.addingTimeInterval(86_400)))),
            ("is_deleted", .bool(false)), ("visible_to", .int(3)), ("address", .null), ("label_ids", .array([])),
        ])
    }

    /// User `index` (0-based) as `/v1/users` sends it; the first is the token's own.
    func user(_ index: Int) -> StandInJSON {
        let (name, email) = Self.users[index]
        let active = index < Self.activeOwners
        let created = Date(timeIntervalSince1970: 1_420_070_400 + Double(index) * 86_400)
        return .object([
            ("id", .int(index + 1)), ("name", .string(name)), ("default_currency", .string("EUR")),
            ("locale", .string("et_EE")), ("lang", .int(1)), ("email", .string(email)), ("phone", .null),
            ("activated", .bool(active)), ("last_login", .string(Self.v1Time(created.addingTimeInterval(3_600)))),
            ("created", .string(Self.v1Time(created))), ("modified", .string(Self.v1Time(created))),
            ("has_created_company", .bool(index == 0)),
            ("access", .array([.object([("app", .string("sales")), ("admin", .bool(index == 0)), ("permission_set_id", .string("standin-\(index == 0 ? "admin" : "regular")"))])])),
            ("active_flag", .bool(active)), ("timezone_name", .string("Europe/Tallinn")),
            ("timezone_offset", .string("+02:00")), ("role_id", .int(1)), ("icon_url", .null),
            ("is_you", .bool(index == 0)), ("is_deleted", .bool(false)),
        ])
    }
}
