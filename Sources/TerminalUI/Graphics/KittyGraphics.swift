import Foundation

/// The kitty graphics protocol's escapes (kitty, Ghostty, WezTerm): a picture is sent once under
/// an id, then shown by placing it at the cursor, and taken off by deleting the placement.
///
/// Every command but a placement carries `q=2`, so the terminal never answers. A placement
/// carries `q=1`: the terminal answers only when it fails, and the one failure expected is
/// `ENOENT`, an image kitty dropped to stay within its storage quota, which rolo then uploads
/// again. Answers come on standard input among the keys; the input thread takes them out
/// (`TerminalReplyParser`). Each escape is wrapped on its own for tmux when asked, because tmux
/// passes one escape at a time.
public struct KittyGraphics: Sendable {
    /// Whether each escape goes through tmux's passthrough.
    public var tmuxPassthrough: Bool

    /// Base64 bytes an escape carries at most; the protocol's limit.
    static let chunkSize = 4096
    /// zlib's fastest level: the tests' 320×320 photo comes out no larger at 1 than at 6 (223 of
    /// 307 KB; photo noise is what deflate can't shrink) in about half the time (7 against 12 ms).
    static let compressionLevel: Int32 = 1

    /// Escapes for a terminal, or for one behind tmux.
    public init(tmuxPassthrough: Bool = false) {
        self.tmuxPassthrough = tmuxPassthrough
    }

    /// What sending `image` for `slot` takes: the escapes that transmit it as image `id`
    /// (nothing shown yet), and how it will be shown when placed.
    ///
    /// The picture is shrunk to its size on the screen but never enlarged (kitty scales a
    /// placement, smoothly), and sent centred on a transparent canvas the shape of the cells it
    /// covers: kitty stretches a placement to fill its `c × r` cells, and whole cells are never
    /// quite the picture's shape. (Giving kitty one side alone to keep the aspect ratio only
    /// works from kitty 0.34; Debian's is 0.26.)
    public func transmit(_ image: PixelImage, for slot: PictureSlot, id: UInt32) -> (bytes: [UInt8], fit: PictureFit) {
        let fit = slot.fit(width: image.width, height: image.height)
        guard !fit.isEmpty else { return ([], fit) }
        let canvas = Self.canvas(fit.shrunk(image), fit: fit)
        return (transmit(rgba: canvas.rgba, width: canvas.width, height: canvas.height, id: id), fit)
    }

    /// The escapes that transmit RGBA pixels as image `id`: zlib-compressed where zlib is there,
    /// base64 in chunks of at most 4096 bytes, every one but the last marked `m=1`.
    func transmit(rgba: [UInt8], width: Int, height: Int, id: UInt32) -> [UInt8] {
        let compressed = Zlib.compress(rgba, level: Self.compressionLevel)
        let payload = Data(compressed ?? rgba).base64EncodedData()
        let first = "a=t,f=32,s=\(width),v=\(height),i=\(id),\(compressed == nil ? "" : "o=z,")q=2"
        var bytes = [UInt8]()
        bytes.reserveCapacity(payload.count + payload.count / Self.chunkSize * 24 + 64)
        var start = payload.startIndex
        repeat {
            let end = min(start + Self.chunkSize, payload.endIndex)
            let more = end < payload.endIndex ? 1 : 0
            let control = start == payload.startIndex ? "\(first),m=\(more)" : "m=\(more)"
            bytes += command(control, payload: payload[start..<end])
            start = end
        } while start < payload.endIndex
        return bytes
    }

    /// `picture` centred on a transparent canvas with the aspect ratio of `fit`'s cells, at the
    /// picture's own scale (it is larger than its size on the screen when kitty is to enlarge it).
    static func canvas(_ picture: PixelImage, fit: PictureFit) -> (rgba: [UInt8], width: Int, height: Int) {
        let scale = Double(picture.width) / Double(fit.pixels.width)
        let width = max(picture.width, Int((Double(fit.columns * fit.cell.width) * scale).rounded()))
        let height = max(picture.height, Int((Double(fit.rows * fit.cell.height) * scale).rounded()))
        let left = (width - picture.width) / 2, top = (height - picture.height) / 2
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        picture.pixels.withUnsafeBufferPointer { rgb in
            for y in 0..<picture.height {
                var source = y * picture.width * 3
                var target = ((top + y) * width + left) * 4
                for _ in 0..<picture.width {
                    rgba[target] = rgb[source]
                    rgba[target + 1] = rgb[source + 1]
                    rgba[target + 2] = rgb[source + 2]
                    rgba[target + 3] = 255
                    source += 3
                    target += 4
                }
            }
        }
        return (rgba, width, height)
    }

    /// The escape that shows image `id` as placement `placement` at the cursor, on `fit`'s
    /// cells, leaving the cursor where it was (`C=1`) so the screen's drawing stays in step;
    /// answered only if it fails (`q=1`).
    public func place(id: UInt32, placement: UInt32, fit: PictureFit) -> [UInt8] {
        command("a=p,i=\(id),p=\(placement),c=\(fit.columns),r=\(fit.rows),C=1,q=1")
    }

    /// The escape that makes a virtual placement of image `id` on `fit`'s cells (`U=1`): shown
    /// wherever Unicode placeholders name it (`KittyPlaceholder`), scaled into their cells.
    public func virtualPlacement(id: UInt32, fit: PictureFit) -> [UInt8] {
        command("a=p,U=1,i=\(id),c=\(fit.columns),r=\(fit.rows),q=2")
    }

    /// The escape that takes placement `placement` of image `id` off the screen, keeping the
    /// image to place again (lower-case `d=i`).
    public func deletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
        command("a=d,d=i,i=\(id),p=\(placement),q=2")
    }

    /// The escape that removes image `id` with all its placements and frees its data (`d=I`).
    public func deleteImage(id: UInt32) -> [UInt8] {
        command("a=d,d=I,i=\(id),q=2")
    }

    /// The escape that removes every image rolo placed and frees their data, for the way out.
    public var deleteAll: [UInt8] {
        command("a=d,d=A,q=2")
    }

    /// `ESC _ G control ; payload ESC \`, wrapped for tmux when asked.
    private func command(_ control: String, payload: Data = Data()) -> [UInt8] {
        var escape = Array("\u{1b}_G\(control)".utf8)
        if !payload.isEmpty {
            escape.append(UInt8(ascii: ";"))
            escape += payload
        }
        escape += [0x1b, UInt8(ascii: "\\")]
        return tmuxPassthrough ? TmuxPassthrough.wrap(escape) : escape
    }
}
