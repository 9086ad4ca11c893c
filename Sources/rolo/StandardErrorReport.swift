import Foundation
import RoloCore

/// `rolo dump`'s (and `rolo add`'s) standard error: one line a notice or failure, each led by
/// the command's name, and a progress line redrawn in place only when standard error is a
/// terminal (in a log file it would be noise).
final class StandardErrorReport: Sendable {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let shown = LockedFlag()
    /// `rolo dump: `, before every line.
    private let lead: String

    init(command: String = "dump") {
        lead = "rolo \(command): "
    }

    /// The report the dump runner writes through.
    var dumpReport: DumpReport {
        DumpReport(notice: { [self] in line(lead + $0) }, progress: { [self] in progress($0) })
    }

    /// Says why the dump printed nothing.
    func fail(_ message: String) {
        line(lead + message)
    }

    private func line(_ text: String) {
        clearProgress()
        emit(text.sanitizedForTerminal + "\n")
    }

    private func progress(_ text: String?) {
        guard isTerminal else { return }
        guard let text else { return clearProgress() }
        // \r and erase-line: the next progress line replaces this one.
        emit("\r\u{1B}[K" + text.sanitizedForTerminal)
        shown.set(true)
    }

    private func clearProgress() {
        guard isTerminal, shown.set(false) else { return }
        emit("\r\u{1B}[K")
    }

    private func emit(_ text: String) {
        write(Array(text.utf8))
    }

    /// `bytes` on standard error as they are, through a plain write(2): FileHandle traps on an
    /// error, and a closed standard error must not crash a command whose output is fine.
    func write(_ bytes: [UInt8]) {
        var bytes = bytes[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// A flag shared between the dump and the sync's progress callbacks.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    /// Sets the flag; returns what it was.
    @discardableResult
    func set(_ new: Bool) -> Bool {
        lock.withLock {
            defer { value = new }
            return value
        }
    }
}
