import Foundation

/// How an OSC 52 sequence must be wrapped to get through a terminal multiplexer to the terminal.
public enum ClipboardWrap: Sendable, Equatable {
    /// Sent as is: the terminal itself, or tmux with `set-clipboard on`, takes it.
    case none
    /// Inside tmux's DCS passthrough (`ESC P tmux; … ESC \`, every ESC doubled).
    case tmux
    /// Inside GNU screen's DCS passthrough, in chunks short enough for screen's string buffer.
    case screen
}

/// The OSC 52 "set the clipboard" sequence, which terminals such as xterm, kitty, iTerm2,
/// WezTerm and tmux turn into a clipboard write on the machine in front of the user, even over
/// ssh. Pure: `Terminal` sends the bytes.
public enum OSC52 {
    /// The most base64 rolo sends: terminals cap OSC 52 (hterm at 100,000 bytes, others lower),
    /// and a longer sequence would be dropped whole and silently.
    public static let maximumEncodedLength = 100_000

    /// Base64 characters per screen DCS chunk: screen's string buffer holds 768 bytes, and
    /// 76 is what the tools that have done this for years (vim-oscyank, tmux-yank) use.
    static let screenChunk = 76

    /// The bytes that put `text` on the clipboard, or nil when it is too long to send.
    public static func sequence(for text: String, wrap: ClipboardWrap) -> [UInt8]? {
        let encoded = Data(text.utf8).base64EncodedString()
        guard encoded.utf8.count <= maximumEncodedLength else { return nil }
        // BEL rather than ST ends the OSC: ST (ESC \) would end the DCS that wraps it.
        let osc = "\u{1b}]52;c;\(encoded)\u{07}"
        switch wrap {
        case .none:
            return Array(osc.utf8)
        case .tmux:
            return TmuxPassthrough.wrap(Array(osc.utf8))
        case .screen:
            var chunks: [Substring] = []
            var rest = Substring(encoded)
            repeat {
                chunks.append(rest.prefix(screenChunk))
                rest = rest.dropFirst(screenChunk)
            } while !rest.isEmpty
            let body = chunks.joined(separator: "\u{1b}\\\u{1b}P")
            return Array("\u{1b}P\u{1b}]52;c;\(body)\u{07}\u{1b}\\".utf8)
        }
    }
}
