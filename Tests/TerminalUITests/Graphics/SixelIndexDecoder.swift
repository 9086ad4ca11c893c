/// A strict decoder of the sixel rolo writes, down to which colour register painted each pixel,
/// so that tests can check a picture pixel for pixel without any colour rounding in the way.
enum SixelIndexDecoder {
    /// A decoded sixel image: its size from the raster attributes, the register each pixel was
    /// last painted with (-1 where none painted it) and the registers' colours as percentages.
    struct Image {
        var width: Int
        var height: Int
        var registers: [Int]
        var colours: [Int: [Int]]
    }

    /// `text` (`DCS … q "1;1;W;H`, registers, bands, `ST`) decoded; nil when it isn't sixel of
    /// that shape or paints outside its raster.
    static func decode(_ text: String) -> Image? {
        var characters = Array(text.utf8)[...]
        guard let q = characters.firstIndex(of: UInt8(ascii: "q")), characters.first == 0x1b else { return nil }
        characters = characters[(q + 1)...]
        guard characters.popFirst() == UInt8(ascii: "\"") else { return nil }
        let raster = numbers(&characters)
        guard raster.count == 4 else { return nil }
        var image = Image(width: raster[2], height: raster[3], registers: Array(repeating: -1, count: raster[2] * raster[3]),
                          colours: [:])
        var x = 0, top = 0, register = 0
        while let character = characters.popFirst() {
            switch character {
            case UInt8(ascii: "#"):
                let parameters = numbers(&characters)
                guard let first = parameters.first else { return nil }
                register = first
                if parameters.count == 5, parameters[1] == 2 { image.colours[first] = Array(parameters[2...]) }
            case UInt8(ascii: "$"):
                x = 0
            case UInt8(ascii: "-"):
                x = 0
                top += 6
            case UInt8(ascii: "!"):
                guard let count = numbers(&characters).first, let sixel = characters.popFirst(),
                      paint(sixel, count: count, at: &x, top: top, register: register, into: &image) else { return nil }
            case 0x3f...0x7e:
                guard paint(character, count: 1, at: &x, top: top, register: register, into: &image) else { return nil }
            case 0x1b:
                return characters.first == UInt8(ascii: "\\") ? image : nil
            default:
                return nil
            }
        }
        return nil
    }

    /// Paints `count` columns of `sixel` from `x` on; false when a set bit is outside the raster.
    private static func paint(_ sixel: UInt8, count: Int, at x: inout Int, top: Int, register: Int, into image: inout Image) -> Bool {
        guard (0x3f...0x7e).contains(sixel) else { return false }
        let bits = Int(sixel - 0x3f)
        for column in x..<(x + count) {
            for dy in 0..<6 where bits & (1 << dy) != 0 {
                guard column < image.width, top + dy < image.height else { return false }
                image.registers[(top + dy) * image.width + column] = register
            }
        }
        x += count
        return true
    }

    /// The `;`-separated decimal numbers at the start of `characters`, consumed.
    private static func numbers(_ characters: inout ArraySlice<UInt8>) -> [Int] {
        var numbers = [0], digits = 0
        while let character = characters.first, character == UInt8(ascii: ";") || (0x30...0x39).contains(character) {
            characters = characters.dropFirst()
            if character == UInt8(ascii: ";") {
                numbers.append(0)
            } else {
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(character - 0x30)
                digits += 1
            }
        }
        return digits == 0 ? [] : numbers
    }
}
