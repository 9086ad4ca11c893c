import Foundation

extension String {
    /// This text made safe to draw on one terminal line: escape sequences, controls and bidi
    /// overrides removed, tabs and line breaks turned into spaces; bounded to
    /// ``TextBound/line`` characters.
    public var sanitizedForTerminal: String {
        TerminalTextCleaner.clean(self, keepingLineBreaks: false, bound: TextBound.line)
    }

    /// This text made safe to draw over several terminal lines: like ``sanitizedForTerminal`` but
    /// line breaks are kept, with `\r\n` and `\r` normalised to `\n`; bounded to
    /// ``TextBound/multiline`` characters.
    public var sanitizedMultiline: String {
        TerminalTextCleaner.clean(self, keepingLineBreaks: true, bound: TextBound.multiline)
    }
}

/// How much of a text from a server or an address book rolo keeps, so that measuring, wrapping,
/// searching and drawing it never costs more than a bounded field does.
///
/// Characters are counted as Unicode code points. A longer text keeps its first ones and ends
/// in a note of its full length, "… (100,000 characters in all)": the list shows the start of it
/// up to its column, the detail wraps the kept part and says how long the field was.
public enum TextBound {
    /// Characters kept of a one-line field (a name, an email): far past any screen's width.
    public static let line = 1_000
    /// Characters kept of a text drawn over several lines (a food's description).
    public static let multiline = 10_000

    /// "… (100,000 characters in all)", the end of a cut text.
    static func note(fullLength: Int) -> String {
        "… (\(fullLength.formatted()) characters in all)"
    }
}

/// Removes from server text everything a terminal would act on instead of drawing.
///
/// Text from a server reaches the terminal through ncurses, and an escape sequence inside a name
/// could move the cursor, recolour the screen, set the window title or write to the clipboard
/// (OSC 52). So sequences are removed whole, not just their ESC, which would leave `[31m` behind.
enum TerminalTextCleaner {
    static func clean(_ text: String, keepingLineBreaks: Bool, bound: Int) -> String {
        guard text.utf8.count > bound else { return clean(text, keepingLineBreaks: keepingLineBreaks) }
        // Counted in code points, not graphemes: one grapheme of a million combining marks must
        // be cut too. Only the kept part is cleaned; the note counts the text as sent.
        let scalars = text.unicodeScalars
        let kept = scalars.prefix(bound)
        guard kept.endIndex < scalars.endIndex else { return clean(text, keepingLineBreaks: keepingLineBreaks) }
        return clean(String(String.UnicodeScalarView(kept)), keepingLineBreaks: keepingLineBreaks)
            + TextBound.note(fullLength: scalars.count)
    }

    static func clean(_ text: String, keepingLineBreaks: Bool) -> String {
        // Almost every string is clean; don't pay for a copy then. Printable ASCII is known
        // clean from its bytes, without decoding scalars: every field of 200,000 records asks.
        guard !text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }),
            text.unicodeScalars.contains(where: needsCleaning)
        else { return text }
        let lineBreak: Unicode.Scalar = keepingLineBreaks ? "\n" : " "
        var output = String.UnicodeScalarView()
        var input = Substring(text).unicodeScalars
        while let scalar = input.popFirst() {
            switch scalar.value {
            case 0x1B: skipEscapeSequence(&input)
            case 0x9B: skipControlSequence(&input)
            case 0x9D: skipControlString(&input, bellEnds: true)
            case 0x90, 0x98, 0x9E, 0x9F: skipControlString(&input, bellEnds: false)
            case 0x0D:
                if input.first == "\n" { input.removeFirst() }
                output.append(lineBreak)
            case 0x0A, 0x2028, 0x2029: output.append(lineBreak)
            case 0x09: output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: break
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    private static func needsCleaning(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Skips what follows an ESC (ECMA-48 §5.3): CSI, a control string, or an `ESC X` form.
    private static func skipEscapeSequence(_ input: inout Substring.UnicodeScalarView) {
        guard let next = input.first else { return }
        switch next.value {
        case 0x5B:  // [
            input.removeFirst()
            skipControlSequence(&input)
        case 0x5D:  // ]
            input.removeFirst()
            skipControlString(&input, bellEnds: true)
        case 0x50, 0x58, 0x5E, 0x5F:  // P X ^ _ : DCS, SOS, PM, APC
            input.removeFirst()
            skipControlString(&input, bellEnds: false)
        case 0x20...0x2F:  // intermediates, as in ESC ( B, then one final byte
            while let byte = input.first, (0x20...0x2F).contains(byte.value) { input.removeFirst() }
            if let final = input.first, (0x30...0x7E).contains(final.value) { input.removeFirst() }
        case 0x30...0x7E:
            input.removeFirst()
        default:
            // A lone ESC before a control or a non-ASCII letter: drop only the ESC, keep the rest.
            break
        }
    }

    /// Skips CSI parameters and intermediates up to and including the final byte. A byte that
    /// can't be part of the sequence ends it unconsumed, so a broken sequence can't eat a name.
    private static func skipControlSequence(_ input: inout Substring.UnicodeScalarView) {
        while let byte = input.first {
            switch byte.value {
            case 0x20...0x3F: input.removeFirst()
            case 0x40...0x7E:
                input.removeFirst()
                return
            default: return
            }
        }
    }

    /// Skips an OSC, DCS, SOS, PM or APC payload up to its string terminator (ESC \ or 0x9C; BEL
    /// too for OSC, as xterm accepts). An unterminated string runs to the end of the text, as it
    /// would in the terminal.
    private static func skipControlString(_ input: inout Substring.UnicodeScalarView, bellEnds: Bool) {
        while let scalar = input.first {
            switch scalar.value {
            case 0x9C, 0x18, 0x1A:  // ST, and CAN/SUB which abort a string in VT terminals
                input.removeFirst()
                return
            case 0x07 where bellEnds:
                input.removeFirst()
                return
            case 0x1B:
                input.removeFirst()
                // ESC \ is ST; any other ESC aborts the string and starts a new sequence.
                if input.first == "\\" {
                    input.removeFirst()
                } else {
                    skipEscapeSequence(&input)
                }
                return
            default: input.removeFirst()
            }
        }
    }
}
