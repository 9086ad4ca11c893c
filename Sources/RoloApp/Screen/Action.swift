import TerminalUI

/// Everything a key, a click or the wheel can ask the app to do.
public enum Action: Hashable, Sendable {
    case moveUp, moveDown, pageUp, pageDown, first, last
    case open, back
    case refresh
    /// Like or unlike the selected row (foods).
    case like
    /// Open the selected row's contact card (directory).
    case contactCard
    /// The person's previous or next matching card, in the card overlay.
    case previousCard, nextCard
    /// Set the list's title to the selected person's name and go back to the list (randomuser).
    case setTitle
    /// Enter in the detail: the detail's button or avatar, if it has one.
    case activate
    case search, clearSearch, acceptSearch
    case nextSource, previousSource
    case source(Int)
    case help, closeHelp
    case toggleThumbnails
    case redraw
    /// Copy the selected row's most useful value (email, else phone, else name) with OSC 52.
    case copy
    /// Open the menu of the selected row's values to copy.
    case copyMenu
    case quit
}

/// The scopes of the key table, from the most specific.
public enum Scopes {
    public static let help = KeyScope("Help")
    public static let copyMenu = KeyScope("Copy menu")
    public static let card = KeyScope("Contact card")
    public static let search = KeyScope("Search")
    public static let list = KeyScope("List")
    public static let detail = KeyScope("Detail")
    public static let global = KeyScope("Everywhere")
}

/// rolo's one key table as shipped, before the config file's `[keys]` remaps it
/// (``RoloKeys/table(applying:)``): it drives key handling, the footer hints and the help overlay.
public let roloKeyTable = KeyTable<Action>([
    KeyBinding([.escape, .character("?"), .character("q")], .closeHelp, scope: Scopes.help, "Close this help", hint: "close"),
    KeyBinding([.up, .character("k")], .moveUp, scope: Scopes.help, "Scroll up"),
    KeyBinding([.down, .character("j")], .moveDown, scope: Scopes.help, "Scroll down"),
    KeyBinding([.pageUp], .pageUp, scope: Scopes.help, "Page up"),
    KeyBinding([.pageDown, .character(" ")], .pageDown, scope: Scopes.help, "Page down"),

    KeyBinding([.enter], .open, scope: Scopes.copyMenu, "Copy the highlighted value (or 1–9)", hint: "copy"),
    KeyBinding([.up, .character("k")], .moveUp, scope: Scopes.copyMenu, "Highlight the previous value"),
    KeyBinding([.down, .character("j")], .moveDown, scope: Scopes.copyMenu, "Highlight the next value"),
    KeyBinding([.escape, .character("q")], .closeHelp, scope: Scopes.copyMenu, "Close the menu", hint: "close"),
    KeyBinding([.left], .previousCard, scope: Scopes.card, "The person's previous card, when several match", hint: "prev card"),
    KeyBinding([.right], .nextCard, scope: Scopes.card, "The person's next card, when several match", hint: "next card"),

    KeyBinding([.enter], .acceptSearch, scope: Scopes.search, "Keep the filter and go back to the list", hint: "keep"),
    KeyBinding([.escape], .clearSearch, scope: Scopes.search, "Clear the filter", hint: "clear"),

    KeyBinding([.up, .character("k")], .moveUp, scope: Scopes.list, "Select the previous row", hint: "move"),
    KeyBinding([.down, .character("j")], .moveDown, scope: Scopes.list, "Select the next row"),
    KeyBinding([.pageUp], .pageUp, scope: Scopes.list, "Up a page"),
    KeyBinding([.pageDown], .pageDown, scope: Scopes.list, "Down a page"),
    KeyBinding([.home, .character("g")], .first, scope: Scopes.list, "First row"),
    KeyBinding([.end, .character("G")], .last, scope: Scopes.list, "Last row"),
    KeyBinding([.enter, .right], .open, scope: Scopes.list, "Open the selected row's detail", hint: "open"),
    KeyBinding([.escape], .clearSearch, scope: Scopes.list, "Clear the search filter"),

    KeyBinding([.up, .character("k")], .moveUp, scope: Scopes.detail, "Scroll the detail up", hint: "scroll"),
    KeyBinding([.down, .character("j")], .moveDown, scope: Scopes.detail, "Scroll the detail down"),
    KeyBinding([.pageUp], .pageUp, scope: Scopes.detail, "Detail up a page"),
    KeyBinding([.pageDown, .character(" ")], .pageDown, scope: Scopes.detail, "Detail down a page"),
    KeyBinding([.home, .character("g")], .first, scope: Scopes.detail, "Top of the detail"),
    KeyBinding([.end, .character("G")], .last, scope: Scopes.detail, "Bottom of the detail"),
    KeyBinding([.escape, .left, .character("h"), .backspace], .back, scope: Scopes.detail, "Back to the list", hint: "back"),
    KeyBinding([.enter], .activate, scope: Scopes.detail, "Press the detail's button or avatar"),
    KeyBinding([.character("t")], .setTitle, scope: Scopes.detail, "Make this person's name the list's title", hint: "title"),

    KeyBinding([.character("r")], .refresh, scope: Scopes.global, "Refresh from the server", hint: "refresh"),
    KeyBinding([.character("l")], .like, scope: Scopes.global, "Like or unlike the selected food", hint: "like"),
    KeyBinding([.character("c")], .contactCard, scope: Scopes.global, "Open the address-book card of the selected person", hint: "card"),
    KeyBinding([.character("/")], .search, scope: Scopes.global, "Search the list", hint: "search"),
    KeyBinding([.character("y")], .copy, scope: Scopes.global, "Copy the email (else phone, else name)", hint: "copy"),
    KeyBinding([.character("Y")], .copyMenu, scope: Scopes.global, "Pick a value to copy: phone, name…"),
    KeyBinding([.tab], .nextSource, scope: Scopes.global, "Next source"),
    KeyBinding([.backTab], .previousSource, scope: Scopes.global, "Previous source"),
    KeyBinding([.character("1")], .source(0), scope: Scopes.global, "Source 1"),
    KeyBinding([.character("2")], .source(1), scope: Scopes.global, "Source 2"),
    KeyBinding([.character("3")], .source(2), scope: Scopes.global, "Source 3"),
    KeyBinding([.character("4")], .source(3), scope: Scopes.global, "Source 4"),
    KeyBinding([.character("5")], .source(4), scope: Scopes.global, "Source 5"),
    KeyBinding([.character("i")], .toggleThumbnails, scope: Scopes.global, "Show or hide thumbnails in the list", hint: "pictures"),
    KeyBinding([.control("l")], .redraw, scope: Scopes.global, "Repaint the screen"),
    KeyBinding([.character("?")], .help, scope: Scopes.global, "Show every key", hint: "help"),
    KeyBinding([.character("q")], .quit, scope: Scopes.global, "Quit", hint: "quit"),
])
