/// Draws a simple avatar — soft gradient background, shoulders, neck, head, hair, eyes, mouth —
/// in colours derived from a seed and an employee id, so every person has a recognisable
/// portrait that is the same on every run. Shapes live in the unit square, so drawing at another
/// aspect ratio (the ME server's 100×100 thumbnails) distorts it just as the real server does.
struct PortraitRenderer: Sendable {
    private typealias Colour = (r: Float, g: Float, b: Float)

    /// An axis-aligned ellipse in the portrait's 3×4 frame units.
    private struct Ellipse {
        let cx: Float, cy: Float, rx: Float, ry: Float

        /// 1 inside, 0 outside, a soft ramp across the edge so the JPEG has no hard stairs.
        func coverage(_ x: Float, _ y: Float) -> Float {
            let dx = (x - cx) / rx, dy = (y - cy) / ry
            let distance = (dx * dx + dy * dy).squareRoot()
            return min(1, max(0, (1.03 - distance) / 0.06))
        }

        /// Whether row `y` can touch the ellipse at all (skips most work outside it).
        func spans(_ y: Float) -> Bool {
            abs(y - cy) < ry * 1.05
        }
    }

    private static let skinTones: [Colour] = [
        (0.98, 0.87, 0.77), (0.94, 0.78, 0.64), (0.86, 0.67, 0.50),
        (0.74, 0.54, 0.38), (0.58, 0.40, 0.27), (0.42, 0.29, 0.20),
    ]
    private static let hairColours: [Colour] = [
        (0.10, 0.08, 0.07), (0.30, 0.20, 0.12), (0.55, 0.38, 0.20),
        (0.85, 0.72, 0.45), (0.62, 0.25, 0.12), (0.75, 0.75, 0.75),
    ]

    private let top: Colour, bottom: Colour, skin: Colour, hair: Colour, shirt: Colour
    private let longHair: Bool
    private let bald: Bool

    /// The portrait of employee `id` in the data generated from `seed`.
    init(seed: UInt64, id: Int) {
        var random = SplitMix64(seed: seed, stream: 0x9000_0000 + UInt64(id))
        let hue = Float(random.nextUnit())
        top = Self.colour(hue: hue, saturation: 0.18, value: 0.97)
        bottom = Self.colour(hue: hue + 0.08, saturation: 0.35, value: 0.85)
        skin = Self.skinTones[Int(random.next() % UInt64(Self.skinTones.count))]
        hair = Self.hairColours[Int(random.next() % UInt64(Self.hairColours.count))]
        shirt = Self.colour(hue: hue + 0.5, saturation: 0.65, value: 0.7)
        let style = random.next() % 5
        longHair = style < 2
        bald = style == 4
    }

    /// Tightly packed RGB rows for a `width` × `height` picture.
    func render(width: Int, height: Int) -> [UInt8] {
        let head = Ellipse(cx: 1.5, cy: 1.7, rx: 0.62, ry: 0.8)
        let hairCap = Ellipse(cx: 1.5, cy: 1.58, rx: 0.72, ry: 0.86)
        let shoulders = Ellipse(cx: 1.5, cy: 4.25, rx: 1.4, ry: 1.5)
        let eyes = [Ellipse(cx: 1.27, cy: 1.68, rx: 0.07, ry: 0.08), Ellipse(cx: 1.73, cy: 1.68, rx: 0.07, ry: 0.08)]
        let mouth = Ellipse(cx: 1.5, cy: 2.1, rx: 0.2, ry: 0.05)
        let mouthColour: Colour = (skin.r * 0.65, skin.g * 0.35, skin.b * 0.35)
        let eyeColour: Colour = (0.12, 0.1, 0.1)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let v = (Float(row) + 0.5) / Float(height)
                let y = v * 4
                let background = Self.mix(top, bottom, v)
                for column in 0..<width {
                    let x = (Float(column) + 0.5) / Float(width) * 3
                    var colour = background
                    // Back to front: hair behind the head, neck, shoulders (covering long hair),
                    // then the face with its fringe.
                    if !bald, hairCap.spans(y) || (longHair && y < 3.2) {
                        let cover = longHair && y >= hairCap.cy
                            ? min(1, max(0, (hairCap.rx - abs(x - 1.5)) / 0.04))
                            : hairCap.coverage(x, y)
                        colour = Self.mix(colour, hair, cover)
                    }
                    if y > 2.2, y < 3.0, abs(x - 1.5) < 0.3 {
                        colour = Self.mix(colour, Self.shade(skin, 0.85), min(1, (0.3 - abs(x - 1.5)) / 0.03))
                    }
                    if shoulders.spans(y) {
                        colour = Self.mix(colour, shirt, shoulders.coverage(x, y))
                    }
                    if head.spans(y) {
                        let cover = head.coverage(x, y)
                        if cover > 0 {
                            // Darker towards the rim, which reads as a rounded face.
                            let dx = (x - head.cx) / head.rx, dy = (y - head.cy) / head.ry
                            var face = Self.shade(skin, 1 - 0.22 * (dx * dx + dy * dy))
                            if !bald, y < 1.3 {
                                face = Self.mix(face, hair, min(1, (1.3 - y) / 0.05))
                            }
                            colour = Self.mix(colour, face, cover)
                        }
                    }
                    if y > 1.55, y < 1.8 {
                        for eye in eyes { colour = Self.mix(colour, eyeColour, eye.coverage(x, y)) }
                    }
                    if mouth.spans(y) {
                        colour = Self.mix(colour, mouthColour, mouth.coverage(x, y))
                    }
                    let offset = (row * width + column) * 3
                    out[offset] = Self.byte(colour.r)
                    out[offset + 1] = Self.byte(colour.g)
                    out[offset + 2] = Self.byte(colour.b)
                }
            }
        }
        return pixels
    }

    private static func mix(_ a: Colour, _ b: Colour, _ t: Float) -> Colour {
        guard t > 0 else { return a }
        return (a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t)
    }

    private static func shade(_ c: Colour, _ factor: Float) -> Colour {
        (c.r * factor, c.g * factor, c.b * factor)
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(255, max(0, value * 255 + 0.5)))
    }

    private static func colour(hue: Float, saturation: Float, value: Float) -> Colour {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - Float(Int(h))
        let p = value * (1 - saturation), q = value * (1 - saturation * f), t = value * (1 - saturation * (1 - f))
        switch sector {
        case 0: return (value, t, p)
        case 1: return (q, value, p)
        case 2: return (p, value, t)
        case 3: return (p, q, value)
        case 4: return (t, p, value)
        default: return (value, p, q)
        }
    }
}
