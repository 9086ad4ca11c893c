import Foundation
import RoloCore
import TerminalUI

/// Gravatar avatars in the detail: fetched through the shared pipeline and the disk cache, a 404
/// (no Gravatar for the email) shown as the initials badge without an error, and remembered by
/// the disk cache, so offline it still says so.
extension PipedriveViewModel {
    /// The caption for Gravatar's 404: the person simply has none.
    static let noGravatar = "no Gravatar for this email"

    public func pictureSlotChanged(to slot: Size) {
        guard slot != pictureSlot else { return }
        pictureSlot = slot
        requestAvatar()
    }

    /// The person's Gravatar URL: the hash of the primary email; nil without one.
    func avatarURL(_ person: PipedrivePerson) -> URL? {
        person.primaryEmail.flatMap { Gravatar.url(for: $0, base: gravatarBase) }
    }

    func avatarKey(_ url: URL) -> String { "pipedrive/avatar/\(url.absoluteString)" }

    /// Asks for the selected person's avatar at the slot's size; the store starts it once.
    func requestAvatar() {
        guard let pictures, let imageLoader, let url = selectedPerson.flatMap(avatarURL) else { return }
        pictures.picture(avatarKey(url), columns: pictureSlot.width, rows: pictureSlot.height) { bypass in
            try await imageLoader.load(url, bypassCache: bypass)
        }
    }

    /// The avatar when ready; else the initials badge, with a word on why when it isn't simply
    /// that the person has no Gravatar.
    func picture(for person: PipedrivePerson) -> Picture {
        var picture = Picture(initials: Picture.initials(of: person.displayName), colorSeed: Int(person.id) ?? 0)
        guard let pictures, imageLoader != nil else { return picture }
        guard let url = avatarURL(person) else {
            picture.caption = "no email, so no Gravatar"
            return picture
        }
        let state = pictures.state(avatarKey(url), columns: pictureSlot.width, rows: pictureSlot.height)
        if state == .missing {
            picture.caption = Self.noGravatar
        } else {
            picture.show(state, in: pictureSlot, noun: "avatar")
        }
        return picture
    }
}
