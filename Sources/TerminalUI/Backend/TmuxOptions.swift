/// What rolo needs to know of the tmux it runs in, as `tmux display-message -p` reports it:
/// how the clipboard and the passthrough go, and which terminal the client runs in.
public struct TmuxOptions: Sendable, Equatable {
    /// `set-clipboard`: `on` (tmux takes applications' OSC 52), `external` or `off` (it ignores it).
    public var setClipboard: String
    /// Whether the DCS passthrough gets through: always before tmux 3.3, else `allow-passthrough`.
    public var allowsPassthrough: Bool
    /// `client_termname`: the TERM of the terminal the client runs in (`xterm-kitty`,
    /// `xterm-ghostty`); empty when no client is attached.
    public var clientTerminal: String
    /// `client_termfeatures`: what tmux sends the client's terminal (`hyperlinks` among them
    /// where tmux 3.4 passes OSC 8 on); empty before tmux 3.2 or with no client.
    public var clientFeatures: [String]

    public init(setClipboard: String, allowsPassthrough: Bool, clientTerminal: String = "", clientFeatures: [String] = []) {
        self.setClipboard = setClipboard
        self.allowsPassthrough = allowsPassthrough
        self.clientTerminal = clientTerminal
        self.clientFeatures = clientFeatures
    }

    /// The format rolo asks tmux to fill in. The features come last: with no client attached
    /// both they and the terminal's name are empty, so nothing after them can shift.
    public static let format = "#{version} #{set-clipboard} #{allow-passthrough} #{client_termname} #{client_termfeatures}"

    /// Reads tmux's answer to ``format``: "3.3a on 0 xterm-kitty"; nil when it isn't one.
    public init?(reply: String) {
        let parts = reply.split(whereSeparator: \.isWhitespace).map(String.init)
        guard parts.count >= 2 else { return nil }
        setClipboard = parts[1]
        let passthrough = parts.count > 2 ? parts[2] : ""
        allowsPassthrough = Self.isBefore33(parts[0]) || passthrough == "1" || passthrough == "on" || passthrough == "all"
        clientTerminal = parts.count > 3 ? parts[3] : ""
        clientFeatures = parts.count > 4 ? parts[4].split(separator: ",").map(String.init) : []
    }

    /// Whether a version such as "3.2a", "2.9" or "next-3.4" is older than 3.3, the first
    /// tmux whose passthrough is opt-in.
    static func isBefore33(_ version: String) -> Bool {
        let digits = version.drop { !$0.isNumber }
        let numbers = digits.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 }
        guard let major = numbers.first else { return false }
        let minor = numbers.count > 1 ? numbers[1] : 0
        return major < 3 || (major == 3 && minor < 3)
    }
}
