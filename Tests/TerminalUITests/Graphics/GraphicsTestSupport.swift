import Foundation
import Testing
@testable import TerminalUI

/// Pictures, decoders and measures the graphics tests share.
enum GraphicsTestSupport {
    /// A deterministic photo-like picture: a sky-to-ground gradient, soft discs of several hues,
    /// a hard-edged block, and fine noise, so both smooth shading and detail are there to lose.
    static func photo(width: Int, height: Int, seed: UInt64 = 7) -> PixelImage {
        var generator = Noise(seed: seed)
        let discs: [(x: Double, y: Double, r: Double, colour: (Double, Double, Double))] = [
            (0.3, 0.35, 0.22, (220, 90, 60)), (0.7, 0.3, 0.18, (70, 160, 220)),
            (0.55, 0.7, 0.25, (90, 190, 80)), (0.2, 0.8, 0.12, (240, 210, 80)),
        ]
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / Double(max(1, width - 1)), v = Double(y) / Double(max(1, height - 1))
                var colour = (40 + 150 * (1 - v) + 30 * u, 60 + 120 * (1 - v), 120 + 120 * (1 - v) - 60 * u)
                for disc in discs {
                    let d = ((u - disc.x) * (u - disc.x) + (v - disc.y) * (v - disc.y)).squareRoot()
                    let t = max(0, 1 - d / disc.r)
                    let k = t * t * (3 - 2 * t)
                    colour = (colour.0 + (disc.colour.0 - colour.0) * k, colour.1 + (disc.colour.1 - colour.1) * k,
                              colour.2 + (disc.colour.2 - colour.2) * k)
                }
                if u > 0.78 && u < 0.92 && v > 0.62 && v < 0.9 { colour = (30, 30, 40) }
                let noise = Double(Int(generator.next() % 17) - 8)
                for channel in [colour.0, colour.1, colour.2] {
                    pixels.append(UInt8(max(0, min(255, (channel + noise).rounded()))))
                }
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// Deterministic noise: Knuth's MMIX linear congruential generator, its high bits.
    struct Noise {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
    }

    /// The peak signal-to-noise ratio of `b` against `a`, in dB (infinite when equal); 0, with an
    /// issue recorded, when their sizes differ.
    static func psnr(_ a: PixelImage, _ b: PixelImage, sourceLocation: SourceLocation = #_sourceLocation) -> Double {
        guard a.width == b.width && a.height == b.height else {
            Issue.record("psnr of a \(a.width)×\(a.height) against a \(b.width)×\(b.height) picture", sourceLocation: sourceLocation)
            return 0
        }
        let squares = zip(a.pixels, b.pixels).reduce(0.0) { sum, pair in
            let d = Double(pair.0) - Double(pair.1)
            return sum + d * d
        }
        let mse = squares / Double(a.pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The escapes `ESC _ G control ; payload ESC \` in `bytes`, as (control, payload) text.
    static func kittyCommands(_ bytes: [UInt8]) -> [(control: String, payload: String)] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "\u{1b}\\").dropLast().map { escape in
            let body = escape.hasPrefix("\u{1b}_G") ? String(escape.dropFirst(3)) : "not an APC: \(escape)"
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The escapes inside tmux passthrough wrappers, each ESC undoubled.
    static func unwrapTmux(_ bytes: [UInt8]) -> [[UInt8]] {
        let text = String(decoding: bytes, as: UTF8.self)
        let prefix = "\u{1b}Ptmux;"
        return text.components(separatedBy: prefix).dropFirst().map { wrapped in
            let inner = wrapped.hasSuffix("\u{1b}\\") ? String(wrapped.dropLast(2)) : "unterminated"
            return Array(inner.replacingOccurrences(of: "\u{1b}\u{1b}", with: "\u{1b}").utf8)
        }
    }
}
