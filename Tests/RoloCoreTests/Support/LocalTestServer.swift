import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and an ephemeral port, so the real URLSession client is
/// tested over a real socket: one thread accepts, one thread serves each connection.
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
        /// Read the request and never answer, until the server stops.
        case hang
    }

    let port: UInt16
    private let listener: Int32
    private let route: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var connections: [Int32] = []
    private var received: [Request] = []

    init(route: @escaping @Sendable (Request) -> Reply) throws {
        self.route = route
        let socket = Self.boundSocket()
        guard socket >= 0, listen(socket, 16) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        listener = socket
        port = Self.boundPort(of: socket)
        startAccepting()
    }

    private func startAccepting() {
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Every request served so far.
    var requests: [Request] { lock.withLock { received } }

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
    private static func boundSocket() -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
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

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
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
        guard let request = readHead(connection) else { return }
        lock.withLock { received.append(request) }
        guard case .respond(let status, let headers, let body, let contentLength) = route(request) else {
            return
        }
        var head = "HTTP/1.1 \(status) Test\r\nConnection: close\r\n"
        if contentLength { head += "Content-Length: \(body.count)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        var bytes = Data((head + "\r\n").utf8)
        bytes.append(body)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { break }
                offset += sent
            }
        }
        let stillOpen = lock.withLock {
            guard let index = connections.firstIndex(of: connection) else { return false }
            connections.remove(at: index)
            return true
        }
        if stillOpen { close(connection) }
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
