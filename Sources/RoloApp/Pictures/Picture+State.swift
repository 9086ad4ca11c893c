import TerminalUI

extension Picture {
    /// Shows where a detail picture stands in its slot: the image when ready, the slot kept free
    /// with "loading <noun>…" while it loads (so the fields below don't jump), or the reason it
    /// can't be shown under the badge, or that the server has none; just the badge where the
    /// terminal draws no pictures.
    mutating func show(_ state: PictureStore.State?, in slot: Size, noun: String = "photo") {
        switch state {
        case .ready(let image)?:
            self.image = image
            self.slot = slot
        case .failed(let reason)?:
            caption = "\(noun) can't be shown: \(reason)"
        case .missing?:
            caption = "no \(noun) on the server"
        case .notDrawn?:
            break
        case .loading?, nil:
            self.slot = slot
            caption = "loading \(noun)…"
        }
    }
}
