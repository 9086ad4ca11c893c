import Crypto
import Foundation

/// Gravatar avatar URLs.
public enum Gravatar {
    /// `base` + the SHA-256 hex of the trimmed, lower-cased `email` + `?s=<size>&d=404`, so a
    /// person without a Gravatar gets a 404 (and an initials badge) rather than a stock image.
    /// Nil for an empty email.
    public static func url(for email: String, base: URL, size: Int = 200) -> URL? {
        let normalized = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !normalized.isEmpty else { return nil }
        let digest = SHA256.hash(data: Data(normalized.utf8))
        let hash = digest.map { String(format: "%02x", $0) }.joined()
        guard var components = URLComponents(url: base.appendingPathComponent(hash), resolvingAgainstBaseURL: true)
        else { return nil }
        components.queryItems = [URLQueryItem(name: "s", value: String(size)), URLQueryItem(name: "d", value: "404")]
        return components.url
    }
}
