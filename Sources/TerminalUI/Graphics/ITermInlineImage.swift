import Foundation

/// iTerm2's inline images (iTerm2, WezTerm, VS Code): a PNG in `OSC 1337 ; File=…`, which the
/// terminal scales into the cells it is given.
public enum ITermInlineImage {
    /// What showing `image` in `slot` takes: the escape, with the cursor saved before and
    /// restored after since the image moves it, wrapped for tmux when asked; and the cells the
    /// picture covers. Nil when no PNG can be made (zlib can't be loaded).
    ///
    /// The picture is shrunk to the slot's pixels but never enlarged: iTerm2 scales it into
    /// `fit`'s cells, smoothly, keeping its aspect ratio.
    public static func picture(_ image: PixelImage, for slot: PictureSlot,
                               tmuxPassthrough: Bool = false) -> (bytes: [UInt8], fit: PictureFit)? {
        let fit = slot.fit(width: image.width, height: image.height)
        guard !fit.isEmpty, let png = PNGEncoder.encode(fit.shrunk(image)) else { return nil }
        let escape = SavedCursor.around(sequence(png: png, fit: fit))
        return (tmuxPassthrough ? TmuxPassthrough.wrap(escape) : escape, fit)
    }

    /// `OSC 1337 ; File=inline=1;width=C;height=R;preserveAspectRatio=1;size=N : base64 BEL`,
    /// where a bare number for width and height counts cells, and `size` is the PNG's bytes.
    static func sequence(png: [UInt8], fit: PictureFit) -> [UInt8] {
        let arguments = "inline=1;width=\(fit.columns);height=\(fit.rows);preserveAspectRatio=1;size=\(png.count)"
        var escape = Array("\u{1b}]1337;File=\(arguments):".utf8)
        escape += Data(png).base64EncodedData()
        escape.append(0x07)
        return escape
    }
}
