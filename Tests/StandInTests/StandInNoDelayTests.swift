import Foundation
import RoloCore
import StandIn
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The stand-in answers a kept-alive connection's second request as fast as its first: Nagle's
/// algorithm is off on its sockets, or each answer's body would wait ~40 ms for the client's
/// delayed ACK of the head (FlyingFox writes them apart).
@Suite("Stand-in sockets")
struct StandInNoDelayTests {
    /// This process's TCP sockets whose local port is `port`: the listener and the connections it
    /// accepted; for each, whether it listens and whether TCP_NODELAY is on.
    private func sockets(onLocalPort port: UInt16) -> [(listening: Bool, noDelay: Bool)] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { Int32($0) }.compactMap { fd in
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
            }
            guard named, address.sin_family == sa_family_t(AF_INET), UInt16(bigEndian: address.sin_port) == port else { return nil }
            var listening: Int32 = 0, noDelay: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0,
                  getsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, &size) == 0 else { return nil }
            return (listening != 0, noDelay != 0)
        }
    }

    @Test("the listener and a kept-alive connection have TCP_NODELAY on")
    func noDelay() async throws {
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        try await withServer { server in
            let url = try #require(URL(string: server.baseURL.absoluteString + "/healthCheck"))
            for _ in 0..<3 {
                #expect(try await client.send(HTTPRequest(url: url, timeout: standInTestTimeout)).status == 200)
            }
            let found = sockets(onLocalPort: server.port)
            #expect(found.contains { $0.listening }, "the listener is found: \(found)")
            #expect(found.contains { !$0.listening }, "the kept-alive connection is found: \(found)")
            #expect(found.allSatisfy { $0.noDelay }, "\(found)")
        }
    }
}
