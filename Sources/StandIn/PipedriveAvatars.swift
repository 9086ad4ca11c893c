import Foundation
import Logging

/// The Gravatar-style JPEGs of the persons that have one, drawn on first use and kept.
struct PipedriveAvatars: Sendable {
    private struct Key: Hashable, Sendable {
        let id: Int
        let edge: Int
    }

    private let seed: UInt64
    private let logger: Logger
    private let memo = StandInMemo<Key, Data>()

    /// Avatars for the persons generated from `seed`.
    init(seed: UInt64, logger: Logger) {
        self.seed = seed
        self.logger = logger
    }

    /// Person `id`'s avatar at `edge` × `edge` pixels.
    func jpeg(id: Int, edge: Int) async -> Data {
        await memo.value(for: Key(id: id, edge: edge)) { [seed, logger] in
            // Offset so these faces differ from the people and randomuser portraits.
            PortraitRenderer(seed: seed, id: 20_000 + id)
                .jpeg(width: edge, height: edge, logger: logger, naming: "pipedrive avatar \(id)")
        }
    }
}
