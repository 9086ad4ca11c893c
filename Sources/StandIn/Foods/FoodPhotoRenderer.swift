import Foundation

/// Draws a plate of food seen from above — a wooden-table gradient, a white plate with a rim,
/// and a heap of food in a colour derived from the seed and the food's id — so every food has a
/// recognisable photo that is the same on every run.
struct FoodPhotoRenderer: Sendable {
    private typealias Colour = (r: Float, g: Float, b: Float)

    private static let foodColours: [Colour] = [
        (0.80, 0.45, 0.15), (0.85, 0.20, 0.15), (0.35, 0.60, 0.25), (0.90, 0.75, 0.30),
        (0.55, 0.30, 0.15), (0.95, 0.90, 0.80), (0.60, 0.15, 0.25), (0.95, 0.55, 0.35),
    ]

    private let table: Colour, tableDark: Colour, food: Colour, garnish: Colour
    private let heapX: Float, heapY: Float

    /// The photo of food `id` in the data generated from `seed`.
    init(seed: UInt64, id: Int) {
        var random = SplitMix64(seed: seed, stream: 0xF00D_9000 + UInt64(id))
        let warmth = Float(random.nextUnit())
        table = (0.55 + 0.2 * warmth, 0.38 + 0.1 * warmth, 0.22)
        tableDark = (table.r * 0.7, table.g * 0.7, table.b * 0.7)
        food = Self.foodColours[Int(random.next() % UInt64(Self.foodColours.count))]
        garnish = Self.foodColours[Int(random.next() % UInt64(Self.foodColours.count))]
        heapX = 0.5 + Float(random.nextUnit() - 0.5) * 0.1
        heapY = 0.5 + Float(random.nextUnit() - 0.5) * 0.1
    }

    /// Tightly packed RGB rows for a `width` × `height` picture.
    func render(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let aspect = Float(width) / Float(height)
        for row in 0..<height {
            let v = (Float(row) + 0.5) / Float(height)
            for column in 0..<width {
                let u = (Float(column) + 0.5) / Float(width)
                // Wood grain: bands along the rows, darker towards the bottom.
                let grain = 0.5 + 0.5 * sin(v * 60 + sin(u * 7) * 2)
                var colour = Self.mix(table, tableDark, 0.3 * grain + 0.3 * v)
                // Distances in the picture's own proportions, so the plate stays round.
                let dx = (u - 0.5) * aspect, dy = v - 0.5
                let plate = (dx * dx + dy * dy).squareRoot()
                colour = Self.mix(colour, (0.93, 0.93, 0.95), Self.edge(0.42 - plate))
                colour = Self.mix(colour, (0.98, 0.98, 0.99), Self.edge(0.33 - plate))
                let hx = (u - heapX) * aspect, hy = v - heapY
                let heap = (hx * hx + hy * hy).squareRoot() * (1 + 0.12 * sin(atan2(hy, hx) * 5))
                colour = Self.mix(colour, Self.shade(food, 1.1 - heap * 1.5), Self.edge(0.24 - heap))
                let gx = hx - 0.06, gy = hy + 0.05
                colour = Self.mix(colour, garnish, Self.edge(0.035 - (gx * gx + gy * gy).squareRoot()))
                let offset = (row * width + column) * 3
                pixels[offset] = Self.byte(colour.r)
                pixels[offset + 1] = Self.byte(colour.g)
                pixels[offset + 2] = Self.byte(colour.b)
            }
        }
        return pixels
    }

    /// 0 outside, 1 inside, a soft ramp across the edge so the JPEG has no hard stairs.
    private static func edge(_ inside: Float) -> Float {
        min(1, max(0, inside / 0.008))
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
}
