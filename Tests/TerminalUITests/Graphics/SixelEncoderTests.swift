import Foundation
import Testing
@testable import TerminalUI

@Suite("SixelEncoder: pictures as sixel")
struct SixelEncoderTests {
    private static let sixel2png = "/usr/bin/sixel2png"

    /// `sixel` decoded by libsixel's sixel2png.
    private func decodedBySixel2png(_ sixel: [UInt8]) throws -> PixelImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sixel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("picture.six"), output = folder.appendingPathComponent("picture.png")
        try Data(sixel).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.sixel2png)
        process.arguments = ["-i", input.path, "-o", output.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "sixel2png failed")
        return try PNGReader.decode(Array(try Data(contentsOf: output)))
    }

    @Test("A photo comes back from sixel2png at the slot's pixel size, at 25 dB or better",
          .enabled(if: FileManager.default.isExecutableFile(atPath: sixel2png), "sixel2png is missing: apt-get install libsixel-bin"))
    func photoFidelity() throws {
        let photo = GraphicsTestSupport.photo(width: 480, height: 400)
        // 320×304 pixels of room: the photo is 320×267, not a multiple of six, so the last band is partial.
        let slot = PictureSlot(columns: 32, rows: 16, cell: Size(width: 10, height: 19))
        let (bytes, fit) = SixelEncoder.picture(photo, for: slot)
        #expect(fit.pixels == Size(width: 320, height: 267) && fit.rows == 15)
        #expect(bytes.starts(with: [0x1b, UInt8(ascii: "7")]) && bytes.suffix(2).elementsEqual([0x1b, UInt8(ascii: "8")]))
        let decoded = try decodedBySixel2png(Array(bytes.dropFirst(2).dropLast(2)))
        let scaled = BoxResampler.resample(photo, width: fit.pixels.width, height: fit.pixels.height)
        try #require(decoded.width == scaled.width && decoded.height == scaled.height)
        let psnr = GraphicsTestSupport.psnr(scaled, decoded)
        #expect(psnr >= 25, "PSNR \(psnr) dB")
    }

    @Test("A picture of 216 colours, each a whole percentage, comes back exactly",
          .enabled(if: FileManager.default.isExecutableFile(atPath: sixel2png), "sixel2png is missing: apt-get install libsixel-bin"))
    func exactColours() throws {
        // The 6×6×6 levels 0, 51, … 255 are 0 %, 20 %, … 100 %: no rounding on the way.
        var pixels = [UInt8]()
        for y in 0..<36 {
            for x in 0..<48 {
                let index = (y / 6) * 36 + (x / 8) * 6 + (x + y) % 6
                pixels += [UInt8(index / 36 * 51), UInt8(index / 6 % 6 * 51), UInt8(index % 6 * 51)]
            }
        }
        let picture = PixelImage(width: 48, height: 36, pixels: pixels)
        #expect(try decodedBySixel2png(SixelEncoder.encode(picture)) == picture)
    }

    @Test("One colour: one register, one pass a band, runs as !count")
    func solid() {
        let red = PixelImage(width: 10, height: 8, pixels: Array([[UInt8]](repeating: [255, 0, 0], count: 80).joined()))
        // Rows 0–5 are all six bits (~); rows 6–7 the low two bits (0x3f + 3 = B).
        #expect(String(decoding: SixelEncoder.encode(red), as: UTF8.self)
            == "\u{1b}P0;1;0q\"1;1;10;8#0;2;100;0;0#0!10~-#0!10B\u{1b}\\")
    }

    @Test("Colours change within a band: `$` between passes, short runs written out, empty tails left off")
    func passes() {
        let black: [UInt8] = [0, 0, 0], white: [UInt8] = [255, 255, 255]
        // One row: white, black, black, white, white; one band.
        let picture = PixelImage(width: 5, height: 1, pixels: white + black + black + white + white)
        let text = String(decoding: SixelEncoder.encode(picture), as: UTF8.self)
        let body = text.components(separatedBy: "\"1;1;5;1").last ?? ""
        let registers = body.components(separatedBy: "#").filter { $0.contains(";2;") }
        #expect(registers.count == 2)
        let whiteRegister = registers.first { $0.hasSuffix(";2;100;100;100") }?.prefix { $0 != ";" } ?? "?"
        let blackRegister = registers.first { $0.hasSuffix(";2;0;0;0") }?.prefix { $0 != ";" } ?? "?"
        // Pixels in row 0 are bit 1: `@`; unset is `?`.
        // Colours take their passes in the order the band first meets them.
        #expect(body.hasSuffix("#\(whiteRegister)@??@@$#\(blackRegister)?@@\u{1b}\\"))
    }

    @Test("Nothing to draw: no bytes")
    func empty() {
        #expect(SixelEncoder.encode(PixelImage(width: 0, height: 0, pixels: [])).isEmpty)
        let slot = PictureSlot(columns: 10, rows: 0, cell: Size(width: 10, height: 20))
        #expect(SixelEncoder.picture(GraphicsTestSupport.photo(width: 4, height: 4), for: slot).bytes.isEmpty)
    }
}

@Suite("ColorQuantizer: a picture's own palette")
struct ColorQuantizerTests {
    @Test("At most 256 colours, each pixel given the nearest, and the palette the pixels' means")
    func photo() {
        let photo = GraphicsTestSupport.photo(width: 200, height: 150)
        let quantized = ColorQuantizer(photo)
        #expect(quantized.palette.count == 256)
        #expect(quantized.indices.count == 200 * 150)
        let rebuilt = PixelImage(width: 200, height: 150, pixels: quantized.indices.flatMap { index in
            let colour = quantized.palette[Int(index)]
            return [colour.r, colour.g, colour.b]
        })
        #expect(GraphicsTestSupport.psnr(photo, rebuilt) >= 30)
    }

    @Test("Fewer colours than registers: each kept exactly")
    func fewColours() {
        let colours: [[UInt8]] = [[12, 200, 7], [250, 250, 250], [0, 0, 0], [128, 64, 32]]
        let picture = PixelImage(width: 4, height: 3, pixels: Array((0..<12).map { colours[$0 % 4] }.joined()))
        let quantized = ColorQuantizer(picture)
        #expect(quantized.palette.count == 4)
        for pixel in 0..<12 {
            let colour = quantized.palette[Int(quantized.indices[pixel])]
            #expect([colour.r, colour.g, colour.b] == colours[pixel % 4])
        }
        #expect(ColorQuantizer(picture, maximumColours: 2).palette.count == 2)
    }
}
