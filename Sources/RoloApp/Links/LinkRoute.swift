/// Where `o` sends a record's link: to the desktop's browser through `xdg-open`, or to the
/// clipboard, and why.
public enum LinkRoute: Equatable, Sendable {
    /// Open it with the program at this path (`xdg-open`).
    case open(program: String)
    /// Copy it instead, for this reason.
    case copy(LinkCopyReason)
}

/// Why a link is copied rather than opened.
public enum LinkCopyReason: Equatable, Sendable {
    /// rolo runs over ssh: a browser started here would open on the remote box, not the
    /// user's desktop.
    case overSSH
    /// No graphical display here (neither `DISPLAY` nor `WAYLAND_DISPLAY`).
    case noDisplay
    /// A display, but no `xdg-open` on `PATH`.
    case noOpener

    /// The notice's reason, after "copied the link — ".
    public var explanation: String {
        switch self {
        case .overSSH: "rolo runs over ssh, so it doesn't open it here"
        case .noDisplay: "there's no display here (DISPLAY, WAYLAND_DISPLAY) to open it on"
        case .noOpener: "xdg-open isn't installed, so rolo can't open it"
        }
    }
}
