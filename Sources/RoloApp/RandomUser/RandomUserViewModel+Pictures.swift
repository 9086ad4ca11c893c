import Foundation
import RoloCore
import TerminalUI

/// Avatars: a thumbnail in each row and the large portrait in the detail, both through the
/// shared pipeline and randomuser's disk cache, so a cached avatar is never fetched again.
extension RandomUserViewModel {
    public var canShowThumbnails: Bool { pictures != nil && imageLoader != nil }

    /// Rows of a thumbnail: the screen's taller rows are three lines.
    static let thumbnailSize = Size(width: 6, height: 3)

    /// Every thumbnail key starts so; the generation changes with each refresh.
    var thumbnailKeyPrefix: String { "randomuser/\(generation)/thumb/" }

    func photoKey(_ url: URL) -> String { "randomuser/\(generation)/photo/\(url.absoluteString)" }

    public func pictureSlotChanged(to slot: Size) {
        guard slot != pictureSlot else { return }
        pictureSlot = slot
        requestPhoto()
    }

    /// The person's thumbnail when ready, asking for it the first time.
    func thumbnail(of person: RandomPerson) -> CellImage? {
        guard showsThumbnails, let pictures, let imageLoader, let url = person.pictureThumbnail else { return nil }
        let size = Self.thumbnailSize
        let state = pictures.picture(thumbnailKeyPrefix + url.absoluteString, columns: size.width, rows: size.height) { bypass in
            try await imageLoader.load(url, bypassCache: bypass)
        }
        if case .ready(let image) = state { return image }
        return nil
    }

    /// Asks for the selected person's portrait at the current slot size; the store starts it once.
    func requestPhoto() {
        guard let pictures, let imageLoader, let url = selectedID.flatMap(person(withID:))?.pictureLarge else { return }
        pictures.picture(photoKey(url), columns: pictureSlot.width, rows: pictureSlot.height) { bypass in
            try await imageLoader.load(url, bypassCache: bypass)
        }
    }

    /// The detail's picture: the portrait when ready, else a badge that says why there is none.
    func picture(for person: RandomPerson) -> Picture {
        var picture = Picture(initials: Picture.initials(of: person.fullName), colorSeed: RandomUserDetail.colorSeed(person.id))
        guard let pictures, imageLoader != nil else { return picture }
        guard let url = person.pictureLarge else {
            picture.caption = "no avatar"
            return picture
        }
        picture.show(pictures.state(photoKey(url), columns: pictureSlot.width, rows: pictureSlot.height), in: pictureSlot, noun: "avatar")
        return picture
    }
}
