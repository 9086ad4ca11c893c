/// One answer the terminal gave to a question rolo asked it at start-up (see `TerminalQueries`).
public enum TerminalReply: Sendable, Equatable {
    /// XTVERSION: the terminal's name and version as it writes them, such as `kitty(0.26.5)`.
    case version(String)
    /// The kitty graphics protocol's answer about image `id`: `OK`, or an error such as `EINVAL:…`.
    case kittyGraphics(id: Int, message: String)
    /// Primary device attributes: the numbers after `?`, such as `[62, 4, 22]` (4 means sixel).
    case deviceAttributes([Int])
    /// The pixel size of one cell (the answer to `CSI 16 t`).
    case cellSize(Size)
    /// The pixel size of the whole text area (the answer to `CSI 14 t`).
    case textAreaSize(Size)
    /// The terminal window gained (`CSI I`) or lost (`CSI O`) the focus, reported while focus
    /// reporting (`CSI ? 1004 h`) is on.
    case focus(Bool)

    /// The reply a complete `CSI … final` sequence is, nil when it is none of rolo's (a key).
    ///
    /// `body` is what lies between `ESC [` and the final byte.
    static func controlSequence(body: ArraySlice<UInt8>, final: UInt8) -> TerminalReply? {
        switch final {
        case UInt8(ascii: "I") where body.isEmpty: return .focus(true)
        case UInt8(ascii: "O") where body.isEmpty: return .focus(false)
        case UInt8(ascii: "c") where body.first == UInt8(ascii: "?"):
            return .deviceAttributes(numbers(body.dropFirst()).compactMap { $0 })
        case UInt8(ascii: "t"):
            let values = numbers(body)
            guard values.count == 3, let height = values[1], let width = values[2] else { return nil }
            switch values[0] {
            case 6: return .cellSize(Size(width: width, height: height))
            case 4: return .textAreaSize(Size(width: width, height: height))
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The reply an `APC G … ST` string is: `i=31;OK` names the image and gives the answer.
    static func kittyGraphics(body: ArraySlice<UInt8>) -> TerminalReply {
        let text = String(decoding: body, as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var id = 0
        for key in parts[0].split(separator: ",") where key.hasPrefix("i=") {
            id = Int(key.dropFirst(2)) ?? 0
        }
        return .kittyGraphics(id: id, message: parts.count > 1 ? String(parts[1]) : "")
    }

    /// Semicolon-separated decimal parameters; an empty or non-numeric one is nil.
    private static func numbers(_ body: ArraySlice<UInt8>) -> [Int?] {
        body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            guard !field.isEmpty, field.count < 10, field.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
    }
}
