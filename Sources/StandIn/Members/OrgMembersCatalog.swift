import Foundation

/// The members of one GitHub organisation, generated one at a time from the seed: member `n`
/// (1...count) has id `1000 + n` and a login made of its name and number, so both lead back
/// to `n` without a table. Every 3rd has no public email, every 4th no location.
struct OrgMembersCatalog: Sendable {
    /// The organisation's login, the one the API knows.
    static let organization = "rolo-stand-in"

    private static let firstNames = [
        "Ada", "Grace", "Linus", "Margaret", "Alan", "Barbara", "Dennis", "Frances", "Ken", "Radia",
        "Hedy", "Edsger", "Katherine", "Donald", "Jean", "Guido", "Liis", "Mihkel", "Aiko", "Kwame",
    ]
    private static let lastNames = [
        "Lovelace", "Hopper", "Torvalds", "Hamilton", "Turing", "Liskov", "Ritchie", "Allen", "Thompson",
        "Perlman", "Lamarr", "Dijkstra", "Johnson", "Knuth", "Bartik", "Tamm", "Saar", "Sepp", "Okafor",
    ]
    private static let cities = ["Tallinn", "Tartu", "Berlin", "Lagos", "Osaka", "Lisbon", "Toronto"]
    private static let companies = ["@rolo-stand-in", "Acme", "Initech", "Hooli", ""]

    /// How many members the organisation has.
    let count: Int
    private let seed: UInt64

    init(seed: UInt64, count: Int) {
        self.seed = seed
        self.count = max(0, count)
    }

    /// The member number of `login`, nil for none of this organisation's.
    func number(ofLogin login: String) -> Int? {
        guard let digits = login.split(separator: "-").last, let number = Int(digits), number >= 1, number <= count,
              self.login(number) == login
        else { return nil }
        return number
    }

    /// The member number of user id `id`, nil for none of this organisation's.
    func number(ofID id: Int) -> Int? {
        let number = id - 1000
        return number >= 1 && number <= count ? number : nil
    }

    /// Member `number` as the list sends it: the short user, as GitHub's members list has it.
    func member(_ number: Int, base: String) -> StandInJSON {
        .object(short(number, base: base))
    }

    /// Member `number` in full, as `/users/<login>` sends it.
    func user(_ number: Int, base: String) -> StandInJSON {
        let person = Person(number: number, seed: seed)
        let created = Date(timeIntervalSince1970: 1_300_000_000 + Double(number) * 86_400)
        return .object(short(number, base: base) + [
            ("name", .string("\(person.first) \(person.last)")),
            ("company", person.company.isEmpty ? .null : .string(person.company)),
            ("blog", .string("")),
            ("location", number % 4 == 0 ? .null : .string(person.city)),
            ("email", number % 3 == 0 ? .null : .string("\(login(number))@example.com")),
            ("hireable", .null),
            ("bio", .string("Member \(number) of the stand-in organisation.")),
            ("public_repos", .int(person.repositories)),
            ("followers", .int(person.followers)),
            ("following", .int(number % 17)),
            ("created_at", .string(created.formatted(Date.ISO8601FormatStyle()))),
        ])
    }

    private func short(_ number: Int, base: String) -> [(String, StandInJSON)] {
        let login = login(number)
        return [
            ("login", .string(login)), ("id", .int(1000 + number)),
            ("avatar_url", .string("\(base)/avatars/u/\(1000 + number)?v=4")), ("gravatar_id", .string("")),
            ("url", .string("\(base)/users/\(login)")), ("html_url", .string("https://github.example/\(login)")),
            ("type", .string("User")), ("site_admin", .bool(number == 1)),
        ]
    }

    /// "ada-lovelace-7".
    private func login(_ number: Int) -> String {
        let person = Person(number: number, seed: seed)
        return "\(person.first)-\(person.last)-\(number)".lowercased()
    }

    /// The seeded values of one member, independent of every other's.
    private struct Person {
        let first: String
        let last: String
        let city: String
        let company: String
        let repositories: Int
        let followers: Int

        init(number: Int, seed: UInt64) {
            var random = SplitMix64(seed: seed ^ 0x617_4B0B, stream: UInt64(number))
            func pick(_ list: [String]) -> String { list[Int(random.next() % UInt64(list.count))] }
            first = pick(OrgMembersCatalog.firstNames)
            last = pick(OrgMembersCatalog.lastNames)
            city = pick(OrgMembersCatalog.cities)
            company = pick(OrgMembersCatalog.companies)
            repositories = Int(random.next() % 120)
            followers = Int(random.next() % 900)
        }
    }
}
