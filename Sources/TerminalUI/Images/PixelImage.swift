/// A picture as the renderer takes it: tightly packed 8-bit RGB rows.
///
/// TerminalUI can't see RoloCore's decoder; the app hands its decoded bytes over in this form.
public struct PixelImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 3` bytes, row after row, red, green, blue.
    public let pixels: [UInt8]

    /// A picture from its RGB bytes; `pixels` must hold exactly `width × height × 3` of them.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 3,
                     "\(pixels.count) bytes are not a \(width)×\(height) RGB picture")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour of the pixel at (x, y).
    public subscript(x: Int, y: Int) -> RGB {
        let offset = (y * width + x) * 3
        return RGB(pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}
