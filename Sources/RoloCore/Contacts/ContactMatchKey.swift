/// What a card is matched to an employee by: a given and family name, each normalised by
/// ``PersonNameKey/normalized(_:)``.
struct ContactMatchKey: Hashable, Sendable {
    let given: String
    let family: String

    /// The key an employee looks for: their first and last name.
    init(firstName: String, lastName: String) {
        given = PersonNameKey.normalized(firstName)
        family = PersonNameKey.normalized(lastName)
    }

    /// The keys a card answers to: its `N` names, or, without `N`, every split of its `FN`
    /// into a given and a family name, so "Mari Liis Tamm" matches both Mari Liis + Tamm and
    /// Mari + Liis Tamm.
    static func keys(of card: ContactCard) -> [ContactMatchKey] {
        if card.hasStructuredName {
            return [ContactMatchKey(firstName: card.givenName, lastName: card.familyName)]
        }
        let words = PersonNameKey.normalized(card.formattedName).split(separator: " ")
        guard words.count >= 2 else { return [] }
        return (1..<words.count).map { split in
            ContactMatchKey(
                firstName: words[..<split].joined(separator: " "), lastName: words[split...].joined(separator: " "))
        }
    }
}
