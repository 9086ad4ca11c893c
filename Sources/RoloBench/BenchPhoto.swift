import Foundation

/// A deterministic stand-in for a photograph: a sky with a sun and clouds over mountains and a
/// meadow. Smooth gradients give the encoder what real photos give it, and noise at several
/// scales gives the fine detail that makes downscaling filters differ.
enum BenchPhoto {
    /// `size × size` RGB pixels, the same on every run and machine.
    static func pixels(size: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: size * size * 3)
        let scale = Double(size)
        for y in 0..<size {
            let v = Double(y) / scale
            for x in 0..<size {
                let u = Double(x) / scale
                let colour = colour(u: u, v: v, pixel: (x, y))
                let offset = (y * size + x) * 3
                pixels[offset] = channel(colour.0)
                pixels[offset + 1] = channel(colour.1)
                pixels[offset + 2] = channel(colour.2)
            }
        }
        return pixels
    }

    private typealias Colour = (Double, Double, Double)

    /// The scene at (u, v) in 0..<1, top-left origin.
    private static func colour(u: Double, v: Double, pixel: (Int, Int)) -> Colour {
        let ridge = 0.42 + 0.10 * fractal(u * 3, 0.5, octaves: 5) - 0.05 * u
        let meadowTop = 0.64 + 0.03 * fractal(u * 2, 7.5, octaves: 3)
        let grain = hash(pixel.0, pixel.1, 99) - 0.5
        if v < ridge { return sky(u: u, v: v) }
        if v < meadowTop {
            // Rock lit from the left, with strata and fine grain.
            let shade = 0.6 + 0.5 * fractal(u * 30, v * 30, octaves: 6) - 0.6 * (v - ridge) - 0.25 * u
            let strata = 0.08 * sin(v * 180 + 6 * fractal(u * 4, v * 4, octaves: 2))
            let light = shade + strata + 0.12 * grain
            return (135 * light, 128 * light, 122 * light)
        }
        // Meadow: green getting brighter towards the viewer, blades of grass, a few flowers.
        let depth = (v - meadowTop) / (1 - meadowTop)
        let blades = 0.25 * fractal(u * 160, v * 18, octaves: 2) + 0.12 * grain
        if hash(pixel.0 / 6, pixel.1 / 6, 7) > 0.985 { return hash(pixel.0 / 6, pixel.1 / 6, 8) > 0.5 ? (230, 40, 50) : (240, 210, 40) }
        let light = 0.6 + 0.5 * depth + blades
        return (55 * light, 125 * light, 45 * light)
    }

    private static func sky(u: Double, v: Double) -> Colour {
        var colour: Colour = (40 + 150 * v * 2, 90 + 120 * v * 2, 170 + 60 * v)
        // A sun with a soft glow.
        let dx = u - 0.74, dy = v - 0.2, distance = (dx * dx + dy * dy).squareRoot()
        let glow = max(0, 1 - distance / 0.18)
        colour = mix(colour, (255, 235, 170), distance < 0.05 ? 1 : glow * glow * 0.8)
        // Clouds: thresholded fractal noise, denser near the horizon.
        let cloud = max(0, fractal(u * 5, v * 9, octaves: 6) - 0.45) * 2.6
        return mix(colour, (245, 245, 250), min(1, cloud * (0.4 + v)))
    }

    private static func mix(_ a: Colour, _ b: Colour, _ t: Double) -> Colour {
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }

    private static func channel(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }

    /// Value noise summed over octaves, in 0...1.
    private static func fractal(_ x: Double, _ y: Double, octaves: Int) -> Double {
        var sum = 0.0, amplitude = 0.5, frequency = 1.0, total = 0.0
        for octave in 0..<octaves {
            sum += amplitude * noise(x * frequency, y * frequency, seed: octave)
            total += amplitude
            amplitude *= 0.5
            frequency *= 2
        }
        return sum / total
    }

    /// Smoothly interpolated lattice noise in 0...1.
    private static func noise(_ x: Double, _ y: Double, seed: Int) -> Double {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy)
        let top = hash(x0, y0, seed) + (hash(x0 + 1, y0, seed) - hash(x0, y0, seed)) * sx
        let bottom = hash(x0, y0 + 1, seed) + (hash(x0 + 1, y0 + 1, seed) - hash(x0, y0 + 1, seed)) * sx
        return top + (bottom - top) * sy
    }

    /// A well-mixed hash of a lattice point, in 0..<1.
    private static func hash(_ x: Int, _ y: Int, _ seed: Int) -> Double {
        var h = UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= UInt64(bitPattern: Int64(seed)) &* 0x1656_67B1_9E37_79F9
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        return Double(h >> 11) / Double(1 << 53)
    }
}
