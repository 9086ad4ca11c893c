/// DECSC/DECRC around a picture's escape: sixel and iTerm2's images move the cursor as they
/// draw, and the screen's own drawing (ncurses) must find it where it left it.
enum SavedCursor {
    /// `ESC 7`, the bytes, `ESC 8`.
    static func around(_ bytes: [UInt8]) -> [UInt8] {
        [0x1b, UInt8(ascii: "7")] + bytes + [0x1b, UInt8(ascii: "8")]
    }
}
