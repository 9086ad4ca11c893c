import Testing
@testable import TerminalUI

@Suite("Display width")
struct DisplayWidthTests {
    @Test("ASCII, Estonian and Cyrillic are one column a letter")
    func narrowScripts() {
        #expect("Mari".displayWidth == 4)
        #expect("Jüri Õunapuu".displayWidth == 12)
        #expect("Анна Иванова".displayWidth == 12)
    }

    @Test("CJK ideographs and emoji are two columns")
    func wideScripts() {
        #expect("王秀英".displayWidth == 6)
        #expect("🌟".displayWidth == 2)
    }

    @Test("Combining marks take no column")
    func combining() {
        let decomposed = "Jo\u{0308}rg"  // o + combining diaeresis
        #expect(decomposed.displayWidth == 4)
    }

    @Test("Emoji with a skin tone or a ZWJ sequence keep only the base, two columns")
    func emojiSequences() {
        #expect("👍🏽".displayWidth == 2)
        #expect(DisplayWidth.cells(of: "👍🏽").map(\.text) == ["👍"])
        #expect("👨‍👩‍👧".displayWidth == 2)
    }

    @Test("A flag is two cells of one column each, as wcwidth counts regional indicators")
    func flags() {
        let cells = DisplayWidth.cells(of: "🇪🇪")
        #expect(cells.map(\.width) == [1, 1])
        #expect("🇪🇪".displayWidth == 2)
    }

    @Test("Control characters take no column and are never drawn")
    func controls() {
        #expect("a\u{1B}b".displayWidth == 2)
        #expect(DisplayWidth.cells(of: "\u{07}").isEmpty)
    }

    @Test("Persian text is measured per letter")
    func persian() {
        #expect("محمد".displayWidth == 4)
    }
}

@Suite("Truncation, padding and wrapping")
struct TextLayoutTests {
    @Test("Text wider than the space ends in an ellipsis at exactly that width")
    func truncation() {
        #expect("Hello, world".truncated(toWidth: 8) == "Hello, …")
        #expect("王秀英王秀英".truncated(toWidth: 7) == "王秀英…")
        #expect("王秀英王秀英".truncated(toWidth: 7).displayWidth == 7)
        #expect("short".truncated(toWidth: 10) == "short")
    }

    @Test("Padding counts columns, not characters")
    func padding() {
        #expect("王".padded(toWidth: 4) == "王  ")
        #expect("7".padded(toWidth: 3, alignRight: true) == "  7")
    }

    @Test("Wrapping breaks at spaces and splits words longer than a line")
    func wrapping() {
        #expect("the quick brown fox".wrapped(toWidth: 10) == ["the quick", "brown fox"])
        #expect("abcdefghij".wrapped(toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect("one\ntwo".wrapped(toWidth: 10) == ["one", "two"])
        #expect("".wrapped(toWidth: 5) == [""])
    }
}
