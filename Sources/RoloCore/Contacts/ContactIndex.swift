/// The address book's cards by name, so marking a list of employees costs one lookup each
/// instead of a scan of every card.
public struct ContactIndex: Sendable {
    private let cardsByKey: [ContactMatchKey: ContactCard]

    /// An index of `cards`; where several cards have the same name, the first in file order
    /// wins, as in ``AddressBook/card(for:lastName:in:)``.
    public init(_ cards: [ContactCard]) {
        var cardsByKey: [ContactMatchKey: ContactCard] = [:]
        for card in cards {
            for key in ContactMatchKey.keys(of: card) where cardsByKey[key] == nil {
                cardsByKey[key] = card
            }
        }
        self.cardsByKey = cardsByKey
    }

    /// The card for `firstName` `lastName`, matched as ``AddressBook/card(for:lastName:in:)``
    /// matches.
    public func card(firstName: String, lastName: String) -> ContactCard? {
        cardsByKey[ContactMatchKey(firstName: firstName, lastName: lastName)]
    }
}
