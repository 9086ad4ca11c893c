import RoloCore
import TerminalUI

// What only some sources do, each a protocol of its own. The screen asks the source on screen
// whether it has one (`source as? ContactCards`), so a source answers only for what it does,
// and a capability's keys show in the footer and the help only where the source has it.

/// A source whose selection starts work: the row's detail fetched, its picture drawn.
@MainActor
public protocol FollowsSelection: SourceModel {
    /// The selection moved to this row (nil: nothing selected).
    func selectionChanged(to rowID: String?)
}

/// A source whose `[sources.auth]` a person signs in to: `L` runs its flow on screen.
@MainActor
public protocol SignsIn: SourceModel {
    /// The source's OAuth 2.0 flow, `${VAR}`s filled in; nil when it has none to run here.
    var signInFlow: SignInFlow? { get }
}

/// A source that knows when its last refresh found the server unreachable: a watched one then
/// retries later, its list kept.
@MainActor
public protocol ReportsOffline: SourceModel {
    /// Whether the last refresh couldn't reach the server.
    var isOffline: Bool { get }
}

/// A source with a picture in its detail, drawn to fit the detail's picture slot.
@MainActor
public protocol DetailPictures: SourceModel {
    /// The detail's picture slot changed size (layout, resize); pictures are rendered to fit it.
    func pictureSlotChanged(to slot: Size)
}

/// A source whose rows carry markers in a gutter of their own (the directory's card mark).
@MainActor
public protocol RowMarkers: SourceModel {
    /// Columns of marker gutter the rows need.
    var markerWidth: Int { get }
}

/// A source that draws countries as flags where the terminal composes them, else as codes;
/// the terminal's answer to rolo's questions comes after the first frame.
@MainActor
public protocol ShowsFlags: SourceModel {
    /// Draws flags (true) or country codes.
    func showFlags(_ flags: Bool)
}

/// A source whose rows can carry thumbnails, which `i` shows or hides.
@MainActor
public protocol RowThumbnails: SourceModel {
    /// Whether rows can carry thumbnails now (the source has pictures and images are on).
    var canShowThumbnails: Bool { get }
    /// The user's choice to show thumbnails (the screen shows them only where they fit).
    var showsThumbnails: Bool { get set }
}

/// A source with actions of its own on a row: foods' like, randomuser's title. Their keys
/// come with the source's plug-in (``SourcePlugin/keyBindings``).
@MainActor
public protocol RowActions: SourceModel {
    /// The actions this source has at all, so the help lists their keys even before a row
    /// allows them.
    var offeredActions: Set<CapabilityAction> { get }
    /// The action Enter or a click does on the detail's button, if the detail has one.
    var detailButtonAction: CapabilityAction? { get }
    /// Whether `action` can be done now.
    func isAvailable(_ action: CapabilityAction) -> Bool
    /// Does `action` on a row.
    func perform(_ action: CapabilityAction, on rowID: String?)
}

extension RowActions {
    public var detailButtonAction: CapabilityAction? { nil }
}

/// A source that highlights a row briefly when its state changes (a like's flash).
@MainActor
public protocol FlashesRows: SourceModel {
    /// The row highlighted now, if any.
    var flashingRowID: String? { get }
}

/// A source whose rows may match address-book cards (the directory): `c`, the card over the
/// screen, and ← → through a person's cards.
@MainActor
public protocol ContactCards: SourceModel {
    /// How many contact cards match a row (0: none, no card button or key).
    func contactCardCount(for rowID: String) -> Int
    /// The row's contact card number `index` (from 0), as an overlay's title, lines and
    /// picture. Pure: reads state, starts nothing.
    func contactCard(for rowID: String, at index: Int) -> OverlayContent?
    /// The card is on screen now: the source starts what it needs, e.g. the card's photo.
    func contactCardShown(for rowID: String, at index: Int)
}

extension CapabilityAction {
    /// Open the selected row's contact card.
    public static let contactCard = CapabilityAction("contact-card")
    /// The person's previous or next matching card, in the card overlay.
    public static let previousCard = CapabilityAction("previous-card")
    public static let nextCard = CapabilityAction("next-card")
    /// The contact cards' actions.
    static let cardActions: Set<CapabilityAction> = [.contactCard, .previousCard, .nextCard]
}

extension Action {
    public static let contactCard = Action.capability(.contactCard)
    public static let previousCard = Action.capability(.previousCard)
    public static let nextCard = Action.capability(.nextCard)
}

/// The keys of ``ContactCards``, which a source with cards brings into the key table.
public enum ContactCardKeys {
    public static let bindings: [KeyBinding<Action>] = [
        KeyBinding([.character("c")], .contactCard, scope: Scopes.global, "Open the address-book card of the selected person", hint: "card"),
        KeyBinding([.left], .previousCard, scope: Scopes.card, "The person's previous card, when several match", hint: "prev card"),
        KeyBinding([.right], .nextCard, scope: Scopes.card, "The person's next card, when several match", hint: "next card"),
    ]
}

/// A source with rows that are actions of their own (a retry row): Enter does them.
@MainActor
public protocol ActionRows: SourceModel {
    /// Enter on a row: does the row's action and says true, or says false for a row that opens
    /// its detail.
    func activatesRow(_ rowID: String) -> Bool
}

/// A source that offers `y` and `Y` more of a row than the detail's title.
@MainActor
public protocol CopyableValues: SourceModel {
    /// The values of a row that `y` and the `Y` menu can copy, most useful first within a kind.
    func copyValues(for rowID: String) -> [CopyValue]
}
