import RoloCore

/// The address book as the directory uses it: the cards by name, how many there are, and why
/// none could be read (a missing address book is no error). Built off the main actor.
public struct AddressBookIndex: Sendable {
    /// The cards, looked up by a person's name.
    public let index: ContactIndex
    /// How many cards there are.
    public let count: Int
    /// Why the address book couldn't be read, for the status line and the log.
    public let problem: String?

    /// Indexes `cards`; `problem` is what ``AddressBook/load(path:)`` said went wrong.
    public init(cards: [ContactCard], problem: String?) {
        index = ContactIndex(cards)
        count = cards.count
        self.problem = problem
    }

    /// No address book (yet).
    static let empty = AddressBookIndex(cards: [], problem: nil)
}
