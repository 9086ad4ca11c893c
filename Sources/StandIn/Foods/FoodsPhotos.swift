import Foundation
import Logging

/// The OpenFoods server's photos, generated on first use and kept for the server's life.
struct FoodsPhotos: Sendable {
    /// Photo size: 4:3, like a phone's photo of a plate.
    static let size = (width: 320, height: 240)

    private let seed: UInt64
    private let logger: Logger
    private let memo = StandInMemo<Int, Data>()

    /// Photos for the foods generated from `seed`.
    init(seed: UInt64, logger: Logger) {
        self.seed = seed
        self.logger = logger
    }

    /// The JPEG of food `id`.
    func jpeg(id: Int) async -> Data {
        await memo.value(for: id) { [seed, logger] in
            let rgb = FoodPhotoRenderer(seed: seed, id: id).render(width: Self.size.width, height: Self.size.height)
            do {
                return try JPEGEncoder.encode(rgb: rgb, width: Self.size.width, height: Self.size.height, quality: 85)
            } catch {
                // Cannot happen for a well-formed buffer; an empty photo keeps the server up.
                logger.error("stand-in food photo \(id) could not be encoded: \(error)")
                return Data()
            }
        }
    }
}
