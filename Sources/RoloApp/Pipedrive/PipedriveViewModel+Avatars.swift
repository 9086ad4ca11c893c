import Foundation
import RoloCore
import TerminalUI

/// Gravatar avatars in the detail: fetched through the shared pipeline and the disk cache, a 404
/// (no Gravatar for the email) shown as the initials badge without an error.
extension PipedriveViewModel {
    /// What the avatar loader throws for Gravatar's 404, so it reads as "none", not as a failure.
    struct NoGravatar: Error, CustomStringConvertible {
        static let reason = "no Gravatar for this email"
        var description: String { Self.reason }
    }

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
            do {
                return try await imageLoader.load(url, bypassCache: bypass)
            } catch let error as FetchError where error.kind == .notFound {
                throw NoGravatar()
            }
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
        if state == .failed(NoGravatar.reason) {
            picture.caption = NoGravatar.reason
        } else {
            picture.show(state, in: pictureSlot, noun: "avatar")
        }
        return picture
    }
}
