/// The names the people list is made of: a fixed cast that exercises a terminal (scripts,
/// emoji, combining marks, a very long name, an injected escape sequence), then names drawn
/// from mixed pools.
enum PeopleNames {
    /// A first name, last name and gender.
    typealias Name = (first: String, last: String, gender: String)

    /// Ids 1... in this order, as far as the list reaches. The first two are the seed's example.
    static let cast: [Name] = [
        ("John", "Doe", "male"),
        ("Emmett", "Brown", "male"),
        ("Jüri", "Õunapuu", "male"),
        ("Анна", "Иванова", "female"),
        ("秀英", "王", "female"),
        ("محمد", "رضایی", "male"),
        // The stand-in serves this raw; rolo must strip it before it reaches the terminal.
        ("Evil\u{1B}[31mRed", "Mallory", "other"),
        ("Zoë 🌟", "Kask", "female"),
        ("Tõnis", "Mägi", "male"),
        // Woman, skin tone, ZWJ, laptop: one grapheme that glibc's wcwidth measures as 4.
        ("Kai 👩🏽‍💻", "Tamm", "other"),
        ("Hubert Blaine", "Wolfeschlegelsteinhausenbergerdorff Sr.", "male"),
        // An e followed by a combining acute accent, not the precomposed é.
        ("Jose\u{301}", "García", "male"),
    ]

    /// First names for the generated rest, by gender.
    static let firstNames: [String: [String]] = [
        "male": [
            "Oliver", "Mihkel", "Rasmus", "Dmitri", "Kenji", "Ahmed", "Lars", "Mateo",
            "Sven", "Arjun", "Kwame", "Andres", "Олег", "Νίκος", "Jaan", "Tiago",
        ],
        "female": [
            "Emma", "Liis", "Kadri", "Sofia", "Aiko", "Fatima", "Ingrid", "Lucía",
            "Maarja", "Priya", "Amara", "Ольга", "Ελένη", "Siiri", "Chloé", "Hanna",
        ],
        "other": ["Alex", "Robin", "Kim", "Sasha", "Riley", "Noor"],
    ]

    /// Last names for the generated rest.
    static let lastNames = [
        "Smith", "Tamm", "Saar", "Sepp", "Kuusk", "Rebane", "Petrov", "Tanaka",
        "Haddad", "Nielsen", "García", "Kowalski", "Nguyễn", "O'Brien", "Müller", "Jõgi",
        "Øvergaard", "Παπαδόπουλος", "김", "Schmidt-Rottluff", "Lepik", "Okafor", "Rossi", "Kim",
    ]

    /// English month names, as Python's `%B` writes them in the C locale.
    static let months = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}
