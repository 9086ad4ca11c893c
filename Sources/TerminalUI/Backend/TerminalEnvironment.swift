/// The environment variables that bear on colour.
public struct TerminalEnvironment: Sendable, Equatable {
    /// `TERM`: the terminfo entry the terminal asks for.
    public var term: String
    /// `COLORTERM`: `truecolor` or `24bit` where the terminal has 24-bit colour.
    public var colorTerm: String?
    /// Whether `NO_COLOR` is set to something; no-color.org counts an empty value as unset.
    public var noColor: Bool

    /// The variables as given.
    public init(term: String, colorTerm: String? = nil, noColor: Bool = false) {
        self.term = term
        self.colorTerm = colorTerm
        self.noColor = noColor
    }

    /// Reads the variables from an environment such as `ProcessInfo.processInfo.environment`.
    public init(_ variables: [String: String]) {
        self.init(term: variables["TERM"] ?? "unknown",
                  colorTerm: variables["COLORTERM"],
                  noColor: !(variables["NO_COLOR"] ?? "").isEmpty)
    }

    /// Whether COLORTERM announces 24-bit colour.
    var announcesTruecolor: Bool {
        guard let colorTerm = colorTerm?.lowercased() else { return false }
        return colorTerm == "truecolor" || colorTerm == "24bit"
    }
}
