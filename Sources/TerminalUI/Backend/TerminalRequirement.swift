/// What a terminal must be able to do for rolo to draw on it, decided before anything is written.
///
/// rolo places every cell it draws, so a terminal that can't move its cursor (`dumb`, `unknown`,
/// an entry without `cup`) would show a blank screen and no reason; it is refused with one.
public enum TerminalRequirement {
    /// Why rolo can't draw on TERM `term`, nil when it can.
    ///
    /// - Parameters:
    ///   - entry: the terminfo entry rolo would open (``TerminalProfile/terminfoName(for:options:lookUp:)``):
    ///     TERM's own, or a direct-colour one standing in for it.
    ///   - canMoveCursor: whether a terminfo entry has `cup`; nil when there is no such entry.
    public static func refusal(term: String, entry: String, canMoveCursor: (String) -> Bool?) -> TerminalError? {
        switch canMoveCursor(term) {
        case false?:
            // TERM says what the terminal is; a colour entry standing in for it changes nothing.
            return .cannotMoveCursor(term)
        case true?:
            return nil
        case nil:
            // A TERM this machine has no entry for (xterm-kitty over ssh) still works when the
            // entry opened in its place can move the cursor.
            return entry != term && canMoveCursor(entry) == true ? nil : .unknownTerminal(term)
        }
    }
}
