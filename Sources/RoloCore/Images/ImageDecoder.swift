import CImage
import Foundation

/// Decodes JPEG and PNG pictures, recognised from their bytes, through libjpeg-turbo and libpng.
public enum ImageDecoder {
    /// Decodes `data` into RGB.
    ///
    /// - Parameters:
    ///   - target: the box in pixels the picture will be fitted into; a JPEG is DCT-scaled by
    ///     1/2, 1/4 or 1/8 to the smallest size that still covers the fitted size. `nil` decodes
    ///     at full size.
    ///   - background: the colour transparent pixels are composited onto.
    ///   - maxPixels: a header claiming more pixels than this is refused before any pixel memory
    ///     is allocated (a decompression bomb).
    /// - Throws: `ImageDecodeError`. (Not as a typed throw: Swift 6.3's optimizer breaks the LLVM
    ///   module of a caller that mixes it with untyped throws, "swifterror value can only be
    ///   loaded and stored from".)
    public static func decode(
        _ data: Data,
        fitting target: (width: Int, height: Int)?,
        background: (UInt8, UInt8, UInt8) = (0, 0, 0),
        maxPixels: Int = 40_000_000
    ) throws -> DecodedImage {
        var options = rolo_decode_options()
        options.target_width = Int32(clamping: target?.width ?? 0)
        options.target_height = Int32(clamping: target?.height ?? 0)
        options.max_pixels = UInt64(max(0, maxPixels))
        options.background = background
        var decoded = rolo_decoded_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            rolo_image_decode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
                              &options, &decoded, &message, message.count)
        }
        guard status == ROLO_IMAGE_OK, let pixels = decoded.pixels else {
            throw failure(status, decoded, detail: String(cMessage: message))
        }
        defer { rolo_image_free(pixels) }
        let width = Int(decoded.width), height = Int(decoded.height)
        return DecodedImage(width: width, height: height,
                            pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 3)))
    }

    /// Why a decode ended in `status`, in words for the picture's place on the screen.
    static func failure(_ status: rolo_image_status, _ decoded: rolo_decoded_image,
                        detail: String) -> ImageDecodeError {
        let format = decoded.format == ROLO_IMAGE_FORMAT_PNG ? "PNG" : "JPEG"
        let reason = switch status {
        case ROLO_IMAGE_EMPTY: "the image is empty (0 bytes)"
        case ROLO_IMAGE_NOT_IMAGE: "not a JPEG or PNG"
        case ROLO_IMAGE_TOO_LARGE:
            "the image claims \(decoded.source_width)×\(decoded.source_height) pixels, too large to show"
        case ROLO_IMAGE_TRUNCATED: "the \(format) file is truncated"
        case ROLO_IMAGE_UNSUPPORTED: "the \(format) file uses a variant rolo can't show (\(detail))"
        case ROLO_IMAGE_NO_MEMORY: "not enough memory to decode the \(format) file"
        // libjpeg and libpng are loaded by the first picture (Sources/CImage/libraries.c).
        case ROLO_IMAGE_NO_LIBRARY:
            "\(format) pictures need \(decoded.format == ROLO_IMAGE_FORMAT_PNG ? "libpng16-16" : "libjpeg62-turbo"), which can't be loaded (\(detail))"
        default: "the \(format) file is corrupt (\(detail))"
        }
        return ImageDecodeError(reason: reason)
    }
}
