import CTerminal
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The input thread's wait (`rolo_poll2`) tells a key from a terminal that has gone: a pty whose
/// far end closed (ssh dropped, the terminal window closed), or input at end of file, is a
/// hang-up (bit 4), never "readable" forever.
@Suite("The input wait hears a lost terminal")
struct TerminalEndOfFileTests {
    /// A pseudo-terminal: the far end (what a terminal emulator or sshd holds) and rolo's end.
    private func openPTY() throws -> (far: Int32, near: Int32) {
        // posix_openpt, unlockpt and ptsname aren't in Swift's Glibc module; these ioctls
        // (Linux's TIOCSPTLCK and TIOCGPTN) are what they do.
        let far = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: Int32 = 0
        guard far >= 0, ioctl(far, 0x4004_5431, &unlock) == 0, ioctl(far, 0x8004_5430, &number) == 0 else {
            throw POSIXError(.ENXIO)
        }
        let near = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard near >= 0 else { throw POSIXError(.ENXIO) }
        // Non-canonical, as rolo's cbreak mode: a byte is readable as soon as it arrives.
        var settings = termios()
        tcgetattr(near, &settings)
        cfmakeraw(&settings)
        tcsetattr(near, TCSANOW, &settings)
        return (far, near)
    }

    /// A pipe for the signal side of the wait, which stays quiet here.
    private func quietPipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        return (ends[0], ends[1])
    }

    @Test("a key is readable; the far end closing is a hang-up")
    func ptyClosed() throws {
        let (far, near) = try openPTY()
        defer { close(near) }
        let signals = quietPipe()
        defer { close(signals.read); close(signals.write) }
        #expect(rolo_poll2(near, signals.read, 0) == 0, "nothing yet")
        #expect(write(far, "q", 1) == 1)
        #expect(rolo_poll2(near, signals.read, 5_000) == 1, "a key: readable, not hung up")
        var byte: UInt8 = 0
        #expect(read(near, &byte, 1) == 1 && byte == UInt8(ascii: "q"))
        close(far)
        let mask = rolo_poll2(near, signals.read, 5_000)
        #expect(mask & 4 != 0, "mask \(mask)")
    }

    @Test("input at end of file is a hang-up")
    func endOfFile() {
        let input = quietPipe()
        let signals = quietPipe()
        defer { close(input.read); close(signals.read); close(signals.write) }
        #expect(write(input.write, "ab", 2) == 2)
        #expect(rolo_poll2(input.read, signals.read, 5_000) == 1, "bytes waiting: readable")
        var bytes = [UInt8](repeating: 0, count: 2)
        #expect(read(input.read, &bytes, 2) == 2)
        close(input.write)
        let mask = rolo_poll2(input.read, signals.read, 5_000)
        #expect(mask & 4 != 0, "mask \(mask)")
    }

    @Test("a signal while keys wait is both, not a hang-up")
    func signalAndKey() {
        let input = quietPipe()
        let signals = quietPipe()
        defer { close(input.read); close(input.write); close(signals.read); close(signals.write) }
        #expect(write(input.write, "j", 1) == 1)
        #expect(write(signals.write, "\u{1}", 1) == 1)
        #expect(rolo_poll2(input.read, signals.read, 5_000) == 3)
    }
}
