import Testing
@testable import TerminalUI

@Suite("TerminalReplyParser: the terminal's answers apart from the keys")
struct TerminalReplyParserTests {
    private static let esc = "\u{1b}"
    /// What kitty 0.26.5 answers to `TerminalQueries.startup`, reply after reply.
    private static let kittyAnswers = "\(esc)P>|kitty(0.26.5)\(esc)\\" + "\(esc)_Gi=31;OK\(esc)\\"
        + "\(esc)[6;20;10t" + "\(esc)[4;480;800t" + "\(esc)[?62;c"
    private static let kittyReplies: [TerminalReply] = [
        .version("kitty(0.26.5)"), .kittyGraphics(id: 31, message: "OK"),
        .cellSize(Size(width: 10, height: 20)), .textAreaSize(Size(width: 800, height: 480)),
        .deviceAttributes([62]),
    ]

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Everything the parser makes of `chunks` fed one after the other, then flushed.
    private func parse(_ chunks: [[UInt8]]) -> TerminalReplyParser.Output {
        var parser = TerminalReplyParser()
        var all = TerminalReplyParser.Output()
        for chunk in chunks {
            let output = parser.feed(chunk)
            all.replies += output.replies
            all.keyBytes += output.keyBytes
        }
        let rest = parser.flush()
        all.replies += rest.replies
        all.keyBytes += rest.keyBytes
        return all
    }

    private func parse(_ text: String) -> TerminalReplyParser.Output { parse([bytes(text)]) }

    @Test("Each reply shape is recognised")
    func eachReply() {
        #expect(parse("\(Self.esc)P>|XTerm(379)\(Self.esc)\\").replies == [.version("XTerm(379)")])
        #expect(parse("\(Self.esc)_Gi=31;EINVAL:unsupported format\(Self.esc)\\").replies
            == [.kittyGraphics(id: 31, message: "EINVAL:unsupported format")])
        #expect(parse("\(Self.esc)[?63;1;2;3;4;6;9;15;22c").replies == [.deviceAttributes([63, 1, 2, 3, 4, 6, 9, 15, 22])])
        #expect(parse("\(Self.esc)[6;17;8t").replies == [.cellSize(Size(width: 8, height: 17))])
        #expect(parse("\(Self.esc)[4;816;1280t").replies == [.textAreaSize(Size(width: 1280, height: 816))])
        #expect(parse(Self.kittyAnswers) == .init(replies: Self.kittyReplies, keyBytes: []))
    }

    @Test("A reply stream split at every byte position parses the same, with no key bytes")
    func splitEverywhere() {
        let stream = bytes(Self.kittyAnswers)
        for cut in 0...stream.count {
            let output = parse([Array(stream[..<cut]), Array(stream[cut...])])
            #expect(output == .init(replies: Self.kittyReplies, keyBytes: []), "split at \(cut)")
        }
        let byteByByte = parse(stream.map { [$0] })
        #expect(byteByByte == .init(replies: Self.kittyReplies, keyBytes: []))
    }

    @Test("Keys typed between and around replies come out in order, whole")
    func interleavedKeys() {
        let esc = Self.esc
        let input = "j" + "\(esc)P>|foot(1.16.2)\(esc)\\" + "\(esc)[A" + "ä" + "\(esc)[?62;4c" + "\(esc)[<0;10;5M" + "q"
        let stream = bytes(input)
        for cut in 0...stream.count {
            let output = parse([Array(stream[..<cut]), Array(stream[cut...])])
            #expect(output.replies == [.version("foot(1.16.2)"), .deviceAttributes([62, 4])], "split at \(cut)")
            #expect(output.keyBytes == bytes("j\(esc)[Aä\(esc)[<0;10;5Mq"), "split at \(cut)")
        }
    }

    @Test("A lone ESC is held until flushed, then it is the Esc key; ESC ESC is Esc then a sequence")
    func escapeKey() {
        var parser = TerminalReplyParser()
        #expect(parser.feed([0x1b]) == .init())
        #expect(parser.isInsideSequence)
        #expect(parser.flush() == .init(keyBytes: [0x1b]))
        #expect(!parser.isInsideSequence)
        #expect(parse("\(Self.esc)\(Self.esc)[B").keyBytes == bytes("\(Self.esc)\(Self.esc)[B"))
    }

    @Test("Alt chords that start like replies are keys: ESC x, ESC P x, ESC _ x, ESC [ alone")
    func altChords() {
        for chord in ["\(Self.esc)x", "\(Self.esc)Px", "\(Self.esc)P>x", "\(Self.esc)_x", "\(Self.esc)[", "\(Self.esc)P", "\(Self.esc)O"] {
            #expect(parse(chord) == .init(keyBytes: bytes(chord)), "\(chord.debugDescription)")
        }
    }

    @Test("A reply cut short by the next sequence is dropped; the sequence after it still counts")
    func truncated() {
        let esc = Self.esc
        #expect(parse("\(esc)P>|kitty(0.2\(esc)[A") == .init(keyBytes: bytes("\(esc)[A")))
        #expect(parse("\(esc)_Gi=31;O\(esc)[?62;c") == .init(replies: [.deviceAttributes([62])]))
        #expect(parse("\(esc)[?62;\rj") == .init(keyBytes: bytes("\rj")))
        // Cut off by the end of input: flushed away, not typed.
        #expect(parse("\(esc)[?62;4") == .init())
        #expect(parse("\(esc)P>|kitty(0.26") == .init())
    }

    @Test("Reports rolo didn't ask for are dropped, other sequences pass as keys")
    func otherSequences() {
        let esc = Self.esc
        #expect(parse("\(esc)[>1;4000;29c\(esc)[8;24;80t") == .init())
        let keys = "\(esc)[200~pasted\(esc)[201~\(esc)OP\(esc)[1;5A\(esc)[15~"
        #expect(parse(keys) == .init(keyBytes: bytes(keys)))
        // A kitty answer about another image is still an answer, not keys.
        #expect(parse("\(esc)_Gi=7;ENOENT:no such image\(esc)\\").replies == [.kittyGraphics(id: 7, message: "ENOENT:no such image")])
    }

    @Test("A reply that arrives after the wait is still taken out of the keys")
    func lateReply() {
        var parser = TerminalReplyParser()
        #expect(parser.feed(bytes("\(Self.esc)[?62;c")).replies == [.deviceAttributes([62])])
        #expect(parser.feed(bytes("k")).keyBytes == bytes("k"))
        let late = parser.feed(bytes("\(Self.esc)_Gi=31;OK\(Self.esc)\\j"))
        #expect(late == .init(replies: [.kittyGraphics(id: 31, message: "OK")], keyBytes: bytes("j")))
    }

    @Test("Garbage: an endless string is dropped whole, and random bytes never trap")
    func garbage() {
        let endless = "\(Self.esc)P>|" + String(repeating: "x", count: 5000) + "\(Self.esc)\\k"
        #expect(parse(endless) == .init(keyBytes: bytes("k")))
        let endlessSequence = "\(Self.esc)[" + String(repeating: "1;", count: 100) + "tk"
        #expect(parse(endlessSequence) == .init(keyBytes: bytes("k")))
        var generator = GraphicsTestSupport.Noise(seed: 27)
        for _ in 0..<200 {
            let noise = (0..<64).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Whatever was made of the noise, its key bytes are some of its own bytes, in order.
            var rest = noise[...]
            for byte in parse([noise]).keyBytes {
                guard let found = rest.firstIndex(of: byte) else {
                    Issue.record("key byte \(byte) is not in the noise after the ones before it")
                    break
                }
                rest = rest[(found + 1)...]
            }
        }
        let plain = (0..<256).map { UInt8($0) }.filter { $0 != 0x1b }
        #expect(parse([plain]).keyBytes == plain)
    }
}

