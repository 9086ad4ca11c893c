import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on a loopback address and an ephemeral port, so the real HTTP client is
/// tested over a real socket, against well-behaved and hostile answers alike: one thread accepts,
/// one thread serves each connection.
final class LocalTestServer: @unchecked Sendable {
    /// The request head as received.
    struct Request: Sendable {
        var method: String
        var target: String
        var head: String
    }

    /// What to do with a request.
    enum Reply: Sendable {
        /// Answer and close; `contentLength: false` sends the body until close, without a length.
        case respond(status: Int, headers: [String: String] = [:], body: Data, contentLength: Bool = true)
        /// Read the request and never answer, until the client hangs up or the server stops.
        case hang
        /// Send these bytes as they are (a broken head, a short body) and close.
        case raw(Data)
        /// Send a 200 head with the body's length at once, then the body a byte every `interval`.
        case trickle(body: Data, interval: Duration)
    }

    let port: UInt16
    /// The loopback address it listens on, `127.0.0.1` unless told otherwise.
    let host: String
    private let listener: Int32
    private let route: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var connections: [Int32] = []
    private var received: [Request] = []
    private var hangUps: [HangUp] = []

    /// A connection the client closed while the server held it (`.hang`, `.trickle`).
    struct HangUp: Sendable {
        /// When the server accepted the connection.
        var accepted: ContinuousClock.Instant
        /// When the server saw the connection closed.
        var closed: ContinuousClock.Instant
    }

    init(host: String = "127.0.0.1", route: @escaping @Sendable (Request) -> Reply) throws {
        self.route = route
        self.host = host
        let socket = Self.boundSocket(host: host)
        guard socket >= 0, listen(socket, 16) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        listener = socket
        port = Self.boundPort(of: socket)
        startAccepting()
    }

    private func startAccepting() {
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The URL of `path` on this server; for a path that makes no URL, an issue of the running
    /// test and a URL no request can reach.
    func url(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL {
        guard let url = URL(string: "http://\(host):\(port)\(path)") else {
            Issue.record("\(path) makes no URL on the test server", sourceLocation: sourceLocation)
            return URL(fileURLWithPath: "/nonexistent")
        }
        return url
    }

    /// Every request served so far.
    var requests: [Request] { lock.withLock { received } }

    /// The connections the client closed while the server was holding them, on the server's
    /// own threads' clock, so a busy test runner doesn't blur when they closed.
    var clientHangUps: [HangUp] { lock.withLock { hangUps } }

    /// Closes the listener and every connection, which ends hanging requests.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        let open = lock.withLock {
            defer { connections = [] }
            return connections
        }
        for connection in open {
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
    }

    /// A port on 127.0.0.1 that nothing listens on: bound, read, and released.
    static func unusedPort() -> UInt16 {
        let probe = boundSocket()
        defer { close(probe) }
        return boundPort(of: probe)
    }

    /// A TCP socket bound to 127.0.0.1 and a port the kernel picks; -1 if that fails.
    private static func boundSocket(host: String = "127.0.0.1") -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(host, port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(fd)
            return -1
        }
        return fd
    }

    private static func loopback(_ host: String, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }

    private static func boundPort(of socket: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            lock.withLock { connections.append(connection) }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        let acceptedAt = ContinuousClock.now
        guard let request = readHead(connection) else {
            // Closed before the whole head arrived: on a loaded machine, a client's deadline
            // can pass before this thread first runs.
            lock.withLock { hangUps.append(HangUp(accepted: acceptedAt, closed: .now)) }
            return
        }
        lock.withLock { received.append(request) }
        switch route(request) {
        case .respond(let status, let headers, let body, let contentLength):
            var head = "HTTP/1.1 \(status) Test\r\nConnection: close\r\n"
            if contentLength { head += "Content-Length: \(body.count)\r\n" }
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            var bytes = Data((head + "\r\n").utf8)
            bytes.append(body)
            _ = write(bytes, to: connection)
        case .raw(let bytes):
            _ = write(bytes, to: connection)
        case .trickle(let body, let interval):
            guard write(Data("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\n\r\n".utf8), to: connection) else { break }
            for byte in body {
                guard write(Data([byte]), to: connection) else {
                    lock.withLock { hangUps.append(HangUp(accepted: acceptedAt, closed: .now)) }
                    break
                }
                Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
            }
        case .hang:
            var scratch = [UInt8](repeating: 0, count: 1024)
            while recv(connection, &scratch, scratch.count, 0) > 0 {}
            lock.withLock { hangUps.append(HangUp(accepted: acceptedAt, closed: .now)) }
        }
        let stillOpen = lock.withLock {
            guard let index = connections.firstIndex(of: connection) else { return false }
            connections.remove(at: index)
            return true
        }
        if stillOpen { close(connection) }
    }

    /// Sends all of `bytes`; false once the client has gone.
    private func write(_ bytes: Data, to connection: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let sent = send(connection, start + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private func readHead(_ connection: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.range(of: Data("\r\n\r\n".utf8)) == nil, data.count < 65536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
        }
        let head = String(decoding: data, as: UTF8.self)
        let words = head.prefix { $0 != "\r" }.split(separator: " ")
        guard words.count >= 2 else { return nil }
        return Request(method: String(words[0]), target: String(words[1]), head: head)
    }
}
