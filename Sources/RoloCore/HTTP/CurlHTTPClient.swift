import Foundation
import Logging

/// The ``HTTPClient`` on libcurl: one I/O thread for every request, a deadline for the whole of
/// each request, a cap on the decoded body, redirects that never carry a token to another host,
/// and proxies from the environment as curl reads them.
///
/// Not URLSession (FoundationNetworking): it spins a core while it waits for an answer, times
/// out only when a server goes idle, and keeps `--static-swift-stdlib` from linking; see the README.
public final class CurlHTTPClient: HTTPClient {
    private let engine = CurlEngine()
    private let maxBodyBytes: Int
    private let logger: Logger

    /// `rolo/<version>`, sent as the `User-Agent` of every request.
    public static let userAgent = "rolo/\(RoloVersion.current)"

    /// Creates a client, and its I/O thread, that refuses bodies over `maxBodyBytes` decoded
    /// (64 MB unless told otherwise) and logs one debug line a request to `logger`.
    public init(maxBodyBytes: Int = 64 << 20, logger: Logger = Logger(label: "rolo.http")) {
        self.maxBodyBytes = maxBodyBytes
        self.logger = logger
    }

    deinit {
        // No request is running: each holds the client until it returns.
        engine.stop()
    }

    /// Ends every request and the I/O thread, waiting (a second at most) until its connections
    /// are closed and libcurl's memory freed: call it before the process exits, whose exit
    /// handlers (OpenSSL's among them) would otherwise free the same memory at the same time.
    /// Requests sent after it fail as cancelled.
    public func shutdown() {
        if !engine.stopAndWait(timeout: .seconds(1)) {
            logger.warning("the HTTP thread didn't end within a second of the shutdown")
        }
    }

    /// How many threads have run this client's transfers: one, whatever the load.
    var ioThreadCount: Int { engine.threadsUsed }

    /// Sends `request`; every failure is a ``FetchError``, every status a response.
    ///
    /// `request.timeout` bounds the whole request, redirects and body included; connecting
    /// alone is bounded by 10 s (or the timeout, if shorter). Cancelling the task ends the
    /// request at once and closes its connection.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard !Task.isCancelled else { throw FetchError.cancelled(request.url) }
        let transfer = CurlTransfer(request, maxBodyBytes: maxBodyBytes, userAgent: Self.userAgent)
        let started = ContinuousClock.now
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.wait(continuation)
                engine.start(transfer)
            }
        } onCancel: {
            transfer.finish(.failure(.cancelled(request.url)))
            engine.cancel(transfer)
        }
        log(request, result, milliseconds: Self.milliseconds(since: started))
        return try result.get()
    }

    /// One line a request: method, URL without query or credentials, the outcome, size and time.
    /// Never a header or a body: they carry tokens and personal data.
    private func log(_ request: HTTPRequest, _ result: Result<HTTPResponse, FetchError>, milliseconds: Int) {
        let what = "\(request.method) \(request.url.redactedForLog)"
        switch result {
        case .success(let response):
            logger.debug("\(what) → \(response.status), \(response.body.count) bytes, \(milliseconds) ms")
        case .failure(let error):
            logger.debug("\(what) → \(error.kind), \(milliseconds) ms")
        }
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let (seconds, attoseconds) = start.duration(to: .now).components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
