import Foundation

/// Generates randomuser.me persons as the real API writes them. Person `index` of page `page`
/// for a seed text is the same on every run, and `results` only says how many are taken, so a
/// page of 10 is the start of the same page of 20, as on the real API.
struct RandomUserCatalog: Sendable {
    /// The highest `results` the real API accepts in one request.
    static let maximumResults = 5000
    /// Portrait numbers run 0...99 per size, as on randomuser.me.
    static let portraitCount = 100
    /// Person `index` (0-based) of page 1 is born on 29 February, whatever the seed.
    static let leapDayIndex = 7

    private let seed: UInt64

    /// Persons for the server started with `seed`.
    init(seed: UInt64) {
        self.seed = seed
    }

    /// `count` persons of `page` for the API's seed text, their portraits under `portraitBase`.
    func persons(seed text: String, page: Int, count: Int, portraitBase: String) -> [StandInJSON] {
        let stream = Self.hash(text) ^ (UInt64(truncatingIfNeeded: page) &* 0x9E37_79B9)
        return (0..<count).map { index in
            var random = SplitMix64(seed: seed ^ stream, stream: UInt64(index))
            let nationality = RandomUserNationalities.all[index % RandomUserNationalities.all.count]
            let leapDay = page == 1 && index == Self.leapDayIndex
            return person(nationality, &random, leapDay: leapDay, portraitBase: portraitBase)
        }
    }

    /// The seed the API reports when none was asked for; the real API picks a random one.
    func defaultSeed() -> String {
        var random = SplitMix64(seed: seed, stream: 0x5EED)
        return String(format: "%016llx", random.next())
    }

    private func person(
        _ nationality: RandomUserNationality, _ random: inout SplitMix64, leapDay: Bool, portraitBase: String
    ) -> StandInJSON {
        let female = random.next() % 2 == 0
        let first = (female ? nationality.femaleNames : nationality.maleNames).randomElement(using: &random) ?? ""
        let last = nationality.lastNames.randomElement(using: &random) ?? ""
        let place = nationality.places.randomElement(using: &random) ?? ("", "")
        let portrait = Int(random.next() % UInt64(Self.portraitCount))
        let born = leapDay ? RandomUserDate(year: 1996, month: 2, day: 29, &random) : RandomUserDate(years: 1946...2005, &random)
        let registered = RandomUserDate(years: 2002...2022, &random)
        let now = Date()
        var members: [(String, StandInJSON)] = [
            ("gender", .string(female ? "female" : "male")),
            ("name", .object([
                ("title", .string(female ? "Ms" : "Mr")), ("first", .string(first)), ("last", .string(last)),
            ])),
            ("location", .object([
                ("street", .object([
                    ("number", .int(Int.random(in: 1...9999, using: &random))),
                    ("name", .string(nationality.streets.randomElement(using: &random) ?? "")),
                ])),
                ("city", .string(place.0)),
                ("state", .string(place.1)),
                ("country", .string(nationality.country)),
                ("postcode", Self.postcode(nationality.postcode, &random)),
                ("coordinates", .object([
                    ("latitude", .string(Self.coordinate(90, &random))),
                    ("longitude", .string(Self.coordinate(180, &random))),
                ])),
                ("timezone", .object([("offset", .string("+1:00")), ("description", .string("Brussels, Copenhagen, Madrid, Paris"))])),
            ])),
            ("email", .string(Self.email(first, last, &random))),
            ("login", .object([
                ("uuid", .string(Self.uuid(&random))),
                ("username", .string("standin\(random.next() % 1000)")),
            ])),
            ("dob", .object([("date", .string(born.iso8601)), ("age", .int(born.age(on: now)))])),
            ("registered", .object([("date", .string(registered.iso8601)), ("age", .int(registered.age(on: now)))])),
            ("phone", .string(Self.fill(nationality.phone, &random))),
            ("cell", .string(Self.fill(nationality.cell, &random))),
            ("id", .object([("name", .string(nationality.idName)), ("value", Self.idValue(nationality.idValue, &random))])),
            ("picture", .object([
                ("large", .string("\(portraitBase)/large/\(portrait).jpg")),
                ("medium", .string("\(portraitBase)/med/\(portrait).jpg")),
                ("thumbnail", .string("\(portraitBase)/thumb/\(portrait).jpg")),
            ])),
            ("nat", .string(nationality.code)),
        ]
        // Not in the real API: the stand-in's way to show a contact person where one exists.
        if random.nextUnit() < 0.4 {
            let name = (nationality.femaleNames + nationality.maleNames).randomElement(using: &random) ?? ""
            members.append(("emergency_contact", .object([
                ("name", .string("\(name) \(last)")), ("phone", .string(Self.fill(nationality.cell, &random))),
            ])))
        }
        return .object(members)
    }

    private static func postcode(_ postcode: RandomUserNationality.Postcode, _ random: inout SplitMix64) -> StandInJSON {
        switch postcode {
        case .number(let range): .int(Int.random(in: range, using: &random))
        case .text(let pattern): .string(fill(pattern, &random))
        }
    }

    private static func idValue(_ value: RandomUserNationality.IDValue, _ random: inout SplitMix64) -> StandInJSON {
        switch value {
        case .pattern(let pattern): .string(fill(pattern, &random))
        case .empty: .string("")
        case .null: .null
        }
    }

    /// `pattern` with each `#` a digit and each `@` a capital letter.
    private static func fill(_ pattern: String, _ random: inout SplitMix64) -> String {
        String(pattern.map { character -> Character in
            switch character {
            case "#": Character(String(random.next() % 10))
            case "@": Character(Unicode.Scalar(UInt8(65 + random.next() % 26)))
            default: character
            }
        })
    }

    /// Four decimals as text, as the real API writes coordinates.
    private static func coordinate(_ limit: Int, _ random: inout SplitMix64) -> String {
        String(format: "%.4f", (random.nextUnit() * 2 - 1) * Double(limit))
    }

    /// ASCII only, like the real API's addresses even for non-Latin names.
    private static func email(_ first: String, _ last: String, _ random: inout SplitMix64) -> String {
        let ascii = { (name: String) in name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) }.map(String.init).joined() }
        let local = [ascii(first), ascii(last)].filter { !$0.isEmpty }.joined(separator: ".")
        return "\(local.isEmpty ? "person\(random.next() % 1000)" : local)@example.com"
    }

    private static func uuid(_ random: inout SplitMix64) -> String {
        let hex = String(format: "%016llx%016llx", random.next(), random.next())
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return parts.joined(separator: "-")
    }

    /// FNV-1a, so a seed text maps to the same number on every platform (`hashValue` doesn't).
    private static func hash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
