import Foundation

/// A colour in Björn Ottosson's OKLab space, where straight-line distance follows how different
/// two colours look far better than distance in RGB does.
struct OKLab {
    var l: Double
    var a: Double
    var b: Double

    /// The OKLab of an sRGB colour given as 0–255 channel values (fractions allowed).
    init(red: Double, green: Double, blue: Double) {
        self.init(linearRed: Self.linear(red), green: Self.linear(green), blue: Self.linear(blue))
    }

    /// The OKLab of a colour given in linear light, 0–1 a channel.
    init(linearRed r: Double, green g: Double, blue b: Double) {
        let long = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let medium = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let short = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        l = 0.2104542553 * long + 0.7936177850 * medium - 0.0040720406 * short
        a = 1.9779984951 * long - 2.4285922050 * medium + 0.4505937099 * short
        self.b = 0.0259040371 * long + 0.7827717662 * medium - 0.8086757660 * short
    }

    /// The squared distance to another colour.
    func distanceSquared(to other: OKLab) -> Double {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }

    /// An sRGB channel (0–255) in linear light (0–1).
    static func linear(_ value: Double) -> Double {
        let c = value / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}
