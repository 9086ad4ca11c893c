import Foundation
import RoloCore

/// `rolo dump`'s standard error: one line a notice or failure, and a progress line redrawn in
/// place only when standard error is a terminal (in a log file it would be noise).
final class StandardErrorReport: Sendable {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let shown = LockedFlag()

    /// The report the dump runner writes through.
    var dumpReport: DumpReport {
        DumpReport(notice: { [self] in line("rolo dump: " + $0) }, progress: { [self] in progress($0) })
    }

    /// Says why the dump printed nothing.
    func fail(_ message: String) {
        line("rolo dump: " + message)
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
        FileHandle.standardError.write(Data(text.utf8))
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
