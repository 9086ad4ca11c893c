import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The code flow's redirect on this machine (RFC 8252 §7.3): a listener on 127.0.0.1 at a port
/// of its own that waits for the browser's one request to the redirect path and answers it with
/// a page saying to go back to the terminal.
///
/// It is used only with a local display and no ssh: over ssh the browser is on another machine
/// and can't reach it, so the person pastes the address instead.
public final class LoopbackRedirect: @unchecked Sendable {
    /// The port the listener has.
    public let port: UInt16
    /// The path the redirect goes to, such as `/callback`.
    public let path: String
    private let listener: Int32
    /// Written to by ``close()`` to wake the waiting thread.
    private let wake: (read: Int32, write: Int32)
    /// Whether ``close()`` was called, and whether a thread waits (and so closes the sockets).
    private let state = Mutex((closed: false, waiting: false))

    /// Listens on 127.0.0.1 at a free port for requests to `path`.
    public init(path: String) throws(SignInError) {
        self.path = path.isEmpty ? "/" : path
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Self.failure("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socketFD, 4) == 0 else {
            let problem = Self.failure("bind")
            Glibc.close(socketFD)
            throw problem
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            Glibc.close(socketFD)
            throw Self.failure("pipe")
        }
        listener = socketFD
        wake = (pipeFDs[0], pipeFDs[1])
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close()
        if !state.withLock({ $0.waiting }) { closeDescriptors() }
    }

    /// The redirect address to give the server: `redirect`'s with this listener's port.
    public func redirect(from redirect: String) -> String {
        guard var components = URLComponents(string: redirect) else { return "http://127.0.0.1:\(port)\(path)" }
        components.host = "127.0.0.1"
        components.port = Int(port)
        return components.string ?? "http://127.0.0.1:\(port)\(path)"
    }

    /// The address of the first request to ``path`` (requests elsewhere, such as a favicon,
    /// are answered 404), waiting on a thread of its own; nil once ``close()`` is called.
    public func next() async -> String? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard state.withLock({ state in
                    defer { state.waiting = !state.closed }
                    return !state.closed && !state.waiting
                }) else { return continuation.resume(returning: nil) }
                let thread = Thread { [self] in continuation.resume(returning: accept()) }
                thread.name = "rolo-login-redirect"
                thread.start()
            }
        } onCancel: {
            close()
        }
    }

    /// Stops listening; a waiting ``next()`` returns nil.
    public func close() {
        guard state.withLock({ state in
            defer { state.closed = true }
            return !state.closed
        }) else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func accept() -> String? {
        defer { closeDescriptors() }
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return nil }
            if fds[1].revents != 0 { return nil }
            guard fds[0].revents != 0 else { continue }
            let connection = Glibc.accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            if let target = answer(connection) { return "http://127.0.0.1:\(port)\(target)" }
        }
    }

    private func closeDescriptors() {
        Glibc.close(listener)
        Glibc.close(wake.read)
        Glibc.close(wake.write)
    }

    /// Reads one request from `connection` and answers it; the request's target when it is to
    /// ``path``.
    private func answer(_ connection: Int32) -> String? {
        defer { Glibc.close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 16 << 10, !request.containsHeaderEnd {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            request += buffer[..<count]
        }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self).split(separator: " ")
        let target = line.count >= 2 && line[0] == "GET" ? String(line[1]) : nil
        let matches = target.map { ($0.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "") == path } ?? false
        let body = matches
            ? "<!doctype html><title>rolo</title><p>rolo has the answer. You can close this tab and go back to the terminal.</p>\n"
            : "not found\n"
        let head = "HTTP/1.1 \(matches ? "200 OK" : "404 Not Found")\r\nContent-Type: text/html; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n"
        let bytes = Array((head + body).utf8)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return matches ? target : nil
    }

    private static func failure(_ call: String) -> SignInError {
        SignInError(.server, "rolo couldn't listen on 127.0.0.1 for the sign-in's redirect (\(call): \(String(cString: strerror(errno)))) — rolo login --no-browser NAME pastes it instead")
    }
}

private extension [UInt8] {
    var containsHeaderEnd: Bool {
        count >= 4 && indices.dropLast(3).contains { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }
    }
}
