import Foundation

/// Generates the Tallinn and Tartu listings. Like the real service the data changes every
/// minute: each minute's lists follow from the options' seed and the minute's number, so a
/// test that fixes the minute gets the same bytes every time.
///
/// Every minute has a fixed cast (the demo's address book matches three of them; the rest
/// exercise the merge) and a random crowd, a few of whom work in both cities.
enum DirectoryCatalog {
    /// The cities served, in the order rolo lists them by default.
    static let cities = ["tallinn", "tartu"]

    /// The employee domain of generated emails.
    static let domain = "jobapp.example"

    /// The minute number the data is generated for at `date`.
    static func minute(at date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 60).rounded(.down))
    }

    /// The listing of `city` for `minute`.
    static func people(city: String, minute: Int, seed: UInt64) -> [DirectoryPerson] {
        guard let cityIndex = cities.firstIndex(of: city) else { return [] }
        let minuteSeed = seed ^ (UInt64(bitPattern: Int64(minute)) &* 0x9E37_79B9_7F4A_7C15)
        var shared = SplitMix64(seed: minuteSeed, stream: 1)
        var own = SplitMix64(seed: minuteSeed, stream: UInt64(2 + cityIndex))
        var people = cast(cityIndex: cityIndex)
        var taken = Set(people.map { key($0) })
        // The people in both lists are drawn from the shared stream, so both cities get the
        // same names; what they carry (projects, sometimes the phone) is drawn per city.
        for _ in 0..<Int.random(in: 3...5, using: &shared) {
            var person = randomPerson(&shared)
            guard taken.insert(key(person)).inserted else { continue }
            person.projects = randomProjects(&own)
            if Int.random(in: 0..<3, using: &own) == 0 { person.phone = randomPhone(&own) }
            people.append(person)
        }
        for _ in 0..<Int.random(in: 10...16, using: &own) {
            let person = randomPerson(&own)
            if taken.insert(key(person)).inserted { people.append(person) }
        }
        people.shuffle(using: &own)
        return people
    }

    /// The people present every minute: the seed's own example and the names the merge rules
    /// turn on (a case-and-blank variant in Tartu, `Jüri` and `Juri` as different people).
    static func cast(cityIndex: Int) -> [DirectoryPerson] {
        let tallinn = cityIndex == 0
        let peeter = DirectoryPerson(
            firstName: "Peeter", lastName: "Termomeeter", email: "peeter@telisa.ee",
            phone: tallinn ? "55 555 555" : nil, position: "IOS",
            projects: tallinn ? ["MyCoolApp", "OneTimeThing"] : ["OneTimeThing", "Kratt"])
        let mariLiis = DirectoryPerson(
            firstName: tallinn ? "Mari-Liis" : " mari-liis", lastName: tallinn ? "Tamm" : "TAMM",
            email: "mari-liis.tamm@\(domain)", phone: tallinn ? nil : "+372 5123 4567", position: "PM",
            projects: tallinn ? ["Päevik"] : ["Päevik", "Õpik", "Ilmateade"])
        if tallinn {
            return [
                peeter, mariLiis,
                DirectoryPerson(
                    firstName: "Jüri", lastName: "Õunapuu", email: "juri.ounapuu@\(domain)",
                    phone: "5012 3456", position: "ANDROID", projects: ["Rattaringlus"]),
            ]
        }
        return [
            peeter, mariLiis,
            DirectoryPerson(
                firstName: "Juri", lastName: "Ounapuu", email: "juri.ounapuu2@\(domain)", phone: nil,
                position: "WEB", projects: ["Linnaliiklus", "Smart Parking"]),
            DirectoryPerson(
                firstName: "Tõnis", lastName: "Kask-Mägi", email: "tonis.kask-magi@\(domain)", phone: nil,
                position: "TESTER", projects: []),
        ]
    }

    private static func randomPerson(_ random: inout SplitMix64) -> DirectoryPerson {
        let first = DirectoryNames.firstNames.randomElement(using: &random) ?? "Mari"
        let last = DirectoryNames.lastNames.randomElement(using: &random) ?? "Tamm"
        // About one in twelve has a position the schema doesn't list.
        let position = Int.random(in: 0..<12, using: &random) == 0
            ? DirectoryNames.unknownPositions.randomElement(using: &random) ?? "DESIGNER"
            : DirectoryNames.positions.randomElement(using: &random) ?? "OTHER"
        let hasPhone = Int.random(in: 0..<10, using: &random) < 7
        return DirectoryPerson(
            firstName: first, lastName: last,
            email: "\(DirectoryNames.emailPart(first)).\(DirectoryNames.emailPart(last))@\(domain)",
            phone: hasPhone ? randomPhone(&random) : nil, position: position,
            projects: randomProjects(&random))
    }

    /// Zero to seven projects, in a random order.
    private static func randomProjects(_ random: inout SplitMix64) -> [String] {
        let count = Int.random(in: 0...7, using: &random)
        return Array(DirectoryNames.projects.shuffled(using: &random).prefix(count))
    }

    /// An Estonian mobile number in one of the forms people type.
    private static func randomPhone(_ random: inout SplitMix64) -> String {
        let digits = (0..<7).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return "5\(digits.prefix(3)) \(digits.suffix(4))"
        case 1: return "+372 5\(digits.prefix(3)) \(digits.suffix(4))"
        default: return "5\(digits.prefix(1)) \(digits.dropFirst().prefix(3)) \(digits.suffix(3))"
        }
    }

    private static func key(_ person: DirectoryPerson) -> String {
        (person.firstName + " " + person.lastName).trimmingCharacters(in: .whitespaces).lowercased()
    }
}
