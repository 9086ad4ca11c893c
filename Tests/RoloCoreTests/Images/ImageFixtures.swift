import Foundation
import RoloCore
import Testing

/// Pictures with known content, encoded by the tests themselves through libjpeg and libpng.
enum ImageFixtures {
    static let red: [UInt8] = [255, 0, 0]
    static let blue: [UInt8] = [0, 0, 255]

    /// A `size × size` RGB picture whose left half is red and right half blue.
    static func redBlue(size: Int = 16) -> [UInt8] {
        (0..<size * size).flatMap { $0 % size < size / 2 ? red : blue }
    }

    /// A smooth, deterministic `width × height` RGB picture with some texture.
    static func gradient(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(x * 255 / max(1, width - 1))
                pixels[offset + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[offset + 2] = UInt8((x ^ y) & 0xFF)
            }
        }
        return pixels
    }

    static func jpeg(_ rgb: [UInt8], size: Int, progressive: Bool = false,
                     color: ImageEncoder.JPEGColor = .color) throws -> Data {
        try ImageEncoder.jpeg(rgb: rgb, width: size, height: size, quality: 90,
                              progressive: progressive, color: color)
    }

    /// A JPEG header (SOI, SOF0, SOS) claiming `width × height` pixels, with no image data:
    /// what a decompression bomb looks like to a decoder that trusts it.
    static func jpegHeader(width: Int, height: Int) -> Data {
        let w = [UInt8(width >> 8), UInt8(width & 0xFF)], h = [UInt8(height >> 8), UInt8(height & 0xFF)]
        let sof: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08] + h + w + [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00]
        return Data([0xFF, 0xD8] + sof + sos + [UInt8](repeating: 0, count: 64) + [0xFF, 0xD9])
    }

    /// A PNG with a valid IHDR claiming `width × height` RGB pixels and a token IDAT.
    static func pngHeader(width: Int, height: Int) -> Data {
        let ihdr = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        let idat: [UInt8] = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", []))
    }

    /// `png` with its first IDAT chunk cut to half its data and closed properly (fresh length
    /// and CRC, then IEND): well-formed chunks around too little image data.
    static func withHalfImageData(_ png: Data) throws -> Data {
        let bytes = [UInt8](png)
        let type = try #require(bytes.indices.dropFirst(4).dropLast(3).first { bytes[$0..<$0 + 4] == ArraySlice("IDAT".utf8) },
                                "no IDAT chunk in the PNG")
        let length = bytes[type - 4..<type].reduce(0) { $0 << 8 | Int($1) }
        try #require(type + 4 + length / 2 <= bytes.count, "the IDAT chunk is longer than the PNG")
        let data = Array(bytes[type + 4..<type + 4 + length / 2])
        return Data(bytes[..<(type - 4)] + chunk("IDAT", data) + chunk("IEND", []))
    }

    /// Bytes from a fixed-seed generator (a 64-bit LCG), the same on every run.
    static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(body.count) + typed + bigEndian(Int(crc32(typed)))
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected, polynomial 0xEDB88320).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
