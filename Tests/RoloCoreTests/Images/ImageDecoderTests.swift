import Foundation
import RoloCore
import Testing

@Suite("ImageDecoder decodes JPEG and PNG")
struct ImageDecoderTests {
    /// Whether a decoded colour is within `tolerance` of the expected one in every channel.
    private func near(_ pixel: (r: UInt8, g: UInt8, b: UInt8), _ expected: [UInt8], tolerance: Int = 24) -> Bool {
        zip([pixel.r, pixel.g, pixel.b], expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    private func expectRedBlue(_ image: DecodedImage, size: Int = 16) {
        #expect(image.width == size && image.height == size)
        #expect(near(image.pixel(x: 2, y: size / 2), ImageFixtures.red))
        #expect(near(image.pixel(x: size - 3, y: size / 2), ImageFixtures.blue))
    }

    @Test("A baseline JPEG decodes to its size and colours", arguments: [false, true])
    func jpeg(progressive: Bool) throws {
        let data = try ImageFixtures.jpeg(ImageFixtures.redBlue(), size: 16, progressive: progressive)
        expectRedBlue(try ImageDecoder.decode(data, fitting: nil))
    }

    @Test("A progressive JPEG is really progressive (SOF2), not baseline")
    func progressiveMarker() throws {
        let data = try ImageFixtures.jpeg(ImageFixtures.redBlue(), size: 16, progressive: true)
        #expect(data.indices.dropLast().contains { data[$0] == 0xFF && data[$0 + 1] == 0xC2 })
    }

    @Test("A greyscale JPEG decodes to equal RGB channels")
    func greyJPEG() throws {
        let data = try ImageFixtures.jpeg(ImageFixtures.gradient(width: 32, height: 32), size: 32, color: .grayscale)
        let image = try ImageDecoder.decode(data, fitting: nil)
        #expect(image.width == 32 && image.height == 32)
        let pixel = image.pixel(x: 20, y: 10)
        #expect(pixel.r == pixel.g && pixel.g == pixel.b)
    }

    @Test("An Adobe CMYK JPEG is converted to RGB")
    func cmykJPEG() throws {
        let data = try ImageFixtures.jpeg(ImageFixtures.redBlue(), size: 16, color: .cmyk)
        expectRedBlue(try ImageDecoder.decode(data, fitting: nil))
    }

    @Test("A big JPEG is DCT-scaled to the smallest size covering the target",
          arguments: [(40, 100), (100, 100), (101, 200), (150, 200), (300, 400), (401, 800), (2000, 800)])
    func dctScaling(target: Int, expected: Int) throws {
        let data = try ImageFixtures.jpeg(ImageFixtures.gradient(width: 800, height: 800), size: 800)
        let image = try ImageDecoder.decode(data, fitting: (target, target))
        #expect(image.width == expected && image.height == expected)
    }

    @Test("A wide JPEG is scaled for the size it will have once fitted, not for the whole box")
    func dctScalingWide() throws {
        let data = try ImageEncoder.jpeg(rgb: ImageFixtures.gradient(width: 800, height: 200), width: 800, height: 200)
        let image = try ImageDecoder.decode(data, fitting: (40, 40))
        #expect(image.width == 100 && image.height == 25)
    }

    @Test("A PNG decodes in every layout", arguments: ["rgb", "rgba", "palette", "paletteAlpha"])
    func pngLayouts(layout: String) throws {
        let rgb = ImageFixtures.redBlue()
        let data: Data = switch layout {
        case "rgb": try ImageEncoder.png(rgb, width: 16, height: 16, layout: .rgb)
        case "rgba":
            try ImageEncoder.png((0..<256).flatMap { rgb[$0 * 3..<$0 * 3 + 3] + [255] }, width: 16, height: 16, layout: .rgba)
        case "palette":
            try ImageEncoder.png((0..<256).map { UInt8($0 % 16 < 8 ? 0 : 1) }, width: 16, height: 16,
                                 layout: .palette(colormap: ImageFixtures.red + ImageFixtures.blue))
        default:
            try ImageEncoder.png((0..<256).map { UInt8($0 % 16 < 8 ? 0 : 1) }, width: 16, height: 16,
                                 layout: .paletteAlpha(colormap: ImageFixtures.red + [255] + ImageFixtures.blue + [255]))
        }
        let image = try ImageDecoder.decode(data, fitting: nil)
        #expect(image.pixel(x: 2, y: 8) == (255, 0, 0))
        #expect(image.pixel(x: 13, y: 8) == (0, 0, 255))
    }

    @Test("A grey PNG, with and without alpha, decodes to grey")
    func greyPNG() throws {
        let grey = try ImageDecoder.decode(
            try ImageEncoder.png([UInt8](repeating: 200, count: 4), width: 2, height: 2, layout: .grey), fitting: nil)
        #expect(grey.pixel(x: 1, y: 1) == (200, 200, 200))
        let greyAlpha = try ImageDecoder.decode(
            try ImageEncoder.png([200, 255, 200, 255, 200, 255, 200, 255], width: 2, height: 2, layout: .greyAlpha),
            fitting: nil)
        #expect(greyAlpha.pixel(x: 0, y: 0) == (200, 200, 200))
    }

    @Test("Transparent PNG pixels take the background colour")
    func pngBackground() throws {
        let data = try ImageEncoder.png([255, 0, 0, 0, 255, 0, 0, 255], width: 2, height: 1, layout: .rgba)
        let image = try ImageDecoder.decode(data, fitting: nil, background: (10, 200, 30))
        #expect(image.pixel(x: 0, y: 0) == (10, 200, 30))
        #expect(image.pixel(x: 1, y: 0) == (255, 0, 0))
    }

    @Test("A 16-bit PNG decodes to 8-bit sRGB")
    func png16() throws {
        let data = try ImageEncoder.png16(linearRGB: [65535, 0, 0, 0, 0, 65535], width: 2, height: 1)
        let image = try ImageDecoder.decode(data, fitting: nil)
        #expect(image.pixel(x: 0, y: 0) == (255, 0, 0))
        #expect(image.pixel(x: 1, y: 0) == (0, 0, 255))
    }

    @Test("The format comes from the bytes: a Data slice that starts mid-buffer still decodes")
    func sliceDecodes() throws {
        let png = try ImageEncoder.png(ImageFixtures.redBlue(), width: 16, height: 16, layout: .rgb)
        let padded = Data([1, 2, 3]) + png
        expectRedBlue(try ImageDecoder.decode(padded.dropFirst(3), fitting: nil))
    }
}
