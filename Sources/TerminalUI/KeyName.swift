/// Keys as a config file names them: "x", "G", "space", "ctrl-r", "F5", "pgdn", "shift-tab".
extension Key {
    /// The named keys, by the name a config file uses (lower-case); aliases included.
    static let names: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "home": .home, "end": .end, "enter": .enter, "return": .enter,
        "esc": .escape, "escape": .escape, "tab": .tab, "shift-tab": .backTab, "backtab": .backTab,
        "backspace": .backspace, "delete": .delete, "del": .delete, "space": .character(" "),
    ]

    /// Control chords a terminal never delivers as keys, and why.
    static let unbindableControls: [Character: String] = [
        "c": "the terminal turns it into an interrupt (rolo quits on it)",
        "z": "the terminal turns it into a suspend",
        "s": "the terminal may take it for flow control (XOFF)",
        "q": "the terminal may take it for flow control (XON)",
        "h": "the terminal sends it as Backspace — use \"backspace\"",
        "i": "the terminal sends it as Tab — use \"tab\"",
        "j": "the terminal sends it as Enter — use \"enter\"",
        "m": "the terminal sends it as Enter — use \"enter\"",
    ]

    /// Why a name isn't a key rolo can bind.
    public struct NameError: Error, Equatable, Sendable {
        /// One sentence, starting lower-case, to follow "'NAME' ".
        public let reason: String
    }

    /// Every spelling a config file may use, for error messages.
    public static let nameHelp = "a single character (\"x\", \"G\", \"/\"), space, ctrl-a…ctrl-z, f1…f12, up, down, left, right, "
        + "pgup, pgdn, home, end, enter, esc, tab, shift-tab, backspace, delete"

    /// The key a config file names; names are case-insensitive except a single character.
    public init(name: String) throws(NameError) {
        if name.count == 1, let character = name.first {
            guard !character.isWhitespace, character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                throw NameError(reason: "isn't a key name — write \"space\", \"tab\" or \"enter\"")
            }
            self = .character(character)
            return
        }
        let lower = name.lowercased()
        if let key = Self.names[lower] {
            self = key
            return
        }
        if lower.hasPrefix("ctrl-") || lower.hasPrefix("c-") {
            let rest = lower.drop { $0 != "-" }.dropFirst()
            guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else {
                throw NameError(reason: "isn't a key: ctrl- takes one letter, ctrl-a…ctrl-z")
            }
            if let why = Self.unbindableControls[letter] { throw NameError(reason: "can't be bound: \(why)") }
            self = .control(letter)
            return
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), lower.dropFirst().allSatisfy(\.isNumber) {
            guard (1...12).contains(number) else { throw NameError(reason: "isn't a key rolo reads: function keys go from f1 to f12") }
            self = .function(number)
            return
        }
        throw NameError(reason: "isn't a key — keys are \(Self.nameHelp)")
    }

    /// The name a config file would use for this key: the inverse of `init(name:)`.
    public var configName: String {
        switch self {
        case .character(" "): return "space"
        case .character(let c): return String(c)
        case .control(let c): return "ctrl-\(c)"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .home: return "home"
        case .end: return "end"
        case .enter: return "enter"
        case .escape: return "esc"
        case .tab: return "tab"
        case .backTab: return "shift-tab"
        case .backspace: return "backspace"
        case .delete: return "delete"
        case .function(let n): return "F\(n)"
        }
    }
}
