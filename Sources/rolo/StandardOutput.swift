import Foundation

/// Standard output for `rolo dump`, written in large blocks and stopped cleanly when the reader
/// goes away (`rolo dump … | head`): SIGPIPE is ignored, so a closed pipe is an EPIPE from
/// `write`, which ends the dump quietly instead of killing it mid-record.
final class StandardOutput {
    /// The reader closed the pipe.
    struct Closed: Error {}

    private var buffer: [UInt8] = []
    private static let blockSize = 64 << 10

    init() {
        signal(SIGPIPE, SIG_IGN)
        buffer.reserveCapacity(Self.blockSize)
    }

    /// Queues `text`, writing a block whenever one is full.
    func append(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.blockSize { try flush() }
    }

    /// Writes everything queued.
    func flush() throws {
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { bytes in
                write(STDOUT_FILENO, bytes.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                buffer.removeAll(keepingCapacity: true)
                if errno == EPIPE { throw Closed() }
                throw WriteError(code: errno)
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Standard output failed for another reason than a closed pipe (a full disk).
    struct WriteError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "can't write to standard output: \(String(cString: strerror(code)))" }
    }
}
