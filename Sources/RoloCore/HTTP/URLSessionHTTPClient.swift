import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``HTTPClient`` on Foundation's `URLSession`: no cache, a per-request timeout, prompt
/// cancellation and a cap on the body size.
///
/// URLSession from FoundationNetworking costs no build time, honours `timeoutInterval` and task
/// cancellation on Linux (measured in `URLSessionHTTPClientTests`). Bodies are collected by a
/// delegate rather than `data(for:)` so a body over the cap is cut off while it streams in, not
/// after it has filled memory; corelibs has no `bytes(for:)`.
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    private let transfers: TransferTable
    private let maxBodyBytes: Int

    /// Creates a client that refuses bodies over `maxBodyBytes` (64 MB unless told otherwise).
    public init(maxBodyBytes: Int = 64 << 20) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        self.maxBodyBytes = maxBodyBytes
        transfers = TransferTable(maxBodyBytes: maxBodyBytes)
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    deinit {
        // The session keeps its delegate alive until invalidated.
        session.invalidateAndCancel()
    }

    /// Sends `request`; every failure is a ``FetchError``, every status a response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let url = request.url
        guard !Task.isCancelled else { throw FetchError.cancelled(url) }
        let task = session.dataTask(with: urlRequest(for: request))
        let transfer = Transfer()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.wait(continuation)
                transfers.start(task, transfer: transfer)
            }
        } onCancel: {
            // Resolve at once: whether and when corelibs reports a cancelled task is not ours to wait for.
            transfer.finish(.failed(URLError(.cancelled)))
            task.cancel()
        }
        if Task.isCancelled { throw FetchError.cancelled(url) }
        switch outcome {
        case .completed(let response, let body):
            return HTTPResponse(
                status: response.statusCode, headers: Self.headers(of: response), body: body,
                url: response.url ?? url)
        case .tooLarge:
            throw FetchError.tooLarge(url, limit: maxBodyBytes)
        case .failed(let error):
            throw Self.fetchError(for: error, url: url, timeout: request.timeout)
        }
    }

    private func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = request.timeout
        urlRequest.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        return urlRequest
    }

    private static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        return headers
    }

    /// Maps URLSession's errors onto the few kinds the app reacts to.
    static func fetchError(for error: any Error, url: URL, timeout: TimeInterval) -> FetchError {
        guard let urlError = error as? URLError else {
            // Not the error's description: an NSError's carries the failing URL, query and all.
            let nsError = error as NSError
            return FetchError.unreachable(url, detail: "\(nsError.domain) \(nsError.code): \(nsError.localizedDescription)")
        }
        let detail = "URLError \(urlError.code.rawValue): \(urlError.localizedDescription)"
        switch urlError.code {
        case .timedOut:
            return .timedOut(url, after: timeout)
        case .cancelled:
            return .cancelled(url)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData,
            .cannotDecodeContentData, .zeroByteResource:
            return FetchError(
                kind: .badResponse, endpoint: url.endpoint,
                message: "\(url.endpoint) sent a broken HTTP response — r to retry",
                detail: "\(url.redactedForLog): \(detail)")
        case .badURL, .unsupportedURL:
            return FetchError(
                kind: .unreachable, endpoint: url.endpoint,
                message: "\(url.redactedForLog) isn't a URL rolo can fetch — check the settings",
                detail: "\(url.redactedForLog): \(detail)")
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
            .clientCertificateRejected, .clientCertificateRequired:
            return FetchError(
                kind: .unreachable, endpoint: url.endpoint,
                message: "Can't make a secure connection to \(url.endpoint) — check the URL or the system's certificates",
                detail: "\(url.redactedForLog): \(detail)")
        default:
            return .unreachable(url, detail: detail)
        }
    }
}
