import CImage
import Foundation

/// Encodes pixels as JPEG or PNG, for test fixtures, benchmarks and generated pictures.
public enum ImageEncoder {
    /// Why encoding failed, in the codec's words.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The codec's message.
        public let description: String
    }

    /// The colour space a JPEG is written in.
    public enum JPEGColor: Sendable {
        /// YCbCr, as cameras write it.
        case color
        /// One grey channel, converted from the RGB input.
        case grayscale
        /// Inverted CMYK with an Adobe marker, as Photoshop writes it.
        case cmyk
    }

    /// How the samples given to `png` are laid out.
    public enum PNGLayout: Sendable {
        /// One grey byte a pixel.
        case grey
        /// Grey and alpha bytes.
        case greyAlpha
        /// Red, green, blue bytes.
        case rgb
        /// Red, green, blue, alpha bytes.
        case rgba
        /// One index a pixel into a colormap of RGB triples.
        case palette(colormap: [UInt8])
        /// One index a pixel into a colormap of RGBA quadruples (transparency as tRNS).
        case paletteAlpha(colormap: [UInt8])
    }

    /// The JPEG file for `rgb`, tightly packed rows of `width × 3` bytes.
    public static func jpeg(rgb: [UInt8], width: Int, height: Int, quality: Int = 90,
                            progressive: Bool = false, color: JPEGColor = .color) throws -> Data {
        precondition(rgb.count == width * height * 3, "RGB buffer does not match \(width)×\(height)")
        let space = switch color {
        case .color: ROLO_JPEG_COLOR_YCC
        case .grayscale: ROLO_JPEG_COLOR_GRAY
        case .cmyk: ROLO_JPEG_COLOR_CMYK
        }
        return try encoded { output, length, message in
            rgb.withUnsafeBufferPointer { pixels in
                rolo_jpeg_encode_rgb_ex(pixels.baseAddress, Int32(width), Int32(height), Int32(quality),
                                        progressive ? 1 : 0, space, output, length, message, 256)
            }
        }
    }

    /// The PNG file for `samples` laid out as `layout`, rows of `width` pixels.
    public static func png(_ samples: [UInt8], width: Int, height: Int, layout: PNGLayout) throws -> Data {
        let (code, channels, colormap): (rolo_png_layout, Int, [UInt8]) = switch layout {
        case .grey: (ROLO_PNG_GRAY, 1, [])
        case .greyAlpha: (ROLO_PNG_GRAY_ALPHA, 2, [])
        case .rgb: (ROLO_PNG_RGB, 3, [])
        case .rgba: (ROLO_PNG_RGBA, 4, [])
        case .palette(let map): (ROLO_PNG_PALETTE, 1, map)
        case .paletteAlpha(let map): (ROLO_PNG_PALETTE_ALPHA, 1, map)
        }
        precondition(samples.count == width * height * channels, "samples do not match \(width)×\(height)")
        let entries = code == ROLO_PNG_PALETTE_ALPHA ? colormap.count / 4 : colormap.count / 3
        return try encoded { output, length, message in
            samples.withUnsafeBytes { pixels in
                colormap.withUnsafeBufferPointer { map in
                    rolo_png_encode(pixels.baseAddress, Int32(width), Int32(height), code,
                                    map.baseAddress, Int32(entries), output, length, message, 256)
                }
            }
        }
    }

    /// A 16-bit PNG from linear-light RGB samples (0–65535), as libpng's linear format writes it.
    public static func png16(linearRGB samples: [UInt16], width: Int, height: Int) throws -> Data {
        precondition(samples.count == width * height * 3, "samples do not match \(width)×\(height)")
        return try encoded { output, length, message in
            samples.withUnsafeBytes { pixels in
                rolo_png_encode(pixels.baseAddress, Int32(width), Int32(height), ROLO_PNG_RGB16,
                                nil, 0, output, length, message, 256)
            }
        }
    }

    /// Runs one C encoder and takes ownership of the buffer it returns.
    private static func encoded(
        _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>,
                   UnsafeMutablePointer<CChar>) -> Int32
    ) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = encode(&output, &length, &message)
        guard status == 0, let output else { throw Failure(description: String(cMessage: message)) }
        defer { rolo_image_free(output) }
        return Data(bytes: output, count: length)
    }
}
