import Testing
@testable import TerminalUI

@Suite("ClipboardPlan: whether and how OSC 52 is sent")
struct ClipboardPlanTests {
    private func plan(_ environment: [String: String], ms: Bool = false, tmux: TmuxOptions? = nil, enabled: Bool = true) -> ClipboardPlan {
        ClipboardPlan.decide(environment: environment, hasOSC52Capability: ms, tmux: tmux, enabled: enabled)
    }

    @Test("Turned off, nothing is sent whatever the terminal")
    func off() {
        #expect(plan(["TERM": "xterm-256color"], ms: true, enabled: false) == .off)
    }

    @Test("A terminfo entry with Ms, or a terminal known to take OSC 52, is confirmed")
    func known() {
        #expect(plan(["TERM": "xterm-256color"], ms: true) == .send(.none, confirmed: true))
        #expect(plan(["TERM": "xterm-kitty"]) == .send(.none, confirmed: true))
        #expect(plan(["TERM": "foot-extra"]) == .send(.none, confirmed: true))
        #expect(plan(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .send(.none, confirmed: true))
    }

    @Test("An unknown terminal is sent to, without claiming it landed")
    func unknown() {
        #expect(plan(["TERM": "rxvt-unicode-256color"]) == .send(.none, confirmed: false))
    }

    @Test("Terminals known to ignore OSC 52 are named instead", arguments: [
        ["TERM": "linux"], ["TERM": "dumb"], ["TERM": "vt100"],
        ["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], ["TERM": "xterm-256color", "VTE_VERSION": "7200"],
    ])
    func unsupported(environment: [String: String]) {
        guard case .unsupported(let reason) = plan(environment, ms: true) else {
            Issue.record("expected unsupported for \(environment)")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test("tmux with set-clipboard on takes a plain OSC 52 itself")
    func tmuxOn() {
        let options = TmuxOptions(reply: "3.3a on 0\n")
        #expect(options == TmuxOptions(setClipboard: "on", allowsPassthrough: false))
        #expect(plan(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], tmux: options) == .send(.none, confirmed: true))
    }

    @Test("tmux without set-clipboard on needs the passthrough: always open before 3.3, else allow-passthrough")
    func tmuxPassthrough() {
        let inside = ["TERM": "screen", "TMUX": "/tmp/tmux-0/default,1,0"]
        #expect(plan(inside, tmux: TmuxOptions(reply: "3.2a external ")) == .send(.tmux, confirmed: false))
        #expect(plan(inside, tmux: TmuxOptions(reply: "3.4 external 1")) == .send(.tmux, confirmed: false))
        #expect(plan(inside, tmux: TmuxOptions(reply: "next-3.5 off all")) == .send(.tmux, confirmed: false))
        guard case .unsupported(let reason) = plan(inside, tmux: TmuxOptions(reply: "3.3a external 0")) else {
            Issue.record("tmux 3.3 with neither option drops OSC 52")
            return
        }
        #expect(reason.contains("set-clipboard on"))
    }

    @Test("Before tmux answers, a plain OSC 52; inside screen, screen's passthrough")
    func multiplexers() {
        #expect(plan(["TERM": "screen", "TMUX": "/tmp/tmux-0/default,1,0"]) == .send(.none, confirmed: false))
        #expect(plan(["TERM": "screen.xterm-256color", "STY": "1234.pts-0.host"], ms: true) == .send(.screen, confirmed: false))
    }

    @Test("tmux versions", arguments: [("3.3a", false), ("3.2", true), ("2.9a", true), ("3.10", false), ("next-3.4", false), ("openbsd-7.4", false)])
    func versions(version: String, before: Bool) {
        #expect(TmuxOptions.isBefore33(version) == before)
    }
}
