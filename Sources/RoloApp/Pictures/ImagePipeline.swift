import Foundation
import Logging
import RoloCore
import TerminalUI

/// Decodes image bytes and renders them to half-block cells, off the main actor, caching both.
///
/// One pipeline serves every source: a key names an image (e.g. "people/7/photo"), the bytes come
/// from a loader (memory for an embedded photo, a disk cache or the network for a URL), and the
/// result is a `CellImage` for a slot of a given size. Decoding happens once per image; each slot
/// size is rendered once.
public actor ImagePipeline {
    /// A rendered slot: which image, at what size.
    private struct RenderKey: Hashable {
        let image: String
        let columns: Int
        let rows: Int
    }

    private var decoded = LRUCache<String, Result<PixelImage, ImageDecodeError>>(capacity: 48)
    private var rendered = LRUCache<RenderKey, CellImage>(capacity: 256)
    private let logger = Logger(label: "rolo.images")
    /// How pictures are rendered: half blocks until the terminal says it draws pictures itself.
    private var mode = GraphicsMode.halfBlocks
    /// The next kitty image id: one per rendering, never reused in a session (ids below
    /// `TerminalGraphic.firstID` are left to the terminal query's).
    private var nextGraphicID = TerminalGraphic.firstID

    public init() {}

    /// Loads an image's bytes; `bypassCache` asks for them again from the origin, after the
    /// first bytes failed to decode (a corrupt cached file is dropped and fetched anew).
    public typealias Loader = @Sendable (_ bypassCache: Bool) async throws -> Data

    /// The image `key` rendered to fit `columns`×`rows` cells; throws `ImageDecodeError` (with a
    /// reason for the placeholder), `FetchError` or `CancellationError`.
    public func cells(for key: String, columns: Int, rows: Int, load: Loader) async throws -> CellImage {
        let renderKey = RenderKey(image: key, columns: columns, rows: rows)
        if let cached = rendered.value(for: renderKey) { return cached }
        let image: PixelImage
        switch decoded.value(for: key) {
        case .success(let pixels)?:
            image = pixels
        case .failure(let error)?:
            throw error
        case nil:
            do {
                image = try await decode(try await load(false))
            } catch is ImageDecodeError {
                try Task.checkCancellation()
                do {
                    image = try await decode(try await load(true))
                } catch let error as ImageDecodeError {
                    logger.warning("can't show image \(key): \(error.reason)")
                    decoded.set(.failure(error), for: key)
                    throw error
                }
            }
            decoded.set(.success(image), for: key)
        }
        try Task.checkCancellation()
        let cells = GraphicsRenderer.render(image, columns: columns, rows: rows, mode: mode, id: nextGraphicID)
        if cells.graphic != nil { nextGraphicID &+= 1 }
        rendered.set(cells, for: renderKey)
        return cells
    }

    /// Renders from now on in `mode`, forgetting what was rendered (and decoded, for a pixel
    /// protocol's larger pictures) before; the picture stores then ask again (`renderAgain`).
    public func use(_ mode: GraphicsMode) {
        guard mode != self.mode else { return }
        if mode.usesPixels != self.mode.usesPixels { decoded = LRUCache(capacity: decoded.capacity) }
        self.mode = mode
        rendered = LRUCache(capacity: rendered.capacity)
    }

    /// Forgets that `key` couldn't be decoded, so the next request loads it again (`r`).
    public func forgetFailure(of key: String) {
        if case .failure? = decoded.value(for: key) { decoded.remove(key) }
    }

    /// Decodes to cover the largest slot rolo draws (80×40 cells is 80×80 pixels in half blocks,
    /// some 800×800 where the terminal draws pixels), so a resize re-renders from memory;
    /// libjpeg's DCT scaling keeps this cheap.
    private func decode(_ data: Data) async throws -> PixelImage {
        try Task.checkCancellation()
        let edge = mode.usesPixels ? 800 : 160
        let result = try ImageDecoder.decode(data, fitting: (width: edge, height: edge))
        return PixelImage(width: result.width, height: result.height, pixels: result.pixels)
    }
}
