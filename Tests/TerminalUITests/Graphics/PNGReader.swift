@testable import TerminalUI

/// Reads the PNGs the tests meet: 8-bit grey, RGB, palette or RGBA, not interlaced, composited
/// onto nothing (alpha is dropped). Written from the PNG specification, apart from rolo's encoder.
enum PNGReader {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func decode(_ file: [UInt8]) throws -> PixelImage {
        guard file.starts(with: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) else { throw Failure(description: "no PNG signature") }
        var offset = 8, width = 0, height = 0, colourType = 0, palette: [UInt8] = [], data: [UInt8] = []
        func number(_ at: Int) -> Int { file[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        while offset + 12 <= file.count {
            let length = number(offset)
            let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(file[(offset + 8)..<(offset + 8 + length)])
            guard Zlib.crc32(file[(offset + 4)..<(offset + 8 + length)]) == UInt32(number(offset + 8 + length)) else {
                throw Failure(description: "bad CRC in \(type)")
            }
            switch type {
            case "IHDR":
                width = number(offset + 8)
                height = number(offset + 12)
                guard body[8] == 8, body[12] == 0 else { throw Failure(description: "bit depth \(body[8]), interlace \(body[12])") }
                colourType = Int(body[9])
            case "PLTE": palette = body
            case "IDAT": data += body
            default: break
            }
            offset += length + 12
        }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colourType] ?? 0
        guard channels > 0 else { throw Failure(description: "colour type \(colourType)") }
        let stride = width * channels
        guard let raw = Zlib.decompress(data, count: (stride + 1) * height) else { throw Failure(description: "bad IDAT") }
        var rows = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for i in 0..<stride {
                let x = raw[y * (stride + 1) + 1 + i]
                let a = i >= channels ? Int(rows[y * stride + i - channels]) : 0
                let b = y > 0 ? Int(rows[(y - 1) * stride + i]) : 0
                let c = i >= channels && y > 0 ? Int(rows[(y - 1) * stride + i - channels]) : 0
                let prediction: Int
                switch filter {
                case 0: prediction = 0
                case 1: prediction = a
                case 2: prediction = b
                case 3: prediction = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    prediction = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure(description: "filter \(filter)")
                }
                rows[y * stride + i] = UInt8((Int(x) + prediction) & 0xff)
            }
        }
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        for pixel in 0..<(width * height) {
            let at = pixel * channels
            switch colourType {
            case 0, 4: rgb += [rows[at], rows[at], rows[at]]
            case 3: rgb += palette[(Int(rows[at]) * 3)..<(Int(rows[at]) * 3 + 3)]
            default: rgb += rows[at..<(at + 3)]
            }
        }
        return PixelImage(width: width, height: height, pixels: rgb)
    }
}
