import CImage
import Foundation

/// Encodes RGB pixels as baseline JPEG through libjpeg-turbo (`rolo_jpeg_encode_rgb` in CImage).
enum JPEGEncoder {
    /// Why encoding failed, in libjpeg's words.
    struct Failure: Error, CustomStringConvertible {
        /// libjpeg's message.
        let description: String
    }

    /// The JPEG file for `rgb`, tightly packed rows of `width` × 3 bytes.
    static func encode(rgb: [UInt8], width: Int, height: Int, quality: Int) throws -> Data {
        precondition(rgb.count == width * height * 3, "RGB buffer does not match \(width)×\(height)")
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = rgb.withUnsafeBufferPointer { pixels in
            rolo_jpeg_encode_rgb(
                pixels.baseAddress, Int32(width), Int32(height), Int32(quality),
                &output, &length, &message, message.count
            )
        }
        guard status == 0, let output else {
            throw Failure(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { rolo_image_free(output) }
        return Data(bytes: output, count: length)
    }
}
