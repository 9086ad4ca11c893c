import Foundation
import TerminalUI

extension ScreenController {
    /// `o`: the selected record's first link (``Array/firstLinkAddress``) opened with
    /// `xdg-open` where rolo runs on the user's desktop; else copied with OSC 52, and the status
    /// line says which and why.
    func openLink() {
        guard let id = sourceUI.selectedID else { return }
        guard let address = source.detail(for: id).firstLinkAddress else {
            say("this record has no link to open")
            return
        }
        switch linkOpener.route() {
        case .open(let program):
            do {
                try linkOpener.launch(program, [address])
                say("opened \(address)")
            } catch {
                copyLink(address, because: "xdg-open couldn't be started")
            }
        case .copy(let reason):
            copyLink(address, because: reason.explanation)
        }
    }

    /// Copies a link that isn't opened here and says why, or why it couldn't be copied either.
    private func copyLink(_ address: String, because reason: String) {
        switch onCopy(address) {
        case .copied: say("copied the link — \(reason)")
        case .off: say("\(reason); copying is off too (--no-clipboard or clipboard = false): \(address)")
        case .unsupported(let why): say("\(reason), and it can't be copied (\(why)): \(address)")
        case .tooLong: say("\(reason), and the link is too long to copy through OSC 52")
        case .failed: say("\(reason), and the terminal didn't take the link to copy: \(address)")
        }
    }

}
