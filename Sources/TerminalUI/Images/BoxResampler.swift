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
        let horizontal = BoxWeights(source: image.width, target: width)
        let vertical = BoxWeights(source: image.height, target: height)
        let rows = resampleRows(image, horizontal: horizontal, width: width)
        let pixels = resampleColumns(rows, vertical: vertical, width: width, height: height)
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// Every source row narrowed to `width` pixels, as unrounded channel sums.
    private static func resampleRows(_ image: PixelImage, horizontal: BoxWeights, width: Int) -> [Float] {
        let sourceStride = image.width * 3, stride = width * 3
        var rows = [Float](repeating: 0, count: image.height * stride)
        image.pixels.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { target in
                horizontal.withSpans { first, bounds, weights in
                    for y in 0..<image.height {
                        let sourceRow = source.baseAddress! + y * sourceStride
                        let targetRow = target.baseAddress! + y * stride
                        for x in 0..<width {
                            var red: Float = 0, green: Float = 0, blue: Float = 0
                            var pixel = sourceRow + first[x] * 3
                            for k in bounds[x]..<bounds[x + 1] {
                                let weight = weights[k]
                                red += weight * Float(pixel[0])
                                green += weight * Float(pixel[1])
                                blue += weight * Float(pixel[2])
                                pixel += 3
                            }
                            targetRow[x * 3] = red
                            targetRow[x * 3 + 1] = green
                            targetRow[x * 3 + 2] = blue
                        }
                    }
                }
            }
        }
        return rows
    }

    /// The narrowed rows averaged down to `height` rows and rounded to bytes.
    private static func resampleColumns(_ rows: [Float], vertical: BoxWeights, width: Int, height: Int) -> [UInt8] {
        let stride = width * 3
        var sums = [Float](repeating: 0, count: stride)
        return [UInt8](unsafeUninitializedCapacity: height * stride) { output, count in
            rows.withUnsafeBufferPointer { source in
                sums.withUnsafeMutableBufferPointer { sum in
                    vertical.withSpans { first, bounds, weights in
                        for y in 0..<height {
                            sum.update(repeating: 0)
                            var row = source.baseAddress! + first[y] * stride
                            for k in bounds[y]..<bounds[y + 1] {
                                let weight = weights[k]
                                for i in 0..<stride { sum[i] += weight * row[i] }
                                row += stride
                            }
                            let target = output.baseAddress! + y * stride
                            for i in 0..<stride { target[i] = UInt8(min(255, sum[i] + 0.5)) }
                        }
                    }
                }
            }
            count = height * stride
        }
    }
}
