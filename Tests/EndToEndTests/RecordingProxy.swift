import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A forward HTTP proxy on 127.0.0.1 that records each request line it is sent (absolute-form,
/// `GET http://host:port/path HTTP/1.1`) and passes the request on, one per connection.
final class RecordingProxy: @unchecked Sendable {
    private let listener: Int32
    private let lock = NSLock()
    private var lines: [String] = []
    private var open: Set<Int32> = []
    let port: UInt16

    init() throws {
        (listener, port) = try LoopbackSocket.listening()
        Thread { [self] in acceptLoop() }.start()
    }

    /// `http://127.0.0.1:PORT`, for `http_proxy`.
    var url: String { "http://127.0.0.1:\(port)" }

    /// The request lines received so far.
    var requestLines: [String] { lock.withLock { lines } }

    /// Closes the listener and every connection.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in lock.withLock({ open }) { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            lock.withLock { _ = open.insert(client) }
            Thread { [self] in
                relay(client)
                lock.withLock { _ = open.remove(client) }
                close(client)
            }.start()
        }
    }

    /// Reads the head, records its request line, sends it on in origin form with
    /// `Connection: close`, and copies the answer back until the server closes.
    private func relay(_ client: Int32) {
        guard let head = LoopbackSocket.head(from: client) else { return }
        var headLines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let words = headLines[0].split(separator: " ")
        lock.withLock { lines.append(headLines[0]) }
        guard words.count == 3, let target = URLComponents(string: String(words[1])), let host = target.host,
            let upstream = connect(host: host, port: UInt16(target.port ?? 80))
        else { return }
        defer { close(upstream) }
        headLines[0] = "\(words[0]) \(target.percentEncodedPath.isEmpty ? "/" : target.percentEncodedPath)"
            + (target.percentEncodedQuery.map { "?\($0)" } ?? "") + " \(words[2])"
        headLines.removeAll { line in
            ["connection:", "proxy-connection:"].contains { line.lowercased().hasPrefix($0) }
        }
        headLines.insert("Connection: close", at: 1)
        guard LoopbackSocket.sendAll(Data(headLines.joined(separator: "\r\n").utf8), to: upstream) else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(upstream, &buffer, buffer.count, 0)
            guard count > 0, LoopbackSocket.sendAll(Data(buffer[0..<count]), to: client) else { return }
        }
    }

    private func connect(host: String, port: UInt16) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(fd)
            return nil
        }
        return fd
    }
}
