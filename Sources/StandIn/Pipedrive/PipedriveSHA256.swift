import Crypto
import Foundation

/// SHA-256 as lower-case hex, so the stand-in names Gravatar-style avatars by the same email hash
/// rolo's `Gravatar.url` builds.
enum PipedriveSHA256 {
    static func hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
