import Foundation

/// How rolo follows redirects: at most five, and a change of origin (scheme, host or port, by
/// ``Origin``'s one rule) sheds every header that could carry a credential, such as Pipedrive's
/// `x-api-token` or a configured source's `Authorization`.
enum Redirect {
    /// The most redirects one request follows; one more is an error, which ends a loop.
    static let limit = 5

    /// The statuses that send a client on to the `Location`.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Headers that describe the request rather than the caller, kept across origins.
    static let keptAcrossOrigins: Set<String> = ["accept", "accept-language", "content-type"]

    /// The request to send after `request` got `status` with a `Location` of `target`.
    ///
    /// 303 turns any method but HEAD into a body-less GET, and 301/302 turn a POST into one, as
    /// browsers and curl do; 307 and 308 repeat the request as it was.
    static func follow(_ request: HTTPRequest, status: Int, to target: URL) -> HTTPRequest {
        var next = request
        next.url = target
        if (status == 303 && request.method != "HEAD") || ((status == 301 || status == 302) && request.method == "POST") {
            next.method = "GET"
            next.body = nil
        }
        if Origin(request.url)?.includes(target) != true {
            next.headers = request.headers.filter { keptAcrossOrigins.contains($0.key.lowercased()) }
        }
        return next
    }
}
