import Testing
@testable import TerminalUI

@Suite("GraphicsDecision inside tmux: kitty's placeholders through the passthrough, else half blocks")
struct TmuxPicturesDecisionTests {
    private static let inTmux = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux"]

    /// What the terminal around tmux answers through the passthrough, DA1 last.
    private static func through(_ version: String?, kitty: Bool?) -> TerminalAnswers {
        TerminalAnswers(version: version, kittyGraphics: kitty, deviceAttributes: [62], cellSize: Size(width: 10, height: 20))
    }

    /// What tmux answers itself (the questions asked without the passthrough).
    private static let tmuxItself = TerminalAnswers(version: "tmux 3.3a", deviceAttributes: [1, 2])

    struct Case: CustomTestStringConvertible, Sendable {
        var passthrough: Bool
        var client: String
        var answers: TerminalAnswers?
        var images: ImagePreference
        var pictures: PictureProtocol
        var testDescription: String {
            "passthrough \(passthrough ? "on" : "off"), client \(client), --images \(images.rawValue), "
                + "answered \(answers?.version ?? "nothing") → \(pictures.rawValue)"
        }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        // (client_termname, what the terminal around answers when asked through tmux, placeholders?)
        let clients: [(String, TerminalAnswers, Bool)] = [
            ("xterm-kitty", through("kitty(0.35.2)", kitty: true), true),
            ("xterm-ghostty", through("ghostty 1.1.3", kitty: true), true),
            ("xterm-256color", through("XTerm(379)", kitty: nil), false),
        ]
        for (client, answers, placeholders) in clients {
            for images in [ImagePreference.auto, .kitty] {
                // Off: half blocks, whatever is around tmux and whatever was asked for.
                cases.append(Case(passthrough: false, client: client, answers: tmuxItself, images: images, pictures: .halfBlocks))
                // On, answered through it: placeholders for kitty and Ghostty; --images kitty forces them.
                cases.append(Case(passthrough: true, client: client, answers: answers, images: images,
                                  pictures: placeholders || images == .kitty ? .kittyPlaceholders : .halfBlocks))
                // On, nothing answered in time: the client's TERM decides.
                cases.append(Case(passthrough: true, client: client, answers: nil, images: images,
                                  pictures: placeholders || images == .kitty ? .kittyPlaceholders : .halfBlocks))
            }
        }
        // kitty 0.26 answers the query OK but has no placeholders.
        cases.append(Case(passthrough: true, client: "xterm-kitty", answers: through("kitty(0.26.5)", kitty: true), images: .auto,
                          pictures: .halfBlocks))
        cases.append(Case(passthrough: true, client: "xterm-kitty", answers: through("kitty(0.28.0)", kitty: true), images: .auto,
                          pictures: .kittyPlaceholders))
        // A kitty that refused the query.
        cases.append(Case(passthrough: true, client: "xterm-kitty", answers: through("kitty(0.35.2)", kitty: false), images: .auto,
                          pictures: .halfBlocks))
        // --images 256 and off are as asked inside tmux too.
        cases.append(Case(passthrough: true, client: "xterm-kitty", answers: nil, images: .palette256, pictures: .halfBlocks))
        cases.append(Case(passthrough: true, client: "xterm-kitty", answers: nil, images: .off, pictures: .off))
        return cases
    }()

    @Test("The matrix", arguments: cases)
    func matrix(_ row: Case) {
        let tmux = TmuxOptions(setClipboard: "external", allowsPassthrough: row.passthrough, clientTerminal: row.client)
        let decision = GraphicsDecision.decide(answers: row.answers, environment: Self.inTmux, tmux: tmux, images: row.images, flags: .auto)
        #expect(decision.pictures == row.pictures)
        #expect(decision.tmuxPassthrough == (row.pictures == .kittyPlaceholders))
    }

    @Test("Flags follow the client's terminal: kitty and Ghostty compose them, XTerm doesn't")
    func flags() {
        for (client, flags) in [("xterm-kitty", true), ("xterm-ghostty", true), ("xterm-256color", false)] {
            let tmux = TmuxOptions(setClipboard: "on", allowsPassthrough: false, clientTerminal: client)
            let decision = GraphicsDecision.decide(answers: Self.tmuxItself, environment: Self.inTmux, tmux: tmux, images: .auto, flags: .auto)
            #expect(decision.flags == flags, "\(client)")
        }
    }

    @Test("What answered through tmux names the terminal over the client's TERM; the client's over the environment")
    func terminalKind() {
        let kittyEnvironment = Self.inTmux.merging(["KITTY_WINDOW_ID": "1"]) { $1 }
        #expect(TerminalKind(answers: Self.through("ghostty 1.1.3", kitty: true), environment: kittyEnvironment,
                             tmuxClient: "xterm-kitty") == .ghostty)
        #expect(TerminalKind(answers: Self.tmuxItself, environment: kittyEnvironment, tmuxClient: "xterm-ghostty") == .ghostty)
        #expect(TerminalKind(answers: Self.tmuxItself, environment: kittyEnvironment, tmuxClient: "xterm-256color") == .kitty)
        #expect(TerminalKind(answers: Self.tmuxItself, environment: kittyEnvironment, tmuxClient: "") == .kitty)
    }

    @Test("tmux's reply with the client's terminal; without a client, none")
    func reply() {
        #expect(TmuxOptions(reply: "3.3a external 1 xterm-kitty\n")
                == TmuxOptions(setClipboard: "external", allowsPassthrough: true, clientTerminal: "xterm-kitty"))
        #expect(TmuxOptions(reply: "3.3a on 0 \n") == TmuxOptions(setClipboard: "on", allowsPassthrough: false))
    }

    @Test("Through tmux, each question is wrapped on its own, DA1 still last")
    func questions() {
        let text = String(decoding: TerminalQueries.startupThroughTmux, as: UTF8.self)
        #expect(text.components(separatedBy: "\u{1b}Ptmux;").count - 1 == 5)
        #expect(text.hasSuffix("\u{1b}Ptmux;\u{1b}\u{1b}[c\u{1b}\\"))
        #expect(text.contains("\u{1b}Ptmux;\u{1b}\u{1b}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1b}\u{1b}\\\u{1b}\\"))
    }
}
