import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate: routes each task's callbacks to its ``Transfer`` and enforces the body cap.
final class TransferTable: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]
    private let maxBodyBytes: Int

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// Starts `task`, unless its transfer already ended (it was cancelled before it began).
    func start(_ task: URLSessionDataTask, transfer: Transfer) {
        lock.withLock { transfers[task.taskIdentifier] = transfer }
        // Checked after registering, so a cancellation racing this call is seen either here or
        // by the delegate; a cancelled task is never resumed.
        guard !transfer.hasEnded else {
            lock.withLock { _ = transfers.removeValue(forKey: task.taskIdentifier) }
            return
        }
        task.resume()
    }

    private func transfer(for task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let transfer = transfer(for: dataTask), let head = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        if head.expectedContentLength > Int64(maxBodyBytes) {
            transfer.finish(.tooLarge)
            completionHandler(.cancel)
            return
        }
        transfer.received(head)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(for: dataTask) else { return }
        if !transfer.append(data, limit: maxBodyBytes) {
            transfer.finish(.tooLarge)
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(error: error)
    }
}
