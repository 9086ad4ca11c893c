import CImage
import Foundation

/// Small PNG sprites, as PokeAPI's `sprites.front_default` links to: 96 × 96 RGBA, a disc of a
/// colour from the number on a transparent ground, written by libpng (`rolo_png_encode`).
enum SpritePNG {
    /// The sprites' edge in pixels, PokeAPI's.
    static let edge = 96

    /// The PNG of sprite `number`; nil when libpng can't write (older than 1.6.29).
    static func png(number: Int) -> Data? {
        var random = SplitMix64(seed: 0x5B17E, stream: UInt64(number))
        let color = (0..<3).map { _ in UInt8(truncatingIfNeeded: 64 + random.next() % 192) }
        let radius = Double(edge) * 0.4, center = Double(edge) / 2
        var rgba: [UInt8] = []
        rgba.reserveCapacity(edge * edge * 4)
        for y in 0..<edge {
            for x in 0..<edge {
                let inside = hypot(Double(x) + 0.5 - center, Double(y) + 0.5 - center) <= radius
                rgba += inside ? color + [255] : [0, 0, 0, 0]
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = rgba.withUnsafeBytes { pixels in
            rolo_png_encode(pixels.baseAddress, Int32(edge), Int32(edge), ROLO_PNG_RGBA, nil, 0, &output, &length, &message, 200)
        }
        guard status == 0, let output else { return nil }
        defer { free(output) }
        return Data(bytes: output, count: length)
    }
}
