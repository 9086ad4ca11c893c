import FlyingFox
import FlyingSocks

#if canImport(Glibc)
    import Glibc
#endif

/// FlyingFox's socket pool with Nagle's algorithm turned off on every socket it waits for.
///
/// FlyingFox writes a response's head and body in two writes. With Nagle on, the body waits for
/// the client to acknowledge the head, and a client that delays its ACK (curl, libcurl, every
/// Linux TCP stack) holds each answer after the first on a kept-alive connection for ~40 ms.
/// The listening socket is among those the pool waits for, and Linux hands `TCP_NODELAY` on to
/// every connection it accepts; a connection accepted before the listener first waited gets it
/// at its own first wait for a request, before it answers a second one.
struct NoDelaySocketPool: AsyncSocketPool {
    let base: any AsyncSocketPool

    func prepare() async throws {
        try await base.prepare()
    }

    func run() async throws {
        try await base.run()
    }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // A socket that isn't TCP (none here) refuses the option; it has no Nagle to turn off.
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
