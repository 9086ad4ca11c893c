/// An 8-bit sRGB colour, as image pixels carry it.
public struct RGB: Hashable, Sendable {
    /// Red, 0–255.
    public var r: UInt8
    /// Green, 0–255.
    public var g: UInt8
    /// Blue, 0–255.
    public var b: UInt8

    /// A colour from its red, green and blue bytes.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// This colour as a truecolor `Color` for a `Style`.
    public var color: Color { .rgb(r, g, b) }
}
