import RoloCore
import Testing

@Suite("Text from servers is made safe for the terminal")
struct TerminalTextTests {
    @Test("SGR colour sequences are removed whole")
    func csi() {
        #expect("Evil\u{1B}[31mRed\u{1B}[0m".sanitizedForTerminal == "EvilRed")
        #expect("a\u{1B}[38;2;255;0;0mb".sanitizedForTerminal == "ab")
        #expect("\u{1B}[2J\u{1B}[Hcleared".sanitizedForTerminal == "cleared")
        #expect("x\u{1B}[?1049hy".sanitizedForTerminal == "xy")
    }

    @Test("OSC ends at BEL or ST and takes its payload with it")
    func osc() {
        #expect("a\u{1B}]0;title\u{07}b".sanitizedForTerminal == "ab")
        #expect("a\u{1B}]52;c;ZXZpbA==\u{1B}\\b".sanitizedForTerminal == "ab")
        #expect("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b".sanitizedForTerminal == "alinkb")
    }

    @Test("An unterminated OSC runs to the end, as it would in the terminal")
    func unterminatedOSC() {
        #expect("name\u{1B}]0;never ends".sanitizedForTerminal == "name")
    }

    @Test("DCS, SOS, PM and APC are removed up to ST")
    func controlStrings() {
        #expect("a\u{1B}P1$r0m\u{1B}\\b".sanitizedForTerminal == "ab")
        #expect("a\u{1B}Xsos\u{1B}\\b".sanitizedForTerminal == "ab")
        #expect("a\u{1B}^pm\u{1B}\\b".sanitizedForTerminal == "ab")
        #expect("a\u{1B}_apc\u{1B}\\b".sanitizedForTerminal == "ab")
        #expect("a\u{1B}Pdcs\u{07}still\u{1B}\\b".sanitizedForTerminal == "ab")
    }

    @Test("Two-character and charset escapes are removed")
    func shortEscapes() {
        #expect("a\u{1B}7b\u{1B}8c".sanitizedForTerminal == "abc")
        #expect("a\u{1B}cb".sanitizedForTerminal == "ab")
        #expect("a\u{1B}(0qqq\u{1B}(Bb".sanitizedForTerminal == "aqqqb")
        #expect("trailing\u{1B}".sanitizedForTerminal == "trailing")
    }

    @Test("8-bit C1 forms of CSI, OSC and the string controls are removed whole")
    func eightBit() {
        #expect("a\u{9B}31mb".sanitizedForTerminal == "ab")
        #expect("a\u{9D}0;t\u{07}b".sanitizedForTerminal == "ab")
        #expect("a\u{9D}0;t\u{9C}b".sanitizedForTerminal == "ab")
        #expect("a\u{90}q\u{9C}b".sanitizedForTerminal == "ab")
        #expect("a\u{9F}x\u{9C}b".sanitizedForTerminal == "ab")
    }

    @Test("Remaining C0, C1 and DEL are dropped")
    func controls() {
        #expect("a\u{00}b\u{07}c\u{08}d\u{7F}e\u{85}f\u{9C}g".sanitizedForTerminal == "abcdefg")
    }

    @Test("A broken CSI stops at the first byte that can't belong to it")
    func brokenCSI() {
        #expect("a\u{1B}[31Ülo".sanitizedForTerminal == "aÜlo")
    }

    @Test("Bidi overrides and isolates are removed")
    func bidi() throws {
        #expect("abc\u{202E}fdp.exe".sanitizedForTerminal == "abcfdp.exe")
        for scalar in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let text = "x" + String(try #require(Unicode.Scalar(UInt32(scalar)))) + "y"
            #expect(text.sanitizedForTerminal == "xy")
        }
    }

    @Test("Tabs and line breaks become one space each on a single line")
    func singleLine() {
        #expect("a\tb\nc\rd\r\ne".sanitizedForTerminal == "a b c d e")
    }

    @Test("Multiline keeps line breaks and normalises CR and CRLF")
    func multiline() {
        #expect("a\r\nb\rc\nd\te\u{1B}[1mf".sanitizedMultiline == "a\nb\nc\nd ef")
    }

    @Test(
        "Printable text in any script is untouched",
        arguments: [
            "Õie Täht-Šõlm", "Жанна Дарк", "مریم میرزاخانی", "山田 太郎", "김민준",
            "👩‍👩‍👧‍👦", "👍🏽", "❤️", "🇪🇪", "e\u{301}", "zero\u{200B}width\u{200C}joiner",
        ]
    )
    func printable(text: String) {
        #expect(text.sanitizedForTerminal == text)
        #expect(text.sanitizedMultiline == text)
    }
}

@Suite("Server text is bounded before anything measures or draws it")
struct TextBoundTests {
    @Test("A million-character name keeps its first characters and says how long it was")
    func hugeName() {
        let clean = String(repeating: "a", count: 1_000_000).sanitizedForTerminal
        #expect(clean.hasPrefix(String(repeating: "a", count: TextBound.line) + "…"))
        #expect(clean.hasSuffix("(1,000,000 characters in all)"))
        #expect(clean.unicodeScalars.count < TextBound.line + 40)
    }

    @Test("One grapheme of a million combining marks is cut too")
    func hugeGrapheme() {
        let zalgo = "e" + String(repeating: "\u{0301}", count: 1_000_000)
        #expect(zalgo.sanitizedForTerminal.unicodeScalars.count < TextBound.line + 40)
    }

    @Test("Text within the bound is untouched; a long description keeps more, line breaks and all")
    func withinBound() {
        let name = String(repeating: "é", count: TextBound.line)
        #expect(name.sanitizedForTerminal == name)
        let description = String(repeating: "line\n", count: 3_000)
        let kept = description.sanitizedMultiline
        #expect(kept.hasPrefix(String(repeating: "line\n", count: 1_999)))
        #expect(kept.hasSuffix("(15,000 characters in all)"))
    }

    @Test("An escape sequence cut at the bound can't leak its remains")
    func escapeAtTheCut() {
        let text = String(repeating: "a", count: TextBound.line - 3) + "\u{1B}]52;c;" + String(repeating: "Z", count: 5_000)
        let clean = text.sanitizedForTerminal
        #expect(!clean.contains("\u{1B}"))
        #expect(!clean.contains("]52"))
    }
}
