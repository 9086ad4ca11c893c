import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The socket chores of the end-to-end tests' own small servers.
enum LoopbackSocket {
    /// A socket listening on 127.0.0.1 at an ephemeral port, and that port.
    static func listening() throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ready else {
            close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Reads from `fd` until the end of a request head; nil when the peer closed first.
    static func head(from fd: Int32) -> Data? {
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while head.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            head.append(contentsOf: buffer[0..<count])
        }
        return head
    }

    /// Writes all of `bytes` to `fd`; false when the peer went away.
    static func sendAll(_ bytes: Data, to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let start = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, start + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}
