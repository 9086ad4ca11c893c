/// tmux's DCS passthrough: an escape sequence for the terminal around tmux, which tmux would
/// otherwise swallow. It gets through when tmux allows it (`allow-passthrough on` since 3.3).
public enum TmuxPassthrough {
    /// `sequence` inside `ESC P tmux; … ESC \`, each of its ESCs doubled so that none ends the wrapper.
    public static func wrap(_ sequence: [UInt8]) -> [UInt8] {
        var wrapped = Array("\u{1b}Ptmux;".utf8)
        wrapped.reserveCapacity(sequence.count + sequence.count / 8 + 9)
        for byte in sequence {
            if byte == 0x1b { wrapped.append(0x1b) }
            wrapped.append(byte)
        }
        wrapped += [0x1b, UInt8(ascii: "\\")]
        return wrapped
    }
}
