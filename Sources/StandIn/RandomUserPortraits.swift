import Foundation
import Logging

/// randomuser.me's portraits at its three sizes, drawn by the people API's ``PortraitRenderer``
/// on first use and kept for the server's life.
struct RandomUserPortraits: Sendable {
    /// Square edge in pixels by the size's path segment, as on randomuser.me.
    static let sizes = ["large": 128, "med": 72, "thumb": 48]

    private struct Key: Hashable, Sendable {
        let number: Int
        let edge: Int
    }

    private let seed: UInt64
    private let logger: Logger
    private let memo = StandInMemo<Key, Data>()

    /// Portraits for the persons generated from `seed`.
    init(seed: UInt64, logger: Logger) {
        self.seed = seed
        self.logger = logger
    }

    /// The JPEG of portrait `number` at `edge` × `edge` pixels.
    func jpeg(number: Int, edge: Int) async -> Data {
        await memo.value(for: Key(number: number, edge: edge)) { [seed, logger] in
            // Offset so these faces differ from the people API's employees 1...N.
            PortraitRenderer(seed: seed, id: 10_000 + number)
                .jpeg(width: edge, height: edge, logger: logger, naming: "randomuser portrait \(number)")
        }
    }
}
