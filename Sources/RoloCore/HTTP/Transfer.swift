import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How one URLSession transfer ended.
enum TransferOutcome: Sendable {
    case completed(HTTPURLResponse, Data)
    case tooLarge
    case failed(any Error)
}

/// One request's body as it streams in, and the continuation waiting for its outcome.
///
/// The outcome can arrive from the delegate queue, from a cancellation handler, or before anyone
/// waits (a request cancelled before it started); the lock makes the first outcome win and the
/// continuation resume exactly once.
final class Transfer: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<TransferOutcome, Never>?
    private var outcome: TransferOutcome?
    private var response: HTTPURLResponse?
    private var body = Data()

    /// Registers the waiter; resumes it at once if the transfer already ended.
    func wait(_ waiter: CheckedContinuation<TransferOutcome, Never>) {
        let ended: TransferOutcome? = lock.withLock {
            if outcome == nil { continuation = waiter }
            return outcome
        }
        if let ended { waiter.resume(returning: ended) }
    }

    /// Ends the transfer with `result` unless it already ended.
    func finish(_ result: TransferOutcome) {
        let waiter: CheckedContinuation<TransferOutcome, Never>? = lock.withLock {
            guard outcome == nil else { return nil }
            outcome = result
            defer { continuation = nil }
            return continuation
        }
        waiter?.resume(returning: result)
    }

    /// Whether the transfer has ended.
    var hasEnded: Bool { lock.withLock { outcome != nil } }

    /// Keeps the response head for when the body completes.
    func received(_ head: HTTPURLResponse) {
        lock.withLock { response = head }
    }

    /// Appends a chunk; returns false when the body would exceed `limit`.
    func append(_ chunk: Data, limit: Int) -> Bool {
        lock.withLock {
            guard body.count + chunk.count <= limit else { return false }
            body.append(chunk)
            return true
        }
    }

    /// Ends the transfer with what arrived: the body if there was a response, else `error`.
    func complete(error: (any Error)?) {
        let head = lock.withLock { response }
        if let error {
            finish(.failed(error))
        } else if let head {
            finish(.completed(head, lock.withLock { body }))
        } else {
            finish(.failed(URLError(.badServerResponse)))
        }
    }
}
