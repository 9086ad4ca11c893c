import Foundation
import TerminalUI

/// How closely a rendered pixel grid matches the picture it stands for.
enum Fidelity {
    /// The peak signal-to-noise ratio of `image` against `source` box-downscaled to the same
    /// grid, in dB over all RGB samples; higher is closer.
    static func psnr(of image: PixelImage, against source: PixelImage) -> Double {
        let reference = BoxResampler.resample(source, width: image.width, height: image.height)
        let squaredError = zip(image.pixels, reference.pixels).reduce(0.0) { sum, pair in
            let difference = Double(pair.0) - Double(pair.1)
            return sum + difference * difference
        }
        let mean = squaredError / Double(max(1, image.pixels.count))
        return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
    }
}
