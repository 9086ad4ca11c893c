import Testing
@testable import TerminalUI

/// Entries as Debian 12's ncurses-base and ncurses-term install them (`infocmp -x`).
private let installed: [String: TerminfoColors] = [
    "xterm": TerminfoColors(colors: 8),
    "screen": TerminfoColors(colors: 8),
    "linux": TerminfoColors(colors: 8),
    "xterm-16color": TerminfoColors(colors: 16),
    "xterm-256color": TerminfoColors(colors: 256),
    "screen-256color": TerminfoColors(colors: 256),
    "tmux-256color": TerminfoColors(colors: 256),
    "alacritty": TerminfoColors(colors: 256),
    "vte-256color": TerminfoColors(colors: 256),
    "gnome-256color": TerminfoColors(colors: 256),
    "konsole-256color": TerminfoColors(colors: 256),
    "xterm-direct": TerminfoColors(colors: 1 << 24, hasRGB: true, paletteColors: 8),
    "xterm-direct256": TerminfoColors(colors: 1 << 24, hasRGB: true, paletteColors: 256),
    "tmux-direct": TerminfoColors(colors: 1 << 24, hasRGB: true, paletteColors: 8),
    "alacritty-direct": TerminfoColors(colors: 1 << 24, hasRGB: true),
    "vte-direct": TerminfoColors(colors: 1 << 24, hasRGB: true),
    "konsole-direct": TerminfoColors(colors: 1 << 24, hasRGB: true),
]

/// The entry rolo opens and the profile it then reads from that entry.
private func decide(_ environment: TerminalEnvironment, _ options: TerminalOptions = TerminalOptions(),
                    entries: [String: TerminfoColors] = installed) -> (entry: String, profile: TerminalProfile) {
    let entry = TerminalProfile.terminfoName(for: environment, options: options) { entries[$0] }
    let terminfo = entries[entry] ?? TerminfoColors(colors: 0)
    return (entry, TerminalProfile(environment: environment, options: options, terminfo: terminfo))
}

@Suite("TerminalProfile")
struct TerminalProfileTests {
    @Test("COLORTERM=truecolor or 24bit on xterm-256color opens xterm-direct", arguments: ["truecolor", "24bit", "TrueColor"])
    func colortermOpensDirect(colorTerm: String) {
        let (entry, profile) = decide(TerminalEnvironment(term: "xterm-256color", colorTerm: colorTerm))
        #expect(entry == "xterm-direct")
        #expect(profile.colorDepth == .truecolor)
        #expect(profile.colorSpace.numbering == .direct(reserved: 8))
        #expect(profile.canShowImages)
    }

    @Test("Without COLORTERM, xterm-256color stays the 256-colour palette")
    func plain256() {
        let (entry, profile) = decide(TerminalEnvironment(term: "xterm-256color", colorTerm: "yes"))
        #expect(entry == "xterm-256color")
        #expect(profile.colorDepth == .palette256)
        #expect(profile.colorSpace.numbering == .palette)
        #expect(profile.canShowImages)
    }

    @Test("Terminals known for truecolor get it without COLORTERM (ssh drops it)", arguments: [
        ("xterm-kitty", "xterm-direct"), ("alacritty", "alacritty-direct"), ("wezterm", "xterm-direct"),
        ("foot", "xterm-direct"), ("foot-extra", "xterm-direct"), ("xterm-ghostty", "xterm-direct"),
        ("contour", "xterm-direct"), ("iterm2", "xterm-direct"), ("iTerm2", "xterm-direct"),
        ("vte-256color", "vte-direct"), ("gnome-256color", "xterm-direct"),
        ("konsole-256color", "konsole-direct"), ("tmux-direct", "tmux-direct"),
    ])
    func knownTerminals(term: String, expected: String) {
        let (entry, profile) = decide(TerminalEnvironment(term: term))
        #expect(entry == expected)
        #expect(profile.colorDepth == .truecolor)
    }

    @Test("Terminals not known for truecolor keep their entry", arguments: ["xterm-256color", "xterm", "linux", "vt100", "screen", "gnomeish", "st-256color"])
    func unknownTerminals(term: String) {
        #expect(!TerminalProfile.isKnownTruecolor(term))
        #expect(decide(TerminalEnvironment(term: term)).entry == term)
    }

    @Test("Under tmux or screen, truecolor opens tmux-direct", arguments: ["tmux-256color", "screen", "screen-256color", "tmux"])
    func multiplexers(term: String) {
        let (entry, profile) = decide(TerminalEnvironment(term: term, colorTerm: "truecolor"))
        #expect(entry == "tmux-direct")
        #expect(profile.colorDepth == .truecolor)
    }

    @Test("A direct TERM is opened as it is, with its own reserved palette numbers")
    func directTerm() {
        let (entry, profile) = decide(TerminalEnvironment(term: "xterm-direct256"))
        #expect(entry == "xterm-direct256")
        #expect(profile.colorDepth == .truecolor)
        #expect(profile.colorSpace.numbering == .direct(reserved: 256))
        let alacritty = decide(TerminalEnvironment(term: "alacritty-direct")).profile
        #expect(alacritty.colorSpace.numbering == .direct(reserved: 8))
    }

    @Test("Without a direct entry installed, truecolor falls back to TERM's palette")
    func noDirectEntry() {
        var entries = installed
        entries["xterm-direct"] = nil
        let (entry, profile) = decide(TerminalEnvironment(term: "xterm-256color", colorTerm: "truecolor"), entries: entries)
        #expect(entry == "xterm-256color")
        #expect(profile.colorDepth == .palette256)
        #expect(profile.canShowImages)
    }

    @Test("--images truecolor forces a direct entry where nothing announces it")
    func forcedTruecolor() {
        let (entry, profile) = decide(TerminalEnvironment(term: "xterm-256color"), TerminalOptions(imageColors: .truecolor))
        #expect(entry == "xterm-direct")
        #expect(profile.colorDepth == .truecolor)
    }

    @Test("--images 256 keeps the palette where truecolor is known")
    func forcedPalette() throws {
        let options = TerminalOptions(imageColors: .palette256)
        let xterm = try #require(installed["xterm-256color"])
        let (entry, profile) = decide(TerminalEnvironment(term: "xterm-kitty", colorTerm: "truecolor"),
                                      options, entries: installed.merging(["xterm-kitty": xterm]) { $1 })
        #expect(entry == "xterm-kitty")
        #expect(profile.colorDepth == .palette256)
        #expect(profile.canShowImages)
    }

    @Test("--images 256 on a direct TERM maps pictures to the palette, sent as RGB")
    func forcedPaletteOnDirect() {
        let (entry, profile) = decide(TerminalEnvironment(term: "xterm-direct"), TerminalOptions(imageColors: .palette256))
        #expect(entry == "xterm-direct")
        #expect(profile.colorSpace == ColorSpace(depth: .palette256, numbering: .direct(reserved: 8)))
    }

    @Test("--images 256 on an 8-colour entry opens the 256-colour one of its kind", arguments: [
        ("xterm", "xterm-256color"), ("screen", "screen-256color"), ("tmux", "tmux-256color"), ("linux", "xterm-256color"),
    ])
    func forcedPaletteUpgrades(term: String, expected: String) {
        let (entry, profile) = decide(TerminalEnvironment(term: term), TerminalOptions(imageColors: .palette256))
        #expect(entry == expected)
        #expect(profile.canShowImages)
    }

    @Test("--images off keeps the interface's colours but shows no images")
    func imagesOff() {
        let (entry, profile) = decide(TerminalEnvironment(term: "xterm-256color", colorTerm: "truecolor"), TerminalOptions(imageColors: .off))
        #expect(entry == "xterm-256color")
        #expect(profile.colorDepth == .palette256)
        #expect(!profile.canShowImages)
    }

    @Test("NO_COLOR and --no-color mean no colour and no images, on TERM's own entry")
    func noColor() {
        let truecolor = TerminalEnvironment(term: "xterm-256color", colorTerm: "truecolor")
        let fromOption = decide(truecolor, TerminalOptions(noColor: true))
        var fromEnvironment = truecolor
        fromEnvironment.noColor = true
        for (entry, profile) in [fromOption, decide(fromEnvironment)] {
            #expect(entry == "xterm-256color")
            #expect(profile.colorDepth == .none)
            #expect(!profile.canShowImages)
        }
    }

    @Test("NO_COLOR counts only when it has a value")
    func environmentVariables() {
        let environment = TerminalEnvironment(["TERM": "screen", "COLORTERM": "24bit", "NO_COLOR": ""])
        #expect(environment == TerminalEnvironment(term: "screen", colorTerm: "24bit", noColor: false))
        #expect(TerminalEnvironment(["NO_COLOR": "1"]).noColor)
        #expect(TerminalEnvironment([:]).term == "unknown")
    }

    @Test("8- and 16-colour terminals keep colour but show no images", arguments: [
        ("xterm", ColorDepth.ansi8), ("screen", .ansi8), ("linux", .ansi8), ("xterm-16color", .ansi16),
    ])
    func smallTerminals(term: String, depth: ColorDepth) {
        let (entry, profile) = decide(TerminalEnvironment(term: term))
        #expect(entry == term)
        #expect(profile.colorDepth == depth)
        #expect(!profile.canShowImages)
    }

    @Test("A terminal without colour is monochrome")
    func noColourTerminal() {
        let profile = TerminalProfile(environment: TerminalEnvironment(term: "vt100"), options: TerminalOptions(),
                                      terminfo: TerminfoColors(colors: 0))
        #expect(profile.colorDepth == .none)
        #expect(!profile.canShowImages)
    }

    @Test("a colour depth's name for the log is its case's name, as interpolating the enum gave")
    func colorDepthNames() {
        #expect(ColorDepth.allCases.map(\.name) == ColorDepth.allCases.map { String(describing: $0) })
        #expect(ColorDepth.allCases.map(\.name) == ["none", "ansi8", "ansi16", "palette256", "truecolor"])
    }
}

