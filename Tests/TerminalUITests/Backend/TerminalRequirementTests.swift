import Testing
import TerminalUI

@Suite("Which terminals rolo refuses")
struct TerminalRequirementTests {
    /// A terminfo database: the entries that exist, and whether each has `cup`.
    private let entries: [String: Bool] = [
        "xterm-256color": true, "screen": true, "linux": true, "xterm-direct": true, "tmux-direct": true,
        "dumb": false, "unknown": false, "lpr": false,
    ]

    private func refusal(_ term: String, opening entry: String? = nil) -> TerminalError? {
        TerminalRequirement.refusal(term: term, entry: entry ?? term) { entries[$0] }
    }

    @Test("A terminal that can move the cursor is driven", arguments: ["xterm-256color", "screen", "linux"])
    func accepted(term: String) {
        #expect(refusal(term) == nil)
    }

    @Test("A terminal without cup is refused, with TERM named and what to try", arguments: ["dumb", "unknown", "lpr"])
    func cannotMoveCursor(term: String) throws {
        let error = try #require(refusal(term))
        #expect(error.description == "rolo needs a terminal that can move the cursor; TERM=\(term) can't — try TERM=xterm-256color")
    }

    @Test("TERM=dumb is refused even where truecolor would open a direct-colour entry instead")
    func dumbWithTruecolor() {
        #expect(refusal("dumb", opening: "xterm-direct")?.description.contains("TERM=dumb can't") == true)
    }

    @Test("A TERM with no terminfo entry is refused, unless the entry opened in its place can move the cursor")
    func unknownEntry() throws {
        let error = try #require(refusal("no-such-terminal"))
        #expect(error.description == "rolo doesn't know the terminal TERM=no-such-terminal (it has no terminfo entry) — try TERM=xterm-256color")
        #expect(refusal("xterm-kitty", opening: "xterm-direct") == nil)
        #expect(refusal("xterm-kitty", opening: "also-missing") != nil)
    }
}
