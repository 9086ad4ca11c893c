import Foundation
import Testing
@testable import TerminalUI

@Suite("SixelEncoder: pictures as sixel")
struct SixelEncoderTests {
    private static let sixel2png = "/usr/bin/sixel2png"

    /// `sixel` decoded by libsixel's sixel2png.
    private func decodedBySixel2png(_ sixel: [UInt8]) throws -> PixelImage {
        let folder = try TemporaryDirectory("sixel")
        defer { withExtendedLifetime(folder) {} }
        let input = folder.url.appendingPathComponent("picture.six"), output = folder.url.appendingPathComponent("picture.png")
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

    @Test("Colours change within a band: `$` between passes, most pixels first, short runs written out, empty tails left off")
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
        // Pixels in row 0 are bit 1: `@`; unset is `?`. White has more pixels, so it goes first
        // and may paint the whole row, black's two pixels over it next.
        #expect(body.hasSuffix("#\(whiteRegister)!5@$#\(blackRegister)?@@\u{1b}\\"))
    }

    @Test("A pass also sets pixels a later pass paints over, never one already painted, to make its runs longer")
    func overpainting() {
        // 12×6 white, with a black pixel in row 2 of every third column and a grey one in row 4
        // of columns 4 and 5.
        var pixels = [UInt8]()
        for y in 0..<6 {
            for x in 0..<12 {
                let colour: UInt8 = y == 2 && x % 3 == 0 ? 0 : y == 4 && (x == 4 || x == 5) ? 128 : 255
                pixels += [colour, colour, colour]
            }
        }
        let picture = PixelImage(width: 12, height: 6, pixels: pixels)
        // White (66 pixels) first, all of the band at once; then black (4) and grey (2), exactly:
        // every other pixel is painted by then. `C` is row 2 alone, `O` row 4.
        #expect(passes(of: picture, registers: 3) == ["!12~", "C??C??C??C", "!4?OO"])
        // Two rows: white on top; below, blue with grey in columns 2 and 5. Blue paints the whole
        // row, grey's two pixels too, and grey paints over them: `!8A` for `AA?AA?AA`.
        let white = [UInt8](repeating: 255, count: 3 * 8)
        let below: [[UInt8]] = (0..<8).map { $0 == 2 || $0 == 5 ? [128, 128, 128] : [0, 0, 255] }
        let rows = PixelImage(width: 8, height: 2, pixels: white + below.flatMap { $0 })
        #expect(passes(of: rows, registers: 3) == ["!8@", "!8A", "??A??A"])
        for picture in [picture, rows] {
            let decoded = SixelIndexDecoder.decode(String(decoding: SixelEncoder.encode(picture), as: UTF8.self))
            #expect(decoded?.registers == ColorQuantizer(picture).indices.map(Int.init))
        }
    }

    @Test("A colour whose pixels all lie beyond where the last pass ended carries on from there, without `$`")
    func carryingOn() {
        // One row: five white pixels, then three black.
        let white: [UInt8] = [255, 255, 255], black: [UInt8] = [0, 0, 0]
        let picture = PixelImage(width: 8, height: 1, pixels: Array(repeating: white, count: 5).flatMap { $0 }
                                 + Array(repeating: black, count: 3).flatMap { $0 })
        let text = String(decoding: SixelEncoder.encode(picture), as: UTF8.self)
        #expect(text.hasSuffix("#0!5@#1@@@\u{1b}\\") || text.hasSuffix("#1!5@#0@@@\u{1b}\\"), "\(text)")
        #expect(SixelIndexDecoder.decode(text)?.registers == ColorQuantizer(picture).indices.map(Int.init))
    }

    /// The passes of a one-band picture of at most ten colours, each without its `#n` and `$`.
    private func passes(of picture: PixelImage, registers: Int) -> [String] {
        let body = String(decoding: SixelEncoder.encode(picture), as: UTF8.self).dropLast(2)
            .components(separatedBy: "\"1;1;\(picture.width);\(picture.height)").last ?? ""
        return body.split(separator: "#").dropFirst(registers).map { pass in
            String(pass.dropFirst().filter { $0 != "$" })
        }
    }

    @Test("A photo of thousands of colours decodes to exactly the quantiser's registers, every pixel painted",
          arguments: [(200, 150), (97, 61), (7, 13)])
    func exactRegisters(width: Int, height: Int) throws {
        let photo = GraphicsTestSupport.photo(width: width, height: height, seed: UInt64(width))
        let quantized = ColorQuantizer(photo)
        let decoded = try #require(SixelIndexDecoder.decode(String(decoding: SixelEncoder.encode(photo), as: UTF8.self)))
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.registers == quantized.indices.map(Int.init))
        #expect(decoded.colours.count == quantized.palette.count)
    }

    @Test("The same picture gives the same bytes")
    func deterministic() {
        let photo = GraphicsTestSupport.photo(width: 120, height: 90)
        #expect(SixelEncoder.encode(photo) == SixelEncoder.encode(photo))
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
    /// The picture as the palette draws it: each pixel its palette colour.
    private func rebuilt(_ quantized: ColorQuantizer, like picture: PixelImage) -> PixelImage {
        PixelImage(width: picture.width, height: picture.height, pixels: quantized.indices.flatMap { index in
            let colour = quantized.palette[Int(index)]
            return [colour.r, colour.g, colour.b]
        })
    }

    @Test("At most 256 colours, each pixel given the nearest, and the palette the pixels' means")
    func photo() {
        let photo = GraphicsTestSupport.photo(width: 200, height: 150)
        let quantized = ColorQuantizer(photo)
        #expect(quantized.palette.count == 256)
        #expect(quantized.indices.count == 200 * 150)
        #expect(GraphicsTestSupport.psnr(photo, rebuilt(quantized, like: photo)) >= 30)
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

    @Test("The palette never holds more than asked for, and every index points into it", arguments: [1, 2, 16, 255, 256])
    func paletteBounds(maximum: Int) {
        let photo = GraphicsTestSupport.photo(width: 90, height: 70)
        let quantized = ColorQuantizer(photo, maximumColours: maximum)
        #expect(quantized.palette.count == maximum)
        #expect(quantized.indices.count == 90 * 70)
        #expect(quantized.indices.allSatisfy { Int($0) < quantized.palette.count })
    }

    @Test("More colours than registers: the palette spends them all and matches closer than a 6×6×6 cube")
    func manyColours() {
        // Every pixel a different colour: 64×64 = 4,096 of them.
        var pixels = [UInt8]()
        for y in 0..<64 {
            for x in 0..<64 {
                pixels += [UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2)]
            }
        }
        let picture = PixelImage(width: 64, height: 64, pixels: pixels)
        let quantized = ColorQuantizer(picture)
        #expect(quantized.palette.count == 256)
        #expect(Set(quantized.indices).count == 256)
        // A 6×6×6 cube gets 25 dB here.
        #expect(GraphicsTestSupport.psnr(picture, rebuilt(quantized, like: picture)) >= 32)
    }

    @Test("The same picture gives the same palette and indices")
    func deterministic() {
        let photo = GraphicsTestSupport.photo(width: 120, height: 90, seed: 3)
        let first = ColorQuantizer(photo), second = ColorQuantizer(photo)
        #expect(first.palette == second.palette && first.indices == second.indices)
    }
}
