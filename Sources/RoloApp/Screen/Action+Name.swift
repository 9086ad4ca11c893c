extension Action {
    /// The action's name in the config file's `[keys]` table and in `rolo keys`: "refresh",
    /// "next-source", "source-3".
    public var name: String {
        switch self {
        case .moveUp: "move-up"
        case .moveDown: "move-down"
        case .pageUp: "page-up"
        case .pageDown: "page-down"
        case .first: "first"
        case .last: "last"
        case .open: "open"
        case .back: "back"
        case .refresh: "refresh"
        case .capability(let action): action.name
        case .activate: "activate"
        case .search: "search"
        case .clearSearch: "clear-search"
        case .acceptSearch: "accept-search"
        case .nextSource: "next-source"
        case .previousSource: "previous-source"
        case .source(let index): "source-\(index + 1)"
        case .help: "help"
        case .closeHelp: "close"
        case .toggleThumbnails: "thumbnails"
        case .redraw: "redraw"
        case .copy: "copy"
        case .copyMenu: "copy-menu"
        case .toggleMark: "mark"
        case .markRange: "mark-range"
        case .retryFailed: "retry-failed"
        case .actionMenu: "action-menu"
        case .openLink: "open-link"
        case .toggleWatch: "toggle-watch"
        case .signIn: "sign-in"
        case .quit: "quit"
        }
    }
}
