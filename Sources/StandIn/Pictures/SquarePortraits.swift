import Foundation
import Logging

/// Square portraits (avatars) drawn by ``PortraitRenderer`` on first use and kept for the
/// server's life, for APIs that serve them by number and size (randomuser, pipedrive).
struct SquarePortraits: Sendable {
    private struct Key: Hashable, Sendable {
        let number: Int
        let edge: Int
    }

    private let seed: UInt64
    private let firstID: Int
    private let name: String
    private let logger: Logger
    private let memo = StandInMemo<Key, Data>()

    /// Portraits from `seed`, numbered from renderer id `firstID` so each API's faces differ
    /// from the others'; `name` says whose they are in a log line.
    init(seed: UInt64, firstID: Int, name: String, logger: Logger) {
        self.seed = seed
        self.firstID = firstID
        self.name = name
        self.logger = logger
    }

    /// The JPEG of portrait `number` at `edge` × `edge` pixels.
    func jpeg(number: Int, edge: Int) async -> Data {
        await memo.value(for: Key(number: number, edge: edge)) { [seed, firstID, name, logger] in
            PortraitRenderer(seed: seed, id: firstID + number)
                .jpeg(width: edge, height: edge, logger: logger, naming: "\(name) \(number)")
        }
    }
}
