/// Separates the terminal's answers from the key bytes around them, fed raw input in whatever
/// chunks `read` returns.
///
/// Replies arrive on standard input like keys do, can be split across reads, and can come late
/// (over ssh) or not at all. A reply is recognised only by its whole shape (`ESC P >|… ST`,
/// `ESC _ G… ST`, `CSI ? … c`, `CSI 4/6 ; h ; w t`), so everything else — arrows, Alt chords, a
/// lone Esc, pasted text — comes out as key bytes, in the order it was typed.
public struct TerminalReplyParser: Sendable {
    /// What some input held: the replies in it, and the bytes that are keys, for the key handling.
    public struct Output: Sendable, Equatable {
        /// The terminal's answers, in the order they came.
        public var replies: [TerminalReply]
        /// Every byte that was not part of a reply, in order.
        public var keyBytes: [UInt8]

        /// An output of the given replies and key bytes.
        public init(replies: [TerminalReply] = [], keyBytes: [UInt8] = []) {
            self.replies = replies
            self.keyBytes = keyBytes
        }
    }

    /// The two string replies rolo asks for, told apart by their first bytes after the introducer.
    private enum StringReply: Sendable {
        case version, kittyGraphics

        /// What follows `ESC P` (XTVERSION's `>|`) or `ESC _` (kitty's `G`).
        var prefix: [UInt8] {
            switch self {
            case .version: return Array(">|".utf8)
            case .kittyGraphics: return Array("G".utf8)
            }
        }
    }

    private enum State: Sendable {
        case ground
        case escape
        case controlSequence
        case stringPrefix(StringReply, matched: Int)
        case string(StringReply)
        case stringEscape(StringReply)
    }

    /// Longest reply kept: real ones are a few dozen bytes; past this it is noise, dropped whole.
    private static let stringLimit = 1024
    private static let controlSequenceLimit = 64
    private static let escape: UInt8 = 0x1b

    private var state = State.ground
    /// The sequence being read, from its ESC.
    private var pending: [UInt8] = []
    /// Whether the sequence being read outgrew its limit (its bytes are no longer kept).
    private var overflowed = false

    /// A parser at the start of input.
    public init() {}

    /// Whether bytes of an unfinished sequence are held: call `flush()` if no more input comes
    /// soon (a lone ESC is the Esc key only once nothing follows it).
    public var isInsideSequence: Bool {
        if case .ground = state { return false }
        return true
    }

    /// Reads the next chunk of input.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> Output {
        var output = Output()
        for byte in bytes { step(byte, into: &output) }
        return output
    }

    /// Ends an unfinished sequence because no more input came: ESC alone, or ESC with one
    /// introducer byte (`[`, `P`, `_`), is keys (Esc, Alt chords); anything longer is a reply
    /// cut short, and is dropped.
    public mutating func flush() -> Output {
        let output = Output(keyBytes: pending.count <= 2 ? pending : [])
        reset()
        return output
    }

    private mutating func step(_ byte: UInt8, into output: inout Output) {
        switch state {
        case .ground:
            if byte == Self.escape { begin() } else { output.keyBytes.append(byte) }
        case .escape:
            switch byte {
            case UInt8(ascii: "["): continueSequence(byte, as: .controlSequence)
            case UInt8(ascii: "P"): continueSequence(byte, as: .stringPrefix(.version, matched: 0))
            case UInt8(ascii: "_"): continueSequence(byte, as: .stringPrefix(.kittyGraphics, matched: 0))
            case Self.escape:
                // The first ESC was the Esc key; the second may start a sequence.
                output.keyBytes.append(Self.escape)
            default:
                output.keyBytes += pending
                output.keyBytes.append(byte)
                reset()
            }
        case .controlSequence:
            controlSequenceStep(byte, into: &output)
        case .stringPrefix(let reply, let matched):
            let prefix = reply.prefix
            if byte == prefix[matched] {
                continueSequence(byte, as: matched + 1 == prefix.count ? .string(reply) : .stringPrefix(reply, matched: matched + 1))
            } else {
                // Not a reply after all: `ESC P` is Alt-Shift-P, `ESC _` Alt-_.
                output.keyBytes += pending
                reset()
                step(byte, into: &output)
            }
        case .string(let reply):
            if byte == Self.escape {
                state = .stringEscape(reply)
            } else {
                keep(byte, limit: Self.stringLimit)
            }
        case .stringEscape(let reply):
            if byte == UInt8(ascii: "\\") {
                if !overflowed { output.replies.append(finished(reply)) }
                reset()
            } else {
                // ESC without `\` starts a new sequence and cancels the string: a reply cut short.
                reset()
                begin()
                step(byte, into: &output)
            }
        }
    }

    private mutating func controlSequenceStep(_ byte: UInt8, into output: inout Output) {
        switch byte {
        case 0x20...0x3f:
            keep(byte, limit: Self.controlSequenceLimit)
        case 0x40...0x7e:
            defer { reset() }
            guard !overflowed else { return }
            let body = pending[2...]
            if let reply = TerminalReply.controlSequence(body: body, final: byte) {
                output.replies.append(reply)
            } else if !Self.isReport(final: byte) {
                output.keyBytes += pending
                output.keyBytes.append(byte)
            }
        default:
            // Not a byte a control sequence can hold: what came so far was cut short. No key is
            // sent that way, so it is dropped, and the byte starts afresh.
            reset()
            step(byte, into: &output)
        }
    }

    /// Whether a control sequence ending in `final` is a report no key ever sends (device
    /// attributes, window reports), so that one rolo doesn't read is dropped rather than typed.
    private static func isReport(final: UInt8) -> Bool {
        final == UInt8(ascii: "c") || final == UInt8(ascii: "t")
    }

    /// The reply a finished string is.
    private func finished(_ reply: StringReply) -> TerminalReply {
        let body = pending[(2 + reply.prefix.count)...]
        switch reply {
        case .version: return .version(String(decoding: body, as: UTF8.self))
        case .kittyGraphics: return TerminalReply.kittyGraphics(body: body)
        }
    }

    private mutating func begin() {
        pending = [Self.escape]
        state = .escape
    }

    private mutating func continueSequence(_ byte: UInt8, as next: State) {
        pending.append(byte)
        state = next
    }

    private mutating func keep(_ byte: UInt8, limit: Int) {
        if pending.count < limit { pending.append(byte) } else { overflowed = true }
    }

    private mutating func reset() {
        pending.removeAll(keepingCapacity: true)
        overflowed = false
        state = .ground
    }
}
