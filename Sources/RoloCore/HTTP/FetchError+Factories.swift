import Foundation

extension FetchError {
    /// No connection to `url`'s server could be made.
    public static func unreachable(_ url: URL, detail: String) -> FetchError {
        FetchError(
            kind: .unreachable, endpoint: url.endpoint,
            message: "Can't reach \(url.endpoint) — is the server running? r to retry",
            detail: "\(url.redactedForLog): \(detail)")
    }

    /// `url`'s server didn't answer within `seconds`.
    public static func timedOut(_ url: URL, after seconds: TimeInterval) -> FetchError {
        FetchError(
            kind: .timedOut, endpoint: url.endpoint,
            message: "\(url.endpoint) didn't answer within \(Self.seconds(seconds)) — r to retry",
            detail: "\(url.redactedForLog): no answer within \(seconds) s")
    }

    /// The request to `url` was cancelled.
    public static func cancelled(_ url: URL) -> FetchError {
        FetchError(
            kind: .cancelled, endpoint: url.endpoint,
            message: "The request to \(url.endpoint) was cancelled — r to retry",
            detail: "\(url.redactedForLog): cancelled")
    }

    /// `url`'s server sent a body over `limit` bytes.
    public static func tooLarge(_ url: URL, limit: Int) -> FetchError {
        FetchError(
            kind: .tooLarge, endpoint: url.endpoint,
            message: "\(url.endpoint) sent more than \(size(limit)) — check the URL",
            detail: "\(url.redactedForLog): body over the \(limit)-byte limit")
    }

    /// `url`'s server answered with something that isn't HTTP: a broken head, a body cut short,
    /// a length that can't be, or nothing at all.
    public static func brokenResponse(_ url: URL, detail: String) -> FetchError {
        FetchError(
            kind: .badResponse, endpoint: url.endpoint,
            message: "\(url.endpoint) sent a broken HTTP response — r to retry",
            detail: "\(url.redactedForLog): \(detail)")
    }

    /// `url` can't be fetched at all (not http or https, or malformed).
    public static func unusableURL(_ url: URL, detail: String) -> FetchError {
        FetchError(
            kind: .unreachable, endpoint: url.endpoint,
            message: "\(url.redactedForLog) isn't a URL rolo can fetch — check the settings",
            detail: "\(url.redactedForLog): \(detail)")
    }

    /// libcurl, which rolo loads for its first request, isn't on this box (or is too old).
    public static func libcurlMissing(_ url: URL, detail: String) -> FetchError {
        FetchError(
            kind: .unreachable, endpoint: url.endpoint,
            message: "rolo can't fetch anything: libcurl isn't installed — apt install libcurl4",
            detail: "\(url.redactedForLog): libcurl could not be loaded: \(detail)")
    }

    /// No trustworthy TLS connection could be made to `url`'s server.
    public static func insecure(_ url: URL, detail: String) -> FetchError {
        FetchError(
            kind: .unreachable, endpoint: url.endpoint,
            message: "Can't make a secure connection to \(url.endpoint) — check the URL or the system's certificates",
            detail: "\(url.redactedForLog): \(detail)")
    }

    /// `url`'s server redirected more than `limit` times, usually in a loop.
    public static func tooManyRedirects(_ url: URL, limit: Int) -> FetchError {
        FetchError(
            kind: .badResponse, endpoint: url.endpoint,
            message: "\(url.endpoint) redirected more than \(limit) times — check the URL",
            detail: "\(url.redactedForLog): more than \(limit) redirects")
    }

    /// The `service` server answered `response.status`, which the client can't use.
    ///
    /// `service` names the API as the user knows it, e.g. `people` gives "The people server …".
    public static func unexpectedStatus(_ response: HTTPResponse, service: String) -> FetchError {
        let action = (500..<600).contains(response.status) || response.status == 429
            ? "r to retry" : "check the \(service) URL"
        let page = response.bodyKind == .html ? " with an HTML page" : ""
        return FetchError(
            kind: .httpStatus(response.status), endpoint: response.url.endpoint,
            message: "The \(service) server answered \(response.status)\(page) — \(action)",
            detail: "\(response.url.redactedForLog): HTTP \(response.status); body: \(excerpt(response.body))")
    }

    /// The `service` server sent `body`, which couldn't be read; `reason` says why, for humans.
    ///
    /// The error names no endpoint yet: decoders don't know where a body came from, so the API
    /// client places it with ``located(at:)``.
    public static func unreadable(
        _ body: Data, contentType: String? = nil, service: String, reason: String
    ) -> FetchError {
        let message: String
        switch ResponseBody(body, contentType: contentType) {
        case .html: message = "The \(service) server sent an HTML page instead of JSON — r to retry"
        case .empty: message = "The \(service) server sent an empty answer — r to retry"
        case .json: message = "The \(service) server sent data rolo can't read (\(reason)) — r to retry"
        }
        return FetchError(
            kind: .badResponse, endpoint: "", message: message, detail: "\(reason); body: \(excerpt(body))")
    }

    /// This error placed at the server and URL that sent `response`, for the banner and the log.
    public func located(at response: HTTPResponse) -> FetchError {
        var placed = self
        placed.endpoint = response.url.endpoint
        placed.detail = "\(response.url.redactedForLog): HTTP \(response.status), \(detail)"
        return placed
    }

    /// The start of `body` as text, so the log shows what the server sent without megabytes of it.
    static func excerpt(_ body: Data, limit: Int = 300) -> String {
        let text = String(decoding: body.prefix(limit), as: UTF8.self).sanitizedForTerminal
        return body.count > limit ? text + "… (\(body.count) bytes)" : text
    }

    /// `64 << 20` → "64 MB", `50_000` → "48 KB".
    private static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }

    /// `30` → "30 s", `1.5` → "1.5 s".
    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }

    /// An API answered with its own error text (`{"error": text}`); `service` names it as the
    /// user knows it ("Pipedrive", "randomuser.me"). Its `endpoint` is placed by the caller, which
    /// has the response (``FetchError/located(at:)``).
    static func refusal(by service: String, _ text: String, body: Data, kind: Kind = .badResponse) -> FetchError {
        FetchError(
            kind: kind, endpoint: "", message: "\(service) says: \(text) — r to retry",
            detail: "the API refused; body: \(excerpt(body))")
    }
}
