import CTerminal
import Dispatch
import Foundation

extension Terminal {
    /// Runs on the input thread: waits, reads, separates replies from keys, then hands the main
    /// actor the replies and the work of decoding the keys.
    ///
    /// Woken with `gate` closed, it parks until the gate opens: another program reads the
    /// terminal meanwhile. The Ctrl-C typed for that program is dropped once it goes on.
    nonisolated static func waitForInput(signalFD: Int32, keyPipe: Int32, drained: DispatchSemaphore, gate: TerminalInputGate) {
        var pending = [UInt8](repeating: 0, count: 64)
        var input = [UInt8](repeating: 0, count: 4096)
        var parser = TerminalReplyParser()
        /// Sends key bytes on and wakes the main actor; false when the key pipe is gone.
        func deliver(_ output: TerminalReplyParser.Output) -> Bool {
            guard !output.keyBytes.isEmpty || !output.replies.isEmpty else { return true }
            if !output.keyBytes.isEmpty, !writeAll(output.keyBytes, to: keyPipe) { return false }
            let replies = output.replies
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    Terminal.current?.receive(replies)
                    Terminal.current?.drainInput()
                }
            }
            // Wait until the main actor has read what is there: the pipe stays small, and the
            // keys are decoded in the order they came.
            drained.wait()
            return true
        }
        while true {
            // Bytes of an unfinished sequence get a moment to be finished: an ESC alone is the
            // Esc key only once nothing follows it (ncurses then waits its own ESCDELAY).
            let mask = rolo_poll2(STDIN_FILENO, signalFD, parser.isInsideSequence ? 20 : -1)
            if mask < 0 { return }
            if mask == 0 {
                if !deliver(parser.flush()) { return }
                continue
            }
            if mask & 2 != 0 {
                let count = read(signalFD, &pending, pending.count)
                let signals = count > 0 ? Array(pending[0..<count]) : []
                if signals.contains(0) {
                    guard gate.isClosed else { return }
                    gate.park()
                    let later = read(signalFD, &pending, pending.count)
                    let forwarded = (signals + (later > 0 ? Array(pending[0..<later]) : [])).filter { $0 != 0 && Int32($0) != SIGINT }
                    parser = TerminalReplyParser()
                    if !forwarded.isEmpty {
                        DispatchQueue.main.async {
                            MainActor.assumeIsolated { Terminal.current?.handleSignals(forwarded) }
                        }
                    }
                    continue
                }
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { Terminal.current?.handleSignals(signals) }
                }
            }
            if mask & 4 != 0 {
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { Terminal.current?.onEvent(.hangup) }
                }
                return
            }
            if mask & 1 != 0 {
                let count = read(STDIN_FILENO, &input, input.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else {
                    // End of file, or the terminal is gone (EIO).
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated { Terminal.current?.onEvent(.hangup) }
                    }
                    return
                }
                if !deliver(parser.feed(input[0..<count])) { return }
            }
        }
    }
}
