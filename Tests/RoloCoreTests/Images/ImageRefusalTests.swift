import Foundation
import RoloCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("ImageDecoder refuses bad input with a clear reason")
struct ImageRefusalTests {
    private func reason(_ data: Data, maxPixels: Int = 40_000_000) -> String? {
        do {
            _ = try ImageDecoder.decode(data, fitting: (40, 40), maxPixels: maxPixels)
            return nil
        } catch let error as ImageDecodeError {
            return error.reason
        } catch {
            return "unexpected \(error)"
        }
    }

    private static func photoJPEG(progressive: Bool = false) throws -> Data {
        try ImageFixtures.jpeg(ImageFixtures.gradient(width: 128, height: 128), size: 128, progressive: progressive)
    }

    private static func photoPNG() throws -> Data {
        try ImageEncoder.png(ImageFixtures.gradient(width: 128, height: 128), width: 128, height: 128, layout: .rgb)
    }

    /// The peak resident memory of this process so far, in bytes.
    private func peakMemory() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    @Test("Empty data") func empty() {
        #expect(reason(Data()) == "the image is empty (0 bytes)")
    }

    @Test("Random bytes") func random() {
        #expect(reason(Data(ImageFixtures.noise(count: 4096, seed: 7))) == "not a JPEG or PNG")
    }

    @Test("An HTML error page") func html() {
        let page = "<!DOCTYPE html><html><head><title>404 Not Found</title></head><body></body></html>"
        #expect(reason(Data(page.utf8)) == "not a JPEG or PNG")
    }

    @Test("A JPEG cut in half, baseline or progressive", arguments: [false, true])
    func jpegCut(progressive: Bool) throws {
        let data = try Self.photoJPEG(progressive: progressive)
        #expect(reason(data.prefix(data.count / 2)) == "the JPEG file is truncated")
    }

    @Test("A JPEG that stops right after its signature") func jpegSignatureOnly() {
        #expect(reason(Data([0xFF, 0xD8, 0xFF])) == "the JPEG file is truncated")
    }

    @Test("A JPEG with garbage over its middle, baseline or progressive", arguments: [false, true])
    func jpegCorrupt(progressive: Bool) throws {
        var data = try Self.photoJPEG(progressive: progressive)
        let middle = data.count / 2
        data.replaceSubrange(middle..<middle + 256, with: ImageFixtures.noise(count: 256, seed: 1))
        let refusal = try #require(reason(data))
        #expect(refusal.hasPrefix("the JPEG file is corrupt (Corrupt JPEG data: "))
    }

    @Test("A PNG cut short") func pngCut() throws {
        let data = try Self.photoPNG()
        #expect(reason(data.prefix(data.count / 2)) == "the PNG file is truncated")
        #expect(reason(data.prefix(20)) == "the PNG file is truncated")
    }

    @Test("A PNG whose chunks are whole but whose image data stops early") func pngShortImageData() throws {
        #expect(reason(try ImageFixtures.withHalfImageData(try Self.photoPNG())) == "the PNG file is truncated")
    }

    @Test("A PNG whose image data chunk has a bad CRC") func pngBadCRC() throws {
        var data = try Self.photoPNG()
        let type = try #require(data.firstRange(of: Data("IDAT".utf8))).lowerBound
        let length = data[type - 4..<type].reduce(0) { $0 << 8 | Int($1) }
        data[type + 4 + length] ^= 0xFF
        #expect(reason(data) == "the PNG file is corrupt (IDAT: CRC error)")
    }

    @Test("A PNG with a damaged byte in its compressed data") func pngDamagedData() throws {
        var data = try Self.photoPNG()
        data[data.count / 2] ^= 0xFF
        let refusal = try #require(reason(data))
        #expect(refusal.hasPrefix("the PNG file is corrupt (IDAT: "))
    }

    @Test("A JPEG header claiming 60000×60000 is refused before allocating") func jpegBomb() {
        let before = peakMemory()
        #expect(reason(ImageFixtures.jpegHeader(width: 60000, height: 60000))
            == "the image claims 60000×60000 pixels, too large to show")
        #expect(peakMemory() - before < 100 << 20)
    }

    @Test("A JPEG header over libjpeg's own 65500-pixel limit gets the same reason") func jpegOverLibjpegLimit() {
        #expect(reason(ImageFixtures.jpegHeader(width: 65535, height: 100))
            == "the image claims 65535×100 pixels, too large to show")
    }

    @Test("A PNG header claiming 60000×60000 is refused before allocating") func pngBomb() {
        let before = peakMemory()
        #expect(reason(ImageFixtures.pngHeader(width: 60000, height: 60000))
            == "the image claims 60000×60000 pixels, too large to show")
        #expect(peakMemory() - before < 100 << 20)
    }

    @Test("The pixel limit is the caller's") func callerLimit() throws {
        #expect(reason(try Self.photoPNG(), maxPixels: 128 * 127) == "the image claims 128×128 pixels, too large to show")
        #expect(reason(try Self.photoJPEG(), maxPixels: 128 * 128) == nil)
    }

    @Test("Hundreds of damaged files never crash the decoder", arguments: ["jpeg", "progressive", "png"])
    func fuzz(kind: String) throws {
        let original = switch kind {
        case "jpeg": try Self.photoJPEG()
        case "progressive": try Self.photoJPEG(progressive: true)
        default: try Self.photoPNG()
        }
        let noise = ImageFixtures.noise(count: 3 * 300, seed: 42)
        for trial in 0..<300 {
            var damaged = original
            let position = Int(noise[trial * 3]) << 8 | Int(noise[trial * 3 + 1])
            if trial.isMultiple(of: 2) {
                damaged = damaged.prefix(position % damaged.count)
            } else {
                damaged[position % damaged.count] = noise[trial * 3 + 2]
            }
            do {
                let image = try ImageDecoder.decode(damaged, fitting: nil)
                #expect(image.pixels.count == image.width * image.height * 3)
            } catch let error as ImageDecodeError {
                #expect(!error.reason.isEmpty)
            }
        }
    }
}
