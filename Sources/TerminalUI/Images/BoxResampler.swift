/// Resizes pictures by area averaging: each output pixel is the mean of the source area it
/// covers, partial pixels weighted by how much of them it covers.
///
/// Nearest-neighbour sampling would keep one source pixel in every few and alias fine detail;
/// the box filter keeps the average colour of each area, which is what a viewer sees from afar.
public enum BoxResampler {
    /// `image` resized to `width × height` pixels (either way; enlarging repeats pixels).
    public static func resample(_ image: PixelImage, width: Int, height: Int) -> PixelImage {
        guard width > 0, height > 0, image.width > 0, image.height > 0 else {
            return PixelImage(width: 0, height: 0, pixels: [])
        }
        let vertical = BoxWeights(source: image.height, target: height)
        let horizontal = BoxWeights(source: image.width, target: width)
        // Rows first: that pass runs over whole contiguous rows, which the compiler vectorises,
        // and leaves the per-pixel pass only `height` rows to do.
        let rows = resampleRows(image, vertical: vertical, height: height)
        let pixels = resampleColumns(rows, sourceWidth: image.width, horizontal: horizontal,
                                     width: width, height: height)
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// The source averaged down to `height` rows of full width, as unrounded channel values.
    private static func resampleRows(_ image: PixelImage, vertical: BoxWeights, height: Int) -> [Float] {
        let stride = image.width * 3
        var rows = [Float](repeating: 0, count: height * stride)
        image.pixels.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { target in
                vertical.withSpans { first, bounds, weights in
                    for y in 0..<height {
                        let sum = target.baseAddress! + y * stride
                        var row = source.baseAddress! + first[y] * stride
                        for k in bounds[y]..<bounds[y + 1] {
                            let weight = weights[k]
                            for i in 0..<stride { sum[i] += weight * Float(row[i]) }
                            row += stride
                        }
                    }
                }
            }
        }
        return rows
    }

    /// The averaged rows narrowed to `width` pixels and rounded to bytes.
    private static func resampleColumns(_ rows: [Float], sourceWidth: Int, horizontal: BoxWeights,
                                        width: Int, height: Int) -> [UInt8] {
        let sourceStride = sourceWidth * 3, stride = width * 3
        return [UInt8](unsafeUninitializedCapacity: height * stride) { output, count in
            rows.withUnsafeBufferPointer { source in
                horizontal.withSpans { first, bounds, weights in
                    for y in 0..<height {
                        let sourceRow = source.baseAddress! + y * sourceStride
                        let target = output.baseAddress! + y * stride
                        for x in 0..<width {
                            var red: Float = 0, green: Float = 0, blue: Float = 0
                            var pixel = sourceRow + first[x] * 3
                            for k in bounds[x]..<bounds[x + 1] {
                                let weight = weights[k]
                                red += weight * pixel[0]
                                green += weight * pixel[1]
                                blue += weight * pixel[2]
                                pixel += 3
                            }
                            target[x * 3] = byte(red)
                            target[x * 3 + 1] = byte(green)
                            target[x * 3 + 2] = byte(blue)
                        }
                    }
                }
            }
            count = height * stride
        }
    }

    /// A channel sum rounded to the nearest byte (weights sum to 1, give or take a rounding).
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(255, value + 0.5))
    }
}
