/// The questions rolo asks the terminal at start-up, in-band on its output, so they work over
/// ssh where the environment says little.
public enum TerminalQueries {
    /// The image id of the kitty graphics query, recognised in its answer.
    public static let kittyQueryID = 31

    /// XTVERSION, the kitty graphics query (a 1×1 RGB image, `a=q` so nothing is kept), the
    /// cell size, the text area size, then primary device attributes.
    ///
    /// DA1 goes last because every terminal answers it and terminals answer in order: once its
    /// reply is in, every other reply that will come has come, and a silent question was not
    /// understood. Written as one piece so no key press can land between the questions.
    public static let startup: [UInt8] = questions.flatMap { Array($0.utf8) }

    /// The same questions for the terminal around tmux, each in tmux's passthrough: tmux would
    /// answer XTVERSION and DA1 itself and swallow kitty's query, but passes these on, and
    /// (measured with tmux 3.3a) hands the terminal's replies to the pane as its input, in order.
    public static let startupThroughTmux: [UInt8] = questions.flatMap { TmuxPassthrough.wrap(Array($0.utf8)) }

    /// XTVERSION, kitty's query, the cell size, the text area size, DA1.
    private static let questions = [
        "\u{1b}[>0q",
        "\u{1b}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1b}\\",
        "\u{1b}[16t",
        "\u{1b}[14t",
        "\u{1b}[c",
    ]

    /// How long to wait for the DA1 reply before deciding without it (half blocks): a local
    /// terminal answers in about a millisecond, and ssh at a continent's distance in well under this.
    public static let patience: Duration = .milliseconds(150)
}
