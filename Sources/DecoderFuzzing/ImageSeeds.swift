import Foundation
import RoloCore

/// Small pictures in every variant the image decoder takes, encoded through rolo's own
/// libjpeg and libpng wrappers, so the image fuzzer starts from each of them.
enum ImageSeeds {
    static func make() -> [[UInt8]] {
        let size = 8
        let rgb = (0..<size * size * 3).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let grey = (0..<size * size).map { UInt8(truncatingIfNeeded: $0 &* 11) }
        let palette = (0..<16 * 3).map { UInt8(truncatingIfNeeded: $0 &* 29) }
        let paletteAlpha = (0..<16 * 4).map { UInt8(truncatingIfNeeded: $0 &* 53) }
        let indices = (0..<size * size).map { UInt8($0 % 16) }
        let encoders: [() throws -> Data] = [
            { try ImageEncoder.jpeg(rgb: rgb, width: size, height: size) },
            { try ImageEncoder.jpeg(rgb: rgb, width: size, height: size, progressive: true) },
            { try ImageEncoder.jpeg(rgb: rgb, width: size, height: size, color: .grayscale) },
            { try ImageEncoder.jpeg(rgb: rgb, width: size, height: size, color: .cmyk) },
            { try ImageEncoder.png(grey, width: size, height: size, layout: .grey) },
            { try ImageEncoder.png(rgb, width: size, height: size, layout: .rgb) },
            { try ImageEncoder.png(rgb + grey, width: size, height: size, layout: .rgba) },
            { try ImageEncoder.png(indices, width: size, height: size, layout: .palette(colormap: palette)) },
            { try ImageEncoder.png(indices, width: size, height: size, layout: .paletteAlpha(colormap: paletteAlpha)) },
        ]
        return encoders.compactMap { try? [UInt8]($0()) }
    }
}
