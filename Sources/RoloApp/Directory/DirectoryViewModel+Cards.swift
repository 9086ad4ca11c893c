import RoloCore
import TerminalUI

/// The contact cards from the user's address book that match a person, and their photos.
extension DirectoryViewModel {
    public func contactCardCount(for rowID: String) -> Int {
        employee(withID: rowID).map(cards(for:))?.count ?? 0
    }

    public func contactCard(for rowID: String, at index: Int) -> OverlayContent? {
        guard let cards = employee(withID: rowID).map(cards(for:)), cards.indices.contains(index) else { return nil }
        let key = Self.photoKey(rowID, index)
        return DirectoryCardOverlay.content(for: cards[index], picture: DirectoryCardOverlay.picture(
            for: cards[index], state: pictures.map { $0.state(key, columns: Overlay.pictureSize.width, rows: Overlay.pictureSize.height) },
            colorSeed: DirectoryCardOverlay.colorSeed(rowID)))
    }

    /// Decodes the card's embedded photo, once, through the shared pipeline.
    public func contactCardShown(for rowID: String, at index: Int) {
        guard let pictures, let cards = employee(withID: rowID).map(cards(for:)), cards.indices.contains(index),
              case .embedded(let data)? = cards[index].photo else { return }
        pictures.picture(Self.photoKey(rowID, index), columns: Overlay.pictureSize.width, rows: Overlay.pictureSize.height) { _ in data }
    }

    private static func photoKey(_ rowID: String, _ index: Int) -> String { "directory/card/\(index)/\(rowID)" }

    private func cards(for employee: DirectoryEmployee) -> [ContactCard] {
        contacts.index.cards(firstName: employee.firstName, lastName: employee.lastName)
    }
}
