import CImage
import Foundation
@testable import RoloCore
import Testing

/// libjpeg and libpng are loaded by the first picture rather than linked; a box without them
/// still runs rolo, and each picture says what to install.
@Suite("The image libraries, loaded by the first picture")
struct ImageLibraryTests {
    @Test("Both libraries load, and a picture of each format decodes through them")
    func bothLoad() throws {
        let pixels = ImageFixtures.gradient(width: 16, height: 16)
        let jpeg = try ImageDecoder.decode(try ImageFixtures.jpeg(pixels, size: 16), fitting: nil)
        let png = try ImageDecoder.decode(try ImageEncoder.png(pixels, width: 16, height: 16, layout: .rgb), fitting: nil)
        #expect(jpeg.width == 16 && png.width == 16 && png.pixels == pixels)
    }

    @Test("A library that won't load: the package to install and the loader's reason")
    func missing() {
        var decoded = rolo_decoded_image()
        decoded.format = ROLO_IMAGE_FORMAT_JPEG
        let detail = "libjpeg.so.62: cannot open shared object file: No such file or directory"
        #expect(ImageDecoder.failure(ROLO_IMAGE_NO_LIBRARY, decoded, detail: detail).reason
            == "JPEG pictures need libjpeg62-turbo, which can't be loaded (\(detail))")
        decoded.format = ROLO_IMAGE_FORMAT_PNG
        #expect(ImageDecoder.failure(ROLO_IMAGE_NO_LIBRARY, decoded, detail: "libpng16.so.16: gone").reason
            == "PNG pictures need libpng16-16, which can't be loaded (libpng16.so.16: gone)")
    }
}
