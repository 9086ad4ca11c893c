import ArgumentParser
import RoloCore

extension SourceID: ExpressibleByArgument {
    /// Any name: a configured source's is known only once the config file is read, which
    /// says what the names are when one is wrong.
    public init?(argument: String) { self.init(rawValue: argument) }

    /// The catalog's names, the config file's sources among them, asked of rolo as the shell
    /// completes (``SourceCompletion``).
    public static var defaultCompletionKind: CompletionKind { .custom(SourceCompletion.names) }
}
extension ImageMode: ExpressibleByArgument {}

/// Opens the full-screen browser.
struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the browser (the default: `rolo people` is `rolo browse people`).",
        discussion: "Each source's own options:\n" + SourceArguments.help(SourceRegistry.catalog())
    )

    @Argument(help: "The source to open first.")
    var source: SourceID?

    @OptionGroup var sources: SourceOptions

    @Option(help: ArgumentHelp("Draw images: auto, off, truecolor, 256, kitty, iterm or sixel (default auto: what the terminal says it has).", valueName: "mode"),
            completion: .list(ImageMode.allCases.map(\.rawValue)))
    var images: String?

    @Option(help: ArgumentHelp("Draw a food's country as its flag: auto, on or off (default auto: where the terminal draws flags).", valueName: "mode"),
            completion: .list(FlagMode.allCases.map(\.rawValue)))
    var flags: String?

    @Flag(name: .customLong("no-color"), help: "Draw without colour (also when NO_COLOR is set).")
    var noColor = false

    @Flag(help: "Draw with ASCII symbols only: country codes instead of flags, * and . for likes.")
    var ascii = false

    @Flag(name: .customLong("no-clipboard"), help: "Never set the clipboard: y and Y say copying is off (also clipboard = false).")
    var noClipboard = false

    @Flag(name: .customLong("read-only"), help: "Refuse every action that writes (any HTTP action but a GET); also ROLO_READ_ONLY=1 or read-only = true.")
    var readOnly = false

    @Flag(name: .customLong("check-config"), help: "Check the options, environment and config file (its [keys] too) and exit: 0 and \"config OK\", or the first mistake and its line.")
    var checkConfig = false

    func run() async throws {
        try await request.run()
    }

    /// What the command line asks the browser for.
    var request: BrowseRequest {
        BrowseRequest(source: source, optionValues: optionValues, demo: sources.demo, configFile: sources.config,
                      ascii: ascii, checkConfig: checkConfig)
    }

    /// The option values the user gave, by setting.
    private var optionValues: [Setting: [String]] {
        var values = sources.optionValues
        values[.images] = images.map { [$0] }
        values[.flags] = flags.map { [$0] }
        if noColor { values[.noColor] = ["true"] }
        if noClipboard { values[.clipboard] = ["false"] }
        if readOnly { values[.readOnly] = [] }
        return values
    }
}
