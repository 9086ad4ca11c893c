/// The address book's cards by name, so marking a list of employees costs one lookup each
/// instead of a scan of every card.
public struct ContactIndex: Sendable {
    private let cardsByKey: [ContactMatchKey: [ContactCard]]

    /// An index of `cards`; where several cards have the same name they are all kept, in file
    /// order, the first as in ``AddressBook/card(for:lastName:in:)``.
    public init(_ cards: [ContactCard]) {
        var cardsByKey: [ContactMatchKey: [ContactCard]] = [:]
        for card in cards {
            for key in Set(ContactMatchKey.keys(of: card)) {
                cardsByKey[key, default: []].append(card)
            }
        }
        self.cardsByKey = cardsByKey
    }

    /// The first card for `firstName` `lastName`, matched as ``AddressBook/card(for:lastName:in:)``
    /// matches.
    public func card(firstName: String, lastName: String) -> ContactCard? {
        cards(firstName: firstName, lastName: lastName).first
    }

    /// Every card for `firstName` `lastName`, in file order: one person can have a work and a
    /// home card, or a copy from each synced account.
    public func cards(firstName: String, lastName: String) -> [ContactCard] {
        cardsByKey[ContactMatchKey(firstName: firstName, lastName: lastName)] ?? []
    }
}
