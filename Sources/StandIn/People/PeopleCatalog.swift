/// Generates the ME server's employees from the options: the same seed gives the same people,
/// ids 1...N. Quirks sit at fixed ids so tests and demos can find them whatever the seed.
enum PeopleCatalog {
    /// Every `n`th employee also carries the full `image` in the list.
    static let listImageEvery = 5
    /// The one employee whose `image` is not base64.
    static let invalidImageID = 11
    /// The one employee whose `image` is a cut-off JPEG.
    static let truncatedImageID = 15
    /// The one employee born in the future.
    static let futureBirthID = 13
    /// The one employee born before 1900.
    static let oldBirthID = 17

    /// The employees for `options`.
    static func employees(_ options: StandInOptions) -> [PeopleEmployee] {
        (0..<max(0, options.employees)).map { employee(id: $0 + 1, seed: options.seed) }
    }

    private static func employee(id: Int, seed: UInt64) -> PeopleEmployee {
        var random = SplitMix64(seed: seed, stream: UInt64(id))
        let name = id <= PeopleNames.cast.count ? PeopleNames.cast[id - 1] : generatedName(&random)
        return PeopleEmployee(
            id: id,
            firstName: name.first,
            lastName: name.last,
            gender: name.gender,
            birthDate: birthDate(id: id, &random),
            thumbnail: thumbnail(id: id),
            image: image(id: id),
            imageInList: id % listImageEvery == 0
        )
    }

    // In every twelve ids, one has no thumbImage key, one a null thumbImage and one a null image.
    private static func thumbnail(id: Int) -> PeopleEmployee.Picture {
        switch id % 12 {
        case 4: .absent
        case 9: .null
        default: .portrait
        }
    }

    private static func image(id: Int) -> PeopleEmployee.Picture {
        switch id {
        case invalidImageID: .invalidBase64
        case truncatedImageID: .truncated
        case _ where id % 12 == 6: .null
        default: .portrait
        }
    }

    private static func generatedName(_ random: inout SplitMix64) -> PeopleNames.Name {
        let roll = random.nextUnit()
        let gender = roll < 0.45 ? "male" : roll < 0.9 ? "female" : "other"
        let first = PeopleNames.firstNames[gender, default: []].randomElement(using: &random) ?? "Alex"
        let last = PeopleNames.lastNames.randomElement(using: &random) ?? "Smith"
        return (first, last, gender)
    }

    private static func birthDate(id: Int, _ random: inout SplitMix64) -> String {
        switch id {
        case 1: return "01 January 1980"
        case 2: return "14 February 1969"
        case futureBirthID: return "3 March 2091"
        case oldBirthID: return "07 June 1889"
        default:
            let year = Int.random(in: 1950...2004, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...daysIn(month: month, year: year), using: &random)
            let padded = Bool.random(using: &random) && day < 10
            return "\(padded ? "0" : "")\(day) \(PeopleNames.months[month - 1]) \(year)"
        }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
