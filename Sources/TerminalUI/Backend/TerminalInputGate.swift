import Foundation

/// Stops the input thread from reading the terminal while another program has it, and lets it
/// go on after: the thread parks when woken with the gate closed, and says so.
final class TerminalInputGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var closed = false
    private var parked = false

    /// Whether the thread should park now (it was woken to).
    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// Closes the gate; the caller then wakes the thread and waits for ``waitUntilParked()``.
    func close() {
        condition.lock()
        closed = true
        condition.unlock()
    }

    /// Blocks until the input thread has parked (never on the main actor: the thread may be
    /// waiting for it to read the keys it handed over).
    func waitUntilParked() {
        condition.lock()
        while closed && !parked { condition.wait() }
        condition.unlock()
    }

    /// On the input thread: parks until the gate opens again.
    func park() {
        condition.lock()
        parked = true
        condition.broadcast()
        while closed { condition.wait() }
        parked = false
        condition.unlock()
    }

    /// Opens the gate: the parked thread goes on reading.
    func open() {
        condition.lock()
        closed = false
        condition.broadcast()
        condition.unlock()
    }
}
