import Foundation

/// Readers of what servers send that are internal to RoloCore, reachable by `rolo-fuzz` and the
/// suite's mutator (DecoderFuzzing can't `@testable import` RoloCore: release builds build it
/// too). Each is the one line that calls the reader.
public enum FuzzedReaders {
    /// The target of `header`'s first link of `relation` (``LinkHeader/target(_:relation:base:)``).
    public static func linkTarget(_ header: String, relation: String, base: URL) -> URL? {
        LinkHeader.target(header, relation: relation, base: base)
    }
}
