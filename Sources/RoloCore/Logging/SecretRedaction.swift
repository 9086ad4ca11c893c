import Foundation

/// `text` with every secret replaced by `REDACTED`, and the values of `api_token` and `token`
/// query parameters too (`?api_token=REDACTED`), so tokens never reach the log file.
///
/// Secrets shorter than four characters are ignored: replacing them would garble the text while
/// protecting nothing a real token looks like.
public func redactingSecrets(_ text: String, secrets: [String]) -> String {
    var redacted = text
    for secret in secrets where secret.count >= 4 {
        redacted = redacted.replacingEvery(secret, with: "REDACTED")
    }
    guard redacted.containsIgnoringASCIICase("token=") else { return redacted }
    let whole = NSRange(redacted.startIndex..., in: redacted)
    return tokenParameter.stringByReplacingMatches(in: redacted, range: whole, withTemplate: "$1$2REDACTED")
}

/// `token=` or `api_token=` not preceded by a letter, digit or underscore, then its value.
private let tokenParameter = try! NSRegularExpression(
    pattern: #"(^|[^A-Za-z0-9_])((?:api_)?token=)[^&#\s"'<>]*"#, options: [.caseInsensitive])
