import RoloCore
import TerminalUI

/// Everything a key, a click or the wheel can ask the app to do.
public enum Action: Hashable, Sendable {
    case moveUp, moveDown, pageUp, pageDown, first, last
    case open, back
    case refresh
    /// What only some sources do (a like, a contact card): the capability that has it declares
    /// it with its keys, and the source on screen does it.
    case capability(CapabilityAction)
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
    /// Mark or unmark the selected row, for an action on every marked row (``RowMarks``).
    case toggleMark
    /// Mark the rows from the last marked one to the selected one.
    case markRange
    /// Run a bulk action again on the records it failed on.
    case retryFailed
    /// Open the menu of the actions (`[[sources.actions]]`) that apply to the selected row.
    case actionMenu
    /// Open the selected record's first link in the desktop's browser (else copy it).
    case openLink
    /// Turn watching of the tab on screen on or off: it refreshes itself every interval.
    case toggleWatch
    /// Sign in to the tab's source through its `[sources.auth]`: the device flow's code on
    /// screen, the browser for the code flow.
    case signIn
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

/// An action only some sources have, named as the config file's `[keys]` names it. Each is
/// declared beside the capability or source that does it, with its key bindings.
public struct CapabilityAction: Hashable, Sendable {
    /// The name in `[keys]` and `rolo keys`: "like".
    public let name: String

    public init(_ name: String) { self.name = name }
}

/// rolo's one key table as shipped, before the config file's `[keys]` remaps it
/// (``RoloKeys/table(applying:)``): it drives key handling, the footer hints and the help
/// overlay. The shared keys, then those the registry's sources bring with their capabilities
/// (only built-in sources have capabilities, so a run's catalog gives the same table).
public let roloKeyTable = RoloKeys.defaultTable(for: SourceRegistry.catalog())

extension RoloKeys {
    /// The key table of `catalog`'s sources before any remap: the shared keys, and the
    /// sources' own after refresh, the first of the keys everywhere, where the footer has room.
    /// The keys of the actions rolo ships are those `actions` (the settings') give them, else
    /// the shipped ones.
    public static func defaultTable(for catalog: SourceCatalog, actions: ConfiguredSources? = nil) -> KeyTable<Action> {
        let split = sharedBindings.firstIndex { $0.action == .refresh }.map { $0 + 1 } ?? sharedBindings.count
        return KeyTable(Array(sharedBindings[..<split]) + catalog.capabilityBindings(actions) + sharedBindings[split...] + bulkBindings)
    }
}

/// The keys every source has.
let sharedBindings: [KeyBinding<Action>] = [
    KeyBinding([.escape, .character("?"), .character("q")], .closeHelp, scope: Scopes.help, "Close this help", hint: "close"),
    KeyBinding([.up, .character("k")], .moveUp, scope: Scopes.help, "Scroll up"),
    KeyBinding([.down, .character("j")], .moveDown, scope: Scopes.help, "Scroll down"),
    KeyBinding([.pageUp], .pageUp, scope: Scopes.help, "Page up"),
    KeyBinding([.pageDown, .character(" ")], .pageDown, scope: Scopes.help, "Page down"),

    KeyBinding([.enter], .open, scope: Scopes.copyMenu, "Copy the highlighted value (or 1–9)", hint: "copy"),
    KeyBinding([.up, .character("k")], .moveUp, scope: Scopes.copyMenu, "Highlight the previous value"),
    KeyBinding([.down, .character("j")], .moveDown, scope: Scopes.copyMenu, "Highlight the next value"),
    KeyBinding([.escape, .character("q")], .closeHelp, scope: Scopes.copyMenu, "Close the menu", hint: "close"),

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
    KeyBinding([.enter], .activate, scope: Scopes.detail, "Press the detail's button or avatar; follow its lookup"),

    KeyBinding([.character("r")], .refresh, scope: Scopes.global, "Refresh from the server", hint: "refresh"),
    KeyBinding([.character("w")], .toggleWatch, scope: Scopes.global, "Watch this tab (refresh on a timer)"),
    KeyBinding([.character("/")], .search, scope: Scopes.global, "Search the list", hint: "search"),
    KeyBinding([.character("y")], .copy, scope: Scopes.global, "Copy the email (else phone, else name)", hint: "copy"),
    KeyBinding([.character("Y")], .copyMenu, scope: Scopes.global, "Pick a value to copy: phone, name…"),
    KeyBinding([.character("a")], .actionMenu, scope: Scopes.global, "Act on the selected row: the menu of its actions", hint: "actions"),
    KeyBinding([.character("o")], .openLink, scope: Scopes.global, "Open the record's link; copy over ssh"),
    KeyBinding([.character("L")], .signIn, scope: Scopes.global, "Sign in to this source ([sources.auth])"),
    KeyBinding([.tab], .nextSource, scope: Scopes.global, "Next source"),
    KeyBinding([.backTab], .previousSource, scope: Scopes.global, "Previous source"),
] + (1...9).map { KeyBinding([.character(Character(String($0)))], .source($0 - 1), scope: Scopes.global, "Source \($0)") } + [
    KeyBinding([.character("i")], .toggleThumbnails, scope: Scopes.global, "Show or hide thumbnails in the list", hint: "pictures"),
    KeyBinding([.control("l")], .redraw, scope: Scopes.global, "Repaint the screen"),
    KeyBinding([.character("?")], .help, scope: Scopes.global, "Show every key", hint: "help"),
    KeyBinding([.character("q")], .quit, scope: Scopes.global, "Quit", hint: "quit"),
]

extension SourceCatalog {
    /// The keys the sources bring with their capabilities, each action and scope once; those
    /// of shipped actions as `actions` key them, when given.
    func capabilityBindings(_ actions: ConfiguredSources?) -> [KeyBinding<Action>] {
        var seen = Set<String>()
        return plugins.flatMap { Self.keyBindings(of: $0, actions) }.filter { seen.insert("\($0.action.name) \($0.scope.name)").inserted }
    }

    /// The keys `plugin` brings; those of its shipped actions as `actions` key them, when given.
    static func keyBindings(of plugin: any SourcePlugin.Type, _ actions: ConfiguredSources?) -> [KeyBinding<Action>] {
        guard let actions, let ships = plugin as? any ShipsActionKeys.Type else { return plugin.keyBindings }
        return ships.keyBindings(for: actions.actions(of: plugin.id.rawValue).filter(\.isShipped))
    }
}
