import TerminalUI

extension Scopes {
    /// The question before an action runs on the marked rows.
    public static let bulkConfirm = KeyScope("Bulk confirmation")
    /// The results of an action run on the marked rows.
    public static let bulkResults = KeyScope("Bulk results")
}

/// The keys of marks and bulk actions: Space and `V` in the list (Esc, the list's
/// `clear-search`, clears the marks when no search is on), the confirmation's and the results
/// overlay's.
let bulkBindings: [KeyBinding<Action>] = [
    KeyBinding([.character(" ")], .toggleMark, scope: Scopes.list, "Mark or unmark the row, and move down", hint: "mark"),
    KeyBinding([.character("V")], .markRange, scope: Scopes.list, "Mark from the last marked row to this one"),

    KeyBinding([.character("y"), .enter], .open, scope: Scopes.bulkConfirm, "Run the action on every marked record", hint: "run"),
    KeyBinding([.character("n"), .escape], .closeHelp, scope: Scopes.bulkConfirm, "Don't run it", hint: "cancel"),

    KeyBinding([.character("R")], .retryFailed, scope: Scopes.bulkResults, "Run the action again on the failed records", hint: "retry failed"),
    KeyBinding([.up, .character("k")], .moveUp, scope: Scopes.bulkResults, "Scroll up"),
    KeyBinding([.down, .character("j")], .moveDown, scope: Scopes.bulkResults, "Scroll down"),
    KeyBinding([.pageUp], .pageUp, scope: Scopes.bulkResults, "Page up"),
    KeyBinding([.pageDown], .pageDown, scope: Scopes.bulkResults, "Page down"),
    KeyBinding([.escape, .character("q")], .closeHelp, scope: Scopes.bulkResults,
               "Close; the done records are unmarked, the failed stay marked (during a retry: stop it)", hint: "close"),
]
