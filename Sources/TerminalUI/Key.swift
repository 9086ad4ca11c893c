/// A key press, as the key table matches it.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// A control chord, e.g. `.control("l")` for Ctrl-L.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)

    /// How the key is written in hints and help: "↑", "PgDn", "Ctrl-L", "q".
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-\(c.uppercased())"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .function(let n): return "F\(n)"
        }
    }
}

/// A mouse event in screen coordinates.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable { case press, release, click, doubleClick, wheelUp, wheelDown }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

/// Something the terminal reports to the app.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The window changed size; the new size is already in effect.
    case resize(Size)
    /// The user asked to quit from outside the key table: SIGINT, SIGTERM.
    case interrupt
    /// The terminal went away (SIGHUP): restore and exit without drawing again.
    case hangup
    /// The process was continued after a stop; everything should be repainted.
    case resumed
    /// The terminal window gained (true) or lost the focus; reported only while
    /// ``Terminal/reportFocus(_:)`` is on.
    case focus(Bool)
    /// The terminal dropped pictures it was keeping (kitty, past its storage quota): the next
    /// frame sends them again.
    case picturesLost
}
