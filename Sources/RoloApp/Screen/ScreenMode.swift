import RoloCore
import TerminalUI

/// What has the keys: the source on screen (its list, or its detail), or one thing over it.
///
/// One value rather than a flag per overlay, so which of them wins is decided in one place and
/// two can never be open at once. A signal or a lost terminal never reaches a mode: it quits
/// (``ScreenController/quit()``).
enum ScreenMode: Equatable {
    /// The source's list, or its detail (which of the two is per source, in `SourceUI`).
    case browsing
    /// Typing in the list's search field; the list narrows as the text changes.
    case searching(String)
    /// The key overlay, scrolled down by `scroll` lines.
    case help(scroll: Int)
    /// The `Y` menu: the selected row's values, and the highlighted one.
    case copyMenu(values: [CopyValue], selected: Int)
    /// A contact card over the screen: whose, which of their cards, and its scroll.
    case card(rowID: String, index: Int, scroll: Int)
    /// An action about to run on every marked row, asking once (``BulkPlan``).
    case bulkConfirm(BulkPlan)
    /// A bulk run's results, failed records first, scrolled down by `scroll` lines.
    case bulkResults(scroll: Int)
    /// An action's inputs, asked once for every marked row.
    case bulkForm(ActionForm)
    /// The `a` menu: the actions that apply to row `rowID`, by name, and the highlighted one.
    case actionMenu(rowID: String, names: [String], selected: Int)
    /// An action's inputs being filled in, before it is confirmed or run.
    case actionForm(ActionForm)
    /// An action about to run, the request shown, waiting for yes or no.
    case actionConfirm(ActionRequest)
    /// An `output` command's exit status and output lines, scrolled by `scroll` lines.
    case actionOutput(title: String, status: Int32, lines: [String], scroll: Int)
    /// Signing in to the tab's source (`L`): where the flow is.
    case signIn(SignInScreen)
}

extension ScreenController {
    /// The key table's scopes in force now, most specific first.
    var activeScopes: [KeyScope] {
        switch mode {
        case .browsing: [sourceUI.showingDetail ? Scopes.detail : Scopes.list, Scopes.global]
        case .searching: [Scopes.search]
        case .help: [Scopes.help]
        case .copyMenu: [Scopes.copyMenu]
        case .card: [Scopes.card, Scopes.help]
        case .signIn: [Scopes.help]
        case .bulkConfirm: [Scopes.bulkConfirm]
        case .bulkResults: [Scopes.bulkResults]
        case .bulkForm: []
        // Their keys are read as typed (a form takes any text); each overlay names them.
        case .actionMenu, .actionForm, .actionConfirm, .actionOutput: []
        }
    }

    /// The help's scroll while the help is open.
    var helpScroll: Int? {
        if case .help(let scroll) = mode { scroll } else { nil }
    }

    /// The search field's text while the user types in it.
    var searchText: String? {
        if case .searching(let text) = mode { text } else { nil }
    }

    /// The copy menu while it is open.
    var copyMenu: (values: [CopyValue], selected: Int)? {
        if case .copyMenu(let values, let selected) = mode { (values, selected) } else { nil }
    }

    /// The contact card while one is open.
    var card: (rowID: String, index: Int, scroll: Int)? {
        if case .card(let rowID, let index, let scroll) = mode { (rowID, index, scroll) } else { nil }
    }
}
