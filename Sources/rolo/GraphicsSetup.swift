import Logging
import RoloApp
import RoloCore
import TerminalUI

/// How pictures and flags follow the terminal: before the first frame from the options and the
/// environment, after it from what the terminal answers about itself.
@MainActor
final class GraphicsSetup {
    private let images: ImagePreference
    private let flags: FlagPreference
    private let environment: [String: String]
    private let logger = Logger(label: "rolo.graphics")
    /// Every picture store made, to render again once the terminal says it draws pictures.
    private(set) var stores: [PictureStore] = []

    init(settings: Settings, environment: [String: String]) {
        images = ImagePreference(rawValue: settings.images.rawValue) ?? .auto
        flags = FlagPreference(rawValue: settings.flags.rawValue) ?? .auto
        self.environment = environment
    }

    /// Whether sources get pictures at all: half blocks need 256 colours or more, the pixel
    /// protocols don't (an 8-colour XTerm may draw sixel); never without colour (`NO_COLOR`),
    /// with images off or on the Linux console.
    func showsImages(on terminal: Terminal) -> Bool {
        if terminal.canShowImages { return true }
        return terminal.colorDepth != .none && !onLinuxConsole && mayUsePixels
    }

    /// Whether the options leave room for a protocol in pixels (`auto`, or one named).
    private var mayUsePixels: Bool { [.auto, .kitty, .iterm, .sixel].contains(images) }

    /// The Linux console: 8 colours, no pictures, and it prints the questions it doesn't understand.
    private var onLinuxConsole: Bool { environment["TERM"] == "linux" }

    /// A picture store for a source, kept to be told when the way of drawing changes. Where
    /// half blocks can't be drawn, it holds its pictures until the terminal says it draws them.
    func store(pipeline: ImagePipeline, busy: BusyTracker, on terminal: Terminal) -> PictureStore {
        let store = PictureStore(pipeline: pipeline, busy: busy, held: !terminal.canShowImages)
        stores.append(store)
        return store
    }

    /// Flags for the first frame, before the terminal has answered: as the option or the
    /// environment says (`KITTY_WINDOW_ID`, `TERM_PROGRAM`, `VTE_VERSION`, …), else codes.
    func initialFlags(on terminal: Terminal) -> Bool {
        terminal.isUnicode && GraphicsDecision.decide(answers: nil, environment: environment, tmux: nil,
                                                      images: .off, flags: flags).flags
    }

    /// Whether to ask the terminal anything: not where the answer can't change a thing (half
    /// blocks forced, flags on or off), and not on the Linux console, which prints what it
    /// doesn't understand (kitty's query among it).
    private var needsAsking: Bool {
        guard !onLinuxConsole else { return false }
        let protocolUndecided = !stores.isEmpty && mayUsePixels
        return flags == .auto || protocolUndecided
    }

    /// Asks the terminal (after the first frame, which it doesn't hold up), then shows flags as
    /// it says and renders pictures in its protocol; counted busy until decided, so "idle"
    /// means pictures are in their final form.
    func start(terminal: Terminal, pipeline: ImagePipeline, sources: [any SourceModel], busy: BusyTracker) {
        guard needsAsking else { return }
        busy.task { [self] in
            let asked = ContinuousClock.now
            // Inside tmux, the terminal around it is asked through the passthrough where tmux
            // allows it (its client's terminal the Linux console, which would print the questions).
            let tmux = (environment["TMUX"] ?? "").isEmpty ? nil : await terminal.tmuxOptions()
            let throughTmux = tmux.map { $0.allowsPassthrough && $0.clientTerminal != "linux" } ?? false
            let answers = await withCheckedContinuation { (continuation: CheckedContinuation<TerminalAnswers, Never>) in
                terminal.askAboutGraphics(throughTmux: throughTmux) { continuation.resume(returning: $0) }
            }
            let decision = GraphicsDecision.decide(answers: answers, environment: environment, tmux: tmux,
                                                   images: images, flags: flags)
            for source in sources { (source as? any ShowsFlags)?.showFlags(terminal.isUnicode && decision.flags) }
            terminal.drawsHyperlinks = HyperlinkSupport.decide(terminal: decision.terminal, environment: environment, tmux: tmux, version: answers.version)
            let cell = answers.cellSize(columns: terminal.size.width, rows: terminal.size.height) ?? windowCell(terminal)
            let waited = (ContinuousClock.now - asked).formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1)))
            logger.info("terminal \(decision.terminal.rawValue)\(tmux.map { " in tmux (client \($0.clientTerminal), passthrough \($0.allowsPassthrough ? "on" : "off"))" } ?? "") (\(answers.version ?? "no XTVERSION"), DA1 \(answers.deviceAttributes.map { "\($0)" } ?? "none"), after \(waited)): pictures \(decision.pictures.rawValue), flags \(decision.flags ? "on" : "off"), hyperlinks \(terminal.drawsHyperlinks ? "on" : "off"), cell \(cell.map(\.description) ?? "unknown")")
            // Placeholders name their image by a palette entry, so they need one ncurses sends as is.
            let placeholderColors = terminal.profile.colorSpace.exactPaletteEntries
            guard !stores.isEmpty, decision.pictures.drawsPixels,
                  decision.pictures != .kittyPlaceholders || placeholderColors > 0 else {
                for store in stores { store.dropHeld() }
                return
            }
            // Without a size the terminal would have said, kitty and iTerm2 still scale the
            // picture into its cells; sixel's come out this size.
            let mode = GraphicsMode(picture: decision.pictures, cell: cell ?? Size(width: 10, height: 20),
                                    tmuxPassthrough: decision.tmuxPassthrough, placeholderColors: placeholderColors)
            await pipeline.use(mode)
            for store in stores {
                store.renderAgain()
                store.release()
            }
        }
    }

    /// A cell's pixels from the kernel's window size (XTerm fills it in; most terminals leave 0).
    private func windowCell(_ terminal: Terminal) -> Size? {
        guard let pixels = terminal.windowPixelSize, terminal.size.width > 0, terminal.size.height > 0 else { return nil }
        let cell = Size(width: pixels.width / terminal.size.width, height: pixels.height / terminal.size.height)
        return cell.width > 0 && cell.height > 0 ? cell : nil
    }
}
