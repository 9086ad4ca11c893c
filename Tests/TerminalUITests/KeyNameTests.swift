import Testing
@testable import TerminalUI

@Suite("Key names in the config file")
struct KeyNameTests {
    @Test("Names and characters parse, case-insensitively except a single character", arguments: [
        ("x", Key.character("x")), ("G", .character("G")), ("/", .character("/")), ("é", .character("é")),
        ("space", .character(" ")), ("ctrl-r", .control("r")), ("Ctrl-R", .control("r")), ("C-n", .control("n")),
        ("F5", .function(5)), ("f12", .function(12)), ("pgdn", .pageDown), ("PageUp", .pageUp), ("up", .up),
        ("Enter", .enter), ("esc", .escape), ("shift-tab", .backTab), ("backspace", .backspace), ("del", .delete),
    ])
    func parses(name: String, key: Key) throws {
        #expect(try Key(name: name) == key)
    }

    @Test("Every key's config name reads back as the same key", arguments: [
        Key.character("q"), .character(" "), .control("l"), .up, .down, .left, .right, .pageUp, .pageDown, .home, .end,
        .enter, .escape, .tab, .backTab, .backspace, .delete, .function(5),
    ])
    func roundTrip(key: Key) throws {
        #expect(try Key(name: key.configName) == key)
    }

    @Test("Unknown names and keys a terminal never delivers are refused with a reason", arguments: [
        ("F13", "f1 to f12"), ("ctrl-c", "interrupt"), ("ctrl-z", "suspend"), ("ctrl-m", "enter"), ("ctrl-shift-r", "one letter"),
        ("hyper", "keys are"), (" ", "isn't a key name"), ("\u{7}", "isn't a key name"), ("", "keys are"),
    ])
    func refuses(name: String, reason: String) {
        #expect(throws: Key.NameError.self) { try Key(name: name) }
        do {
            _ = try Key(name: name)
        } catch {
            #expect(error.reason.contains(reason), "\(name): \(error.reason)")
        }
    }
}
