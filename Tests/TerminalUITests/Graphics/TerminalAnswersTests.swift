import Testing
@testable import TerminalUI

@Suite("TerminalAnswers: the replies gathered")
struct TerminalAnswersTests {
    @Test("Replies fill the answers; DA1 completes them")
    func gathering() {
        var answers = TerminalAnswers()
        answers.record(.version("XTerm(379)"))
        answers.record(.cellSize(Size(width: 6, height: 13)))
        #expect(!answers.isComplete)
        answers.record(.deviceAttributes([63, 1, 2, 3, 4, 6]))
        #expect(answers.isComplete && answers.hasSixel)
        #expect(answers == TerminalAnswers(version: "XTerm(379)", deviceAttributes: [63, 1, 2, 3, 4, 6], cellSize: Size(width: 6, height: 13)))
    }

    @Test("Only the query's image id says whether kitty graphics work; a 4 as the class code is not sixel")
    func kittyAndSixel() {
        var answers = TerminalAnswers()
        answers.record(.kittyGraphics(id: 7, message: "OK"))
        #expect(answers.kittyGraphics == nil)
        answers.record(.kittyGraphics(id: TerminalQueries.kittyQueryID, message: "ENOTSUPPORTED:"))
        #expect(answers.kittyGraphics == false)
        answers.record(.kittyGraphics(id: TerminalQueries.kittyQueryID, message: "OK"))
        #expect(answers.kittyGraphics == true)
        answers.record(.deviceAttributes([4, 6]))
        #expect(!answers.hasSixel)
    }

    @Test("The cell size: as told, else the text area over the cells, else unknown")
    func cellSize() {
        #expect(TerminalAnswers(cellSize: Size(width: 9, height: 18)).cellSize(columns: 80, rows: 24) == Size(width: 9, height: 18))
        #expect(TerminalAnswers(textAreaSize: Size(width: 800, height: 480)).cellSize(columns: 80, rows: 24) == Size(width: 10, height: 20))
        #expect(TerminalAnswers().cellSize(columns: 80, rows: 24) == nil)
        var zero = TerminalAnswers()
        zero.record(.cellSize(Size(width: 0, height: 0)))
        #expect(zero.cellSize == nil)
    }

    @Test("The start-up questions: kitty's query as its protocol spells it, DA1 last")
    func queries() {
        let text = String(decoding: TerminalQueries.startup, as: UTF8.self)
        #expect(text.hasSuffix("\u{1b}[c"))
        #expect(text.contains("\u{1b}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1b}\\"))
    }

    /// Replies captured from real terminals under Xvfb, answering `TerminalQueries.startup`.
    static let captured: [(terminal: String, replies: String, pictures: PictureProtocol, flags: Bool, cell: Size?)] = [
        ("xterm -ti vt340 (XTerm 379)", "\u{1b}P>|XTerm(379)\u{1b}\\\u{1b}[?63;1;2;4;6;9;15;16;22;28c", .sixel, false, nil),
        ("xterm (XTerm 379)", "\u{1b}P>|XTerm(379)\u{1b}\\\u{1b}[?64;1;2;6;9;15;16;17;18;21;22;28c", .halfBlocks, false, nil),
        ("kitty 0.26.5", "\u{1b}P>|kitty(0.26.5)\u{1b}\\\u{1b}_Gi=31;OK\u{1b}\\\u{1b}[6;20;9t\u{1b}[4;400;639t\u{1b}[?62;c",
         .kitty, true, Size(width: 9, height: 20)),
    ]

    @Test("Real terminals' replies: XTerm answers the version and DA1 only (window reports are off by default), kitty all five",
          arguments: captured.indices)
    func capturedReplies(_ index: Int) {
        let terminal = Self.captured[index]
        var parser = TerminalReplyParser()
        var answers = TerminalAnswers()
        let output = parser.feed(Array(terminal.replies.utf8))
        output.replies.forEach { answers.record($0) }
        #expect(output.keyBytes.isEmpty)
        #expect(answers.isComplete && answers.cellSize == terminal.cell, "\(terminal.terminal)")
        let decision = GraphicsDecision.decide(answers: answers, environment: ["TERM": "xterm-256color"], tmux: nil,
                                               images: .auto, flags: .auto)
        #expect(decision.pictures == terminal.pictures && decision.flags == terminal.flags, "\(terminal.terminal)")
    }
}
