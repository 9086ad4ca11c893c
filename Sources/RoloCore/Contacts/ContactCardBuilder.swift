/// Fills a ``ContactCard`` from one vCard's properties.
struct ContactCardBuilder {
    private var properties: [VCardProperty] = []

    /// Adds a property of the card, in file order.
    mutating func add(_ property: VCardProperty) {
        properties.append(property)
    }

    /// The card. Apple's `X-ABLabel`s are read first so each can label the phone, email, URL
    /// or address of its group.
    func build() -> ContactCard {
        var card = ContactCard()
        var labels: [String: String] = [:]
        for property in properties where property.name == "X-ABLABEL" {
            if let group = property.group { labels[group] = Self.appleLabel(property.value) }
        }
        for property in properties {
            let label = property.group.flatMap { labels[$0] }
            switch property.name {
            case "VERSION": card.version = property.value.trimmingCharacters(in: .whitespaces)
            case "FN": card.formattedName = Self.line(property.value)
            case "N": Self.applyName(property, to: &card)
            case "NICKNAME": card.nicknames += VCardText.components(property.rawValue).first ?? []
            case "TEL": card.phones.append(Self.entry(property, label: label, scheme: "tel:"))
            case "EMAIL": card.emails.append(Self.entry(property, label: label, scheme: "mailto:"))
            case "URL": card.urls.append(Self.entry(property, label: label, scheme: nil))
            case "ADR": card.addresses.append(Self.address(property, label: label))
            case "ORG":
                let units = VCardText.components(property.rawValue).map { $0.joined(separator: ", ") }
                card.organization = Self.nonEmpty(units.filter { !$0.isEmpty }.joined(separator: ", "))
            case "TITLE": card.title = Self.nonEmpty(Self.line(property.value))
            case "ROLE": card.role = Self.nonEmpty(Self.line(property.value))
            case "BDAY": card.birthday = Self.nonEmpty(Self.line(property.value))
            case "NOTE": card.note = Self.nonEmpty(property.value.trimmingCharacters(in: .whitespacesAndNewlines))
            case "BEGIN", "END": continue
            case "X-ABLABEL" where property.group != nil: continue
            default: card.otherProperties.append(property)
            }
        }
        if !card.hasStructuredName { Self.splitFormattedName(&card) }
        return card
    }

    /// `N`: family; given; additional; prefixes; suffixes, each a comma list. An `N` with
    /// neither a given nor a family name counts as absent, so `FN` is used instead.
    private static func applyName(_ property: VCardProperty, to card: inout ContactCard) {
        let parts = VCardText.components(property.rawValue)
        func part(_ index: Int) -> [String] { index < parts.count ? parts[index] : [] }
        let family = part(0).joined(separator: " ")
        let given = part(1).joined(separator: " ")
        guard !family.isEmpty || !given.isEmpty else { return }
        card.familyName = family
        card.givenName = given
        card.additionalNames = part(2)
        card.honorificPrefixes = part(3)
        card.honorificSuffixes = part(4)
        card.hasStructuredName = true
    }

    /// A card without a usable `N` gets its names from `FN`: the last word is the family name
    /// and the words before it the given name ("Mari Liis Tamm" → "Mari Liis" + "Tamm"). This
    /// is for showing only; matching such a card compares the whole `FN` with "first last"
    /// (see ``AddressBook/card(for:lastName:in:)``), which is right however the words split.
    private static func splitFormattedName(_ card: inout ContactCard) {
        let words = card.formattedName.split(whereSeparator: { $0.isWhitespace })
        guard let last = words.last else { return }
        card.familyName = String(last)
        card.givenName = words.dropLast().joined(separator: " ")
    }

    private static func entry(_ property: VCardProperty, label: String?, scheme: String?) -> ContactCard.Entry {
        var value = line(property.value)
        if let scheme, value.lowercased().hasPrefix(scheme) { value = String(value.dropFirst(scheme.count)) }
        let types = property.types
        let preferred = types.contains("pref") || property.parameter("PREF").contains { Int($0) == 1 }
        let shown = types.filter { $0 != "pref" && $0 != "internet" && $0 != "x400" }
        return ContactCard.Entry(value: value, types: shown, label: label, isPreferred: preferred)
    }

    private static func address(_ property: VCardProperty, label: String?) -> ContactCard.Address {
        let parts = VCardText.components(property.rawValue).map { $0.joined(separator: ", ") }
        func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
        return ContactCard.Address(
            poBox: part(0), extended: part(1), street: part(2), locality: part(3), region: part(4),
            postalCode: part(5), country: part(6), types: property.types.filter { $0 != "pref" },
            label: label)
    }

    /// Apple writes its standard labels as `_$!<Mobile>!$_` and custom ones as plain text.
    static func appleLabel(_ text: String) -> String {
        let line = line(text)
        guard line.hasPrefix("_$!<"), line.hasSuffix(">!$_"), line.count > 8 else { return line }
        return String(line.dropFirst(4).dropLast(4))
    }

    private static func line(_ text: String) -> String {
        text.sanitizedForTerminal.trimmingCharacters(in: .whitespaces)
    }

    private static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
