import Testing
@testable import TerminalUI

@Suite("GraphicsDecision: pictures and flags for each terminal")
struct GraphicsDecisionTests {
    /// One row of the table: a terminal as rolo sees it, and what it should get.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var answers: TerminalAnswers?
        var environment: [String: String]
        var passthrough: Bool? = nil
        var images: ImagePreference = .auto
        var flags: FlagPreference = .auto
        var pictures: PictureProtocol
        var wraps: Bool = false
        var showsFlags: Bool

        var testDescription: String { name }
    }

    private static let vt340 = [63, 1, 2, 3, 4, 6, 9, 15, 22]
    private static let kitty = TerminalAnswers(version: "kitty(0.26.5)", kittyGraphics: true, deviceAttributes: [62],
                                               cellSize: Size(width: 10, height: 20))
    private static let tmuxAnswers = TerminalAnswers(version: "tmux 3.3a", deviceAttributes: [1, 2])
    private static let tmuxInKitty = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux",
                                      "KITTY_WINDOW_ID": "1"]

    static let rows: [Row] = [
        Row(name: "kitty answers OK", answers: kitty, environment: ["TERM": "xterm-kitty"], pictures: .kitty, showsFlags: true),
        Row(name: "kitty over ssh: TERM only", answers: kitty, environment: ["TERM": "xterm-kitty"], pictures: .kitty, showsFlags: true),
        Row(name: "kitty's OK before a late DA1", answers: TerminalAnswers(kittyGraphics: true), environment: [:],
            pictures: .kitty, showsFlags: false),
        Row(name: "Ghostty", answers: TerminalAnswers(version: "ghostty 1.0.1", kittyGraphics: true, deviceAttributes: [62, 22]),
            environment: ["TERM": "xterm-ghostty"], pictures: .kitty, showsFlags: true),
        Row(name: "WezTerm with kitty graphics", answers: TerminalAnswers(version: "WezTerm 20240203-110809-5046fc22",
            kittyGraphics: true, deviceAttributes: [65, 4, 6]), environment: ["TERM": "xterm-256color"], pictures: .kitty, showsFlags: true),
        Row(name: "WezTerm without: its iTerm2 images", answers: TerminalAnswers(version: "WezTerm 20240203-110809-5046fc22",
            deviceAttributes: [65, 4, 6]), environment: ["TERM_PROGRAM": "WezTerm"], pictures: .iterm, showsFlags: true),
        Row(name: "XTerm -ti vt340: sixel, codes", answers: TerminalAnswers(version: "XTerm(379)", deviceAttributes: vt340),
            environment: ["TERM": "xterm", "XTERM_VERSION": "XTerm(379)"], pictures: .sixel, showsFlags: false),
        Row(name: "XTerm without sixel", answers: TerminalAnswers(version: "XTerm(379)", deviceAttributes: [64, 1, 2, 6, 9, 15, 22]),
            environment: ["TERM": "xterm-256color"], pictures: .halfBlocks, showsFlags: false),
        Row(name: "iTerm2: inline images over its sixel", answers: TerminalAnswers(version: "iTerm2 3.5.0", deviceAttributes: [62, 4]),
            environment: ["TERM_PROGRAM": "iTerm.app"], pictures: .iterm, showsFlags: true),
        Row(name: "iTerm2 over ssh: LC_TERMINAL", answers: TerminalAnswers(deviceAttributes: [62, 4]),
            environment: ["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], pictures: .iterm, showsFlags: true),
        Row(name: "foot: sixel, flags", answers: TerminalAnswers(version: "foot(1.16.2)", deviceAttributes: [62, 4, 22]),
            environment: ["TERM": "foot"], pictures: .sixel, showsFlags: true),
        Row(name: "Windows Terminal", answers: TerminalAnswers(deviceAttributes: [61, 4, 6, 7, 14, 21, 22, 23, 24, 28, 32, 42]),
            environment: ["TERM": "xterm-256color", "WT_SESSION": "0b5c-4a"], pictures: .sixel, showsFlags: true),
        Row(name: "VTE without sixel", answers: TerminalAnswers(version: "VTE(7600)", deviceAttributes: [65, 1, 9]),
            environment: ["VTE_VERSION": "7600"], pictures: .halfBlocks, showsFlags: true),
        Row(name: "Konsole by KONSOLE_VERSION", answers: TerminalAnswers(deviceAttributes: [62, 1, 4]),
            environment: ["KONSOLE_VERSION": "230805"], pictures: .sixel, showsFlags: true),
        Row(name: "kitty's error and DA1's sixel", answers: TerminalAnswers(kittyGraphics: false, deviceAttributes: [62, 4]),
            environment: [:], pictures: .sixel, showsFlags: false),
        Row(name: "The Linux console", answers: TerminalAnswers(deviceAttributes: [6]),
            environment: ["TERM": "linux", "VTE_VERSION": "7600"], pictures: .halfBlocks, showsFlags: false),
        Row(name: "Nothing answered in time", answers: nil, environment: ["TERM": "xterm-kitty"],
            pictures: .halfBlocks, showsFlags: true),
        Row(name: "Answers without DA1 are not enough", answers: TerminalAnswers(version: "XTerm(379)"),
            environment: [:], pictures: .halfBlocks, showsFlags: false),
        Row(name: "An unknown terminal", answers: TerminalAnswers(version: "mintty 3.6.1", deviceAttributes: [64]),
            environment: ["TERM": "xterm-256color"], pictures: .halfBlocks, showsFlags: false),
        Row(name: "tmux in kitty with passthrough: placeholders", answers: tmuxAnswers, environment: tmuxInKitty, passthrough: true,
            pictures: .kittyPlaceholders, wraps: true, showsFlags: true),
        Row(name: "tmux in kitty without passthrough", answers: tmuxAnswers, environment: tmuxInKitty, passthrough: false,
            pictures: .halfBlocks, showsFlags: true),
        Row(name: "tmux not asked", answers: tmuxAnswers, environment: tmuxInKitty, passthrough: nil,
            pictures: .halfBlocks, showsFlags: true),
        Row(name: "tmux in XTerm with sixel", answers: TerminalAnswers(version: "tmux 3.3a", deviceAttributes: vt340),
            environment: ["TMUX": "/tmp/tmux-0/default,1,0", "XTERM_VERSION": "XTerm(379)"], passthrough: true,
            pictures: .halfBlocks, showsFlags: false),
        Row(name: "tmux around an unknown terminal", answers: tmuxAnswers, environment: ["TMUX": "/tmp/t,1,0", "TERM": "screen"],
            passthrough: true, pictures: .halfBlocks, showsFlags: false),
        Row(name: "--images off", answers: kitty, environment: [:], images: .off, pictures: .off, showsFlags: true),
        Row(name: "--images 256", answers: kitty, environment: [:], images: .palette256, pictures: .halfBlocks, showsFlags: true),
        Row(name: "--images truecolor", answers: kitty, environment: [:], images: .truecolor, pictures: .halfBlocks, showsFlags: true),
        Row(name: "--images kitty in XTerm", answers: TerminalAnswers(version: "XTerm(379)", deviceAttributes: vt340),
            environment: [:], images: .kitty, pictures: .kitty, showsFlags: false),
        Row(name: "--images sixel in tmux: tmux's own", answers: tmuxAnswers, environment: tmuxInKitty, passthrough: true,
            images: .sixel, pictures: .sixel, showsFlags: true),
        Row(name: "--images iterm in tmux: wrapped", answers: tmuxAnswers, environment: tmuxInKitty, passthrough: false,
            images: .iterm, pictures: .iterm, wraps: true, showsFlags: true),
        Row(name: "--flags on in XTerm", answers: TerminalAnswers(version: "XTerm(379)", deviceAttributes: [64]),
            environment: [:], flags: .on, pictures: .halfBlocks, showsFlags: true),
        Row(name: "--flags off in kitty", answers: kitty, environment: [:], flags: .off, pictures: .kitty, showsFlags: false),
    ]

    @Test("The table", arguments: rows)
    func table(_ row: Row) {
        let tmux = row.passthrough.map { TmuxOptions(setClipboard: "on", allowsPassthrough: $0) }
        let decision = GraphicsDecision.decide(answers: row.answers, environment: row.environment,
                                               tmux: tmux, images: row.images, flags: row.flags)
        #expect(decision.pictures == row.pictures)
        #expect(decision.tmuxPassthrough == row.wraps)
        #expect(decision.flags == row.showsFlags)
    }

    @Test("XTVERSION names", arguments: [
        ("kitty(0.26.5)", TerminalKind.kitty), ("XTerm(379)", .xterm), ("WezTerm 20240203-110809-5046fc22", .wezterm),
        ("iTerm2 3.5.0", .iTerm2), ("foot(1.16.2)", .foot), ("ghostty 1.0.1", .ghostty), ("tmux 3.3a", .tmux),
        ("VTE(7600)", .vte), ("Konsole 23.08.5", .konsole), ("mintty 3.6.1", .unknown), ("", .unknown),
    ])
    func versionNames(_ text: String, _ kind: TerminalKind) {
        #expect(TerminalKind(version: text) == kind)
    }

    @Test("--images spellings, and the half-block colours each leaves to TerminalProfile")
    func imagePreference() {
        #expect(ImagePreference.allCases.map(\.rawValue) == ["auto", "kitty", "iterm", "sixel", "truecolor", "256", "off"])
        #expect(ImagePreference.allCases.map(\.colorPreference) == [.auto, .auto, .auto, .auto, .truecolor, .palette256, .off])
    }
}
