/// Writes pictures as PNG files, for iTerm2's inline images.
///
/// CImage has a PNG encoder (libpng's simplified API), but TerminalUI doesn't depend on the
/// codecs, and libpng would be loaded only to call zlib; this is the few lines PNG needs on top
/// of zlib: the signature, IHDR, one IDAT and IEND.
enum PNGEncoder {
    /// `image` as an 8-bit RGB PNG; nil without zlib.
    static func encode(_ image: PixelImage) -> [UInt8]? {
        guard image.width > 0, image.height > 0,
              let compressed = Zlib.compress(filtered(image), level: 6) else { return nil }
        var header = [UInt8]()
        header.append(bigEndian: UInt32(image.width))
        header.append(bigEndian: UInt32(image.height))
        // 8 bits a sample, colour type 2 (RGB), deflate, adaptive filtering, no interlace.
        header += [8, 2, 0, 0, 0]
        var file: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        for (type, data) in [("IHDR", header), ("IDAT", compressed), ("IEND", [])] {
            guard let chunk = chunk(type, data) else { return nil }
            file += chunk
        }
        return file
    }

    /// A chunk: length, type, data, and the CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8]? {
        var chunk = [UInt8]()
        chunk.reserveCapacity(data.count + 12)
        chunk.append(bigEndian: UInt32(data.count))
        chunk += Array(type.utf8)
        chunk += data
        guard let crc = Zlib.crc32(chunk[4...]) else { return nil }
        chunk.append(bigEndian: crc)
        return chunk
    }

    /// The rows, each behind the filter that leaves the smallest sum of absolute differences:
    /// libpng's heuristic, which lets deflate shrink a photo to well under its plain rows.
    private static func filtered(_ image: PixelImage) -> [UInt8] {
        let stride = image.width * 3, height = image.height
        let zeros = [UInt8](repeating: 0, count: stride)
        return [UInt8](unsafeUninitializedCapacity: (stride + 1) * height) { output, count in
            image.pixels.withUnsafeBufferPointer { pixels in
                zeros.withUnsafeBufferPointer { zeros in
                    for y in 0..<height {
                        let row = pixels.baseAddress! + y * stride
                        let above = y > 0 ? row - stride : zeros.baseAddress!
                        var best = 0, bestCost = Int.max
                        for filter in 0..<5 {
                            var cost = 0
                            for i in 0..<stride {
                                cost += abs(Int(Int8(bitPattern: row[i] &- predicted(filter, row, above, i))))
                            }
                            if cost < bestCost {
                                bestCost = cost
                                best = filter
                            }
                        }
                        let target = output.baseAddress! + y * (stride + 1)
                        target[0] = UInt8(best)
                        for i in 0..<stride { target[1 + i] = row[i] &- predicted(best, row, above, i) }
                    }
                }
            }
            count = (stride + 1) * height
        }
    }

    /// What filter type `filter` predicts for byte `i` of `row` from the bytes left of it (`a`),
    /// above it (`b`) and above-left (`c`).
    @inline(__always)
    private static func predicted(_ filter: Int, _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ i: Int) -> UInt8 {
        let a = i >= 3 ? row[i - 3] : 0, b = above[i], c = i >= 3 ? above[i - 3] : 0
        switch filter {
        case 1: return a
        case 2: return b
        case 3: return UInt8((Int(a) + Int(b)) / 2)
        case 4:
            let p = Int(a) + Int(b) - Int(c)
            let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
            return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        default: return 0
        }
    }
}

extension [UInt8] {
    /// Appends `value` most significant byte first, as PNG writes its numbers.
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)])
    }
}
