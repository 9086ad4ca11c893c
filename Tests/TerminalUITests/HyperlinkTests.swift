import Testing
@testable import TerminalUI

@Suite("Hyperlinks: which addresses, in the canvas, and the OSC 8 bytes over ncurses' frame")
struct HyperlinkTests {
    private let open = "\u{1b}]8;;"
    private let close = "\u{1b}]8;;\u{1b}\\"

    @Test("An http(s) address on its own is a web address; anything else isn't")
    func webAddresses() {
        #expect(Hyperlink.isWebAddress("https://acme.pipedrive.com/person/7"))
        #expect(Hyperlink.isWebAddress(" http://127.0.0.1:8080/x?a=1 "))
        #expect(Hyperlink.isWebAddress("HTTPS://example.com"))
        #expect(!Hyperlink.isWebAddress("see https://example.com"))
        #expect(!Hyperlink.isWebAddress("https://exa mple.com"))
        #expect(!Hyperlink.isWebAddress("ftp://example.com/file"))
        #expect(!Hyperlink.isWebAddress("javascript:alert(1)"))
        #expect(!Hyperlink.isWebAddress("https://"))
        #expect(!Hyperlink.isWebAddress("mari@example.ee"))
    }

    @Test("Sanitising drops addresses with control characters or too long, and percent-encodes the rest")
    func sanitising() {
        #expect(Hyperlink.sanitized("https://example.com/a\u{1b}]8;;evil") == nil)
        #expect(Hyperlink.sanitized("https://example.com/\u{7}") == nil)
        #expect(Hyperlink.sanitized("https://example.com/\u{9b}") == nil)
        #expect(Hyperlink.sanitized("https://example.com/tänav") == "https://example.com/t%C3%A4nav")
        let long = "https://example.com/" + String(repeating: "a", count: Hyperlink.maximumLength)
        #expect(Hyperlink.sanitized(long) == nil)
        #expect(Hyperlink.sanitized("https://example.com/" + String(repeating: "a", count: 100))?.count == 120)
    }

    @Test("A canvas keeps each address once, numbers its cells, and forgets a link drawn over")
    func canvasLinks() {
        var canvas = Canvas(width: 20, height: 2)
        canvas.write("site", x: 0, y: 0, link: "https://a.example/")
        canvas.write("again", x: 5, y: 0, link: "https://a.example/")
        canvas.write("other", x: 0, y: 1, link: "https://b.example/")
        canvas.write("bad", x: 10, y: 1, link: "https://b.example/\u{1b}")
        #expect(canvas.links == ["https://a.example/", "https://b.example/"])
        #expect((0..<4).allSatisfy { canvas[$0, 0].link == 1 })
        #expect(canvas[4, 0].link == 0)
        #expect(canvas[5, 0].link == 1)
        #expect(canvas[0, 1].link == 2)
        #expect(canvas[10, 1].link == 0, "an address with an escape links nowhere")
        #expect(canvas.address(ofLink: 2) == "https://b.example/")
        #expect(canvas.address(ofLink: 0) == nil)
        canvas.write("XX", x: 1, y: 0)
        #expect(canvas[1, 0].link == 0 && canvas[0, 0].link == 1)
    }

    @Test("A full frame: each linked run once, between OSC 8's open and close, in DECSC/DECRC; no link, no bytes")
    func fullFrame() {
        var canvas = Canvas(width: 30, height: 3)
        canvas.write("Name  Ada", x: 0, y: 0)
        canvas.write("https://x.example/7", x: 6, y: 1, style: Style(attributes: .underline), link: "https://x.example/7")
        let text = String(decoding: HyperlinkOutput.bytes(for: canvas, previous: nil, changed: nil, space: ColorSpace(depth: .palette256)), as: UTF8.self)
        #expect(text.hasPrefix("\u{1b}7") && text.hasSuffix("\u{1b}8"))
        #expect(text.components(separatedBy: open + "https://x.example/7\u{1b}\\").count == 2)
        #expect(text.components(separatedBy: close).count == 2)
        #expect(text.contains("\u{1b}[2;7H" + open + "https://x.example/7\u{1b}\\\u{1b}[0;4mhttps://x.example/7" + close))
        #expect(!text.contains("Ada"))

        var plain = Canvas(width: 30, height: 3)
        plain.write("https://x.example/7", x: 0, y: 0)
        #expect(HyperlinkOutput.bytes(for: plain, previous: nil, changed: nil, space: ColorSpace(depth: .palette256)).isEmpty)
    }

    @Test("Later frames write only changed runs, and write over a link that went away without one")
    func changedFrames() {
        let space = ColorSpace(depth: .ansi16)
        var first = Canvas(width: 20, height: 2)
        first.write("link", x: 0, y: 0, link: "https://a.example/")
        first.write("stay", x: 0, y: 1, link: "https://b.example/")
        var second = first
        second.write("link", x: 0, y: 0)
        var changed = [Bool](repeating: false, count: 40)
        for x in 0..<4 { changed[x] = true }
        let text = String(decoding: HyperlinkOutput.bytes(for: second, previous: first, changed: changed, space: space), as: UTF8.self)
        #expect(text.contains("\u{1b}[1;1H\u{1b}[0mlink"))
        #expect(!text.contains(open), "the removed link is written plain, and the unchanged one not at all")
        #expect(HyperlinkOutput.bytes(for: first, previous: first, changed: [Bool](repeating: false, count: 40), space: space).isEmpty)
    }

    @Test("SGR follows the colour space: ANSI, bright, 256 and direct RGB; bold, dim, italic, underline, reverse")
    func graphicRendition() {
        let style = Style(foreground: .red, background: .ansi(12), attributes: [.bold, .underline])
        #expect(HyperlinkOutput.selectGraphicRendition(style, in: ColorSpace(depth: .ansi16)) == "\u{1b}[0;1;4;31;104m")
        #expect(HyperlinkOutput.selectGraphicRendition(Style(foreground: .indexed(200)), in: ColorSpace(depth: .palette256)) == "\u{1b}[0;38;5;200m")
        let direct = ColorSpace(depth: .truecolor, numbering: .direct(reserved: 8))
        #expect(HyperlinkOutput.selectGraphicRendition(Style(foreground: .rgb(10, 20, 30), attributes: [.dim, .italic, .reverse]), in: direct)
            == "\u{1b}[0;2;3;7;38;2;10;20;30m")
        #expect(HyperlinkOutput.selectGraphicRendition(.plain, in: ColorSpace(depth: .none)) == "\u{1b}[0m")
    }

    @Test("Which terminals get OSC 8: kitty, WezTerm, foot, iTerm2, Windows Terminal, VTE from 0.50, tmux with the feature; not XTerm")
    func support() {
        let none: [String: String] = [:]
        for kind in [TerminalKind.kitty, .wezterm, .foot, .iTerm2, .windowsTerminal, .ghostty] {
            #expect(HyperlinkSupport.decide(terminal: kind, environment: none, tmux: nil), "\(kind)")
        }
        for kind in [TerminalKind.xterm, .linuxConsole, .unknown, .tmux, .vscode, .konsole] {
            #expect(!HyperlinkSupport.decide(terminal: kind, environment: none, tmux: nil), "\(kind)")
        }
        #expect(HyperlinkSupport.decide(terminal: .vte, environment: ["VTE_VERSION": "6003"], tmux: nil))
        #expect(!HyperlinkSupport.decide(terminal: .vte, environment: ["VTE_VERSION": "4800"], tmux: nil))
        #expect(HyperlinkSupport.decide(terminal: .vte, environment: none, tmux: nil, version: "VTE(7600)"))
        let tmux = ["TMUX": "/tmp/tmux-1/default,1,0"]
        #expect(!HyperlinkSupport.decide(terminal: .kitty, environment: tmux, tmux: nil))
        let with = TmuxOptions(reply: "3.4 on 0 xterm-kitty 256,RGB,clipboard,hyperlinks,title")
        let without = TmuxOptions(reply: "3.3a on 0 xterm-kitty 256,RGB,clipboard,title")
        #expect(with?.clientFeatures.contains("hyperlinks") == true)
        #expect(HyperlinkSupport.decide(terminal: .kitty, environment: tmux, tmux: with))
        #expect(!HyperlinkSupport.decide(terminal: .kitty, environment: tmux, tmux: without))
        #expect(TmuxOptions(reply: "3.3a on 0")?.clientFeatures == [])
    }

    @Test("The detail links a field whose value is an address, and a declared link by its title; o takes the declared one first")
    func detail() {
        let blocks: [DetailBlock] = [
            .title("Ada"), .field(label: "Email", value: "ada@example.com"),
            .field(label: "Site", value: "https://ada.example/"), .link(title: "In the CRM", url: "https://crm.example/people/7"),
        ]
        var canvas = Canvas(width: 60, height: 8)
        DetailView(blocks: blocks, theme: .monochrome, glyphs: .ascii).render(into: &canvas, area: canvas.bounds)
        #expect(canvas.links == ["https://ada.example/", "https://crm.example/people/7"])
        let siteRow = canvas.lines.firstIndex { $0.contains("Site") } ?? -1
        let siteColumn = canvas.lines[siteRow].range(of: "https").map { canvas.lines[siteRow].distance(from: canvas.lines[siteRow].startIndex, to: $0.lowerBound) } ?? -1
        #expect(canvas[siteColumn, siteRow].link == 1)
        #expect(canvas[siteColumn, siteRow].style.attributes.contains(.underline))
        let crmRow = canvas.lines.firstIndex { $0.contains("In the CRM") } ?? -1
        #expect(canvas[2, crmRow].link == 2)
        #expect(canvas.lines.allSatisfy { !$0.contains("crm.example") }, "a declared link shows its title, not its address")
        #expect(blocks.firstLinkAddress == "https://crm.example/people/7")
        #expect(Array(blocks.prefix(3)).firstLinkAddress == "https://ada.example/")
        #expect(Array(blocks.prefix(2)).firstLinkAddress == nil)
    }
}
