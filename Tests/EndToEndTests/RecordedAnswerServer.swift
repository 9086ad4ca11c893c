import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP server on 127.0.0.1 that answers every request with one recorded JSON body, as a
/// server of an old API version would; it records each request's target.
final class RecordedAnswerServer: @unchecked Sendable {
    private let listener: Int32
    private let body: Data
    private let lock = NSLock()
    private var targets: [String] = []
    let port: UInt16

    /// Serves `body` with status 200 until ``stop()``.
    init(body: Data) throws {
        self.body = body
        (listener, port) = try LoopbackSocket.listening()
        Thread { [self] in acceptLoop() }.start()
    }

    /// `http://127.0.0.1:PORT`.
    var url: String { "http://127.0.0.1:\(port)" }

    /// The request targets received so far (`/api/1.1/?results=10&page=1&seed=…`).
    var requestTargets: [String] { lock.withLock { targets } }

    /// Closes the listener; each answer closes its own connection.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            Thread { [self] in
                answer(client)
                close(client)
            }.start()
        }
    }

    private func answer(_ client: Int32) {
        guard let head = LoopbackSocket.head(from: client) else { return }
        let requestLine = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")[0].split(separator: " ")
        if requestLine.count == 3 { lock.withLock { targets.append(String(requestLine[1])) } }
        let responseHead = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + "Connection: close\r\n\r\n"
        _ = LoopbackSocket.sendAll(Data(responseHead.utf8) + body, to: client)
    }
}
