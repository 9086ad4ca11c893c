/// What the generated directory is made of: Estonian names with hyphens and diacritics,
/// positions, projects.
enum DirectoryNames {
    /// First names, many hyphenated, many with õ ä ö ü.
    static let firstNames = [
        "Mari-Liis", "Karl-Erik", "Anne-Ly", "Hans-Kristjan", "Maarja-Liisa", "Jüri", "Tõnu",
        "Ülle", "Märt", "Õie", "Kärt", "Liis", "Kristjan", "Triin", "Rasmus", "Kätlin", "Siim",
        "Helena", "Mihkel", "Ülo", "Tiit", "Kaja", "Andres", "Piret", "Jaan", "Eha", "Kerli",
        "Priit", "Grete-Mai", "Sören",
    ]

    /// Last names, some hyphenated, some with š and ž.
    static let lastNames = [
        "Tamm", "Saar", "Sepp", "Mägi", "Kask", "Kukk", "Rebane", "Ilves", "Pärn", "Kõiv",
        "Lepik", "Järv", "Koppel", "Vaher", "Kallas", "Laur-Lepp", "Mänd-Sööt", "Põder",
        "Rätsep", "Valk", "Šmidt", "Žukov", "Org", "Kuusik", "Lõhmus", "Sild-Tamm",
    ]

    /// The positions of the seed's schema.
    static let positions = ["IOS", "ANDROID", "WEB", "PM", "TESTER", "SALES", "OTHER"]

    /// Positions the schema doesn't list, which the real service adds without notice.
    static let unknownPositions = ["DESIGNER", "DEVOPS", "Data Scientist"]

    /// Project names, some with diacritics.
    static let projects = [
        "MyCoolApp", "OneTimeThing", "Kratt", "X-Tee Monitor", "Õpik", "Rattaringlus", "Päevik",
        "Kalender 2.0", "Smart Parking", "Linnaliiklus", "Jõulumüük", "Ilmateade", "Kohvik+",
        "Tervisekaart",
    ]

    /// `name` as an email's local part: lower-case ASCII, Estonian letters without marks.
    static func emailPart(_ name: String) -> String {
        let plain: [Character: String] = ["õ": "o", "ä": "a", "ö": "o", "ü": "u", "š": "s", "ž": "z"]
        return name.lowercased().map { plain[$0] ?? String($0) }.joined().filter { $0.isASCII && $0 != " " }
    }
}
