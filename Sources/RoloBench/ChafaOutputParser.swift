import TerminalUI

/// Reads chafa's truecolor symbol output back into the pixel grid it stands for: two pixels a
/// cell, so its fidelity can be measured the same way as rolo's.
enum ChafaOutputParser {
    /// Why chafa's output couldn't be read as half blocks.
    struct Failure: Error, CustomStringConvertible {
        /// What was found.
        let description: String
    }

    /// The `columns × (rows × 2)` picture behind chafa's cells.
    static func pixels(of output: String) throws -> PixelImage {
        var state = State()
        var rows: [[(top: RGB, bottom: RGB)]] = []
        var row: [(top: RGB, bottom: RGB)] = []
        var scalars = output.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\u{1B}":
                let (parameters, final) = readControlSequence(&scalars)
                if final == "m" {
                    try state.apply(parameters)
                } else if final == "b", let last = row.last {
                    // REP: the previous cell again, n times.
                    row += Array(repeating: last, count: parameters.first ?? 1)
                }
            case "\n":
                if !row.isEmpty { rows.append(row) }
                row = []
            case "\r":
                continue
            default:
                row.append(try state.cell(scalar))
            }
        }
        if !row.isEmpty { rows.append(row) }
        guard let columns = rows.first?.count, rows.allSatisfy({ $0.count == columns }) else {
            throw Failure(description: "chafa's rows are missing or of unequal length")
        }
        let tops = rows.map { $0.flatMap { [$0.top.r, $0.top.g, $0.top.b] } }
        let bottoms = rows.map { $0.flatMap { [$0.bottom.r, $0.bottom.g, $0.bottom.b] } }
        let pixels = zip(tops, bottoms).flatMap { $0 + $1 }
        return PixelImage(width: columns, height: rows.count * 2, pixels: pixels)
    }

    /// The numeric parameters and final character of a CSI sequence, after its ESC.
    private static func readControlSequence(
        _ scalars: inout String.UnicodeScalarView.Iterator
    ) -> ([Int], Unicode.Scalar?) {
        guard scalars.next() == "[" else { return ([], nil) }
        var text = ""
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) {
                let parameters = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                return (parameters, scalar)
            }
            text.unicodeScalars.append(scalar)
        }
        return ([], nil)
    }

    /// The SGR state: the current colours and whether they are swapped.
    private struct State {
        var foreground: RGB?
        var background: RGB?
        var inverse = false

        mutating func apply(_ parameters: [Int]) throws {
            var index = 0
            while index < parameters.count {
                switch parameters[index] {
                case 0: self = State()
                case 7: inverse = true
                case 27: inverse = false
                case 39: foreground = nil
                case 49: background = nil
                case 38, 48:
                    guard index + 4 < parameters.count, parameters[index + 1] == 2 else {
                        throw Failure(description: "a colour that is not truecolor: \(parameters)")
                    }
                    let colour = RGB(UInt8(clamping: parameters[index + 2]), UInt8(clamping: parameters[index + 3]),
                                     UInt8(clamping: parameters[index + 4]))
                    if parameters[index] == 38 { foreground = colour } else { background = colour }
                    index += 4
                default: break
                }
                index += 1
            }
        }

        /// The top and bottom colours a symbol shows in the current state.
        func cell(_ symbol: Unicode.Scalar) throws -> (top: RGB, bottom: RGB) {
            guard let ink = inverse ? background : foreground, let paper = inverse ? foreground : background else {
                throw Failure(description: "a cell in the terminal's default colour")
            }
            switch symbol {
            case "▀": return (ink, paper)
            case "▄": return (paper, ink)
            case " ": return (paper, paper)
            case "█": return (ink, ink)
            default: throw Failure(description: "a symbol that is not a half block: \(symbol)")
            }
        }
    }
}
