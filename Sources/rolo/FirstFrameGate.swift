import Foundation
import Synchronization

/// Opened once the first frame is out: work that waits on it begins then, at its own priority.
///
/// On two cores, a thread woken at launch takes the main thread's core for up to a millisecond at
/// a time (perf's sched_switch, 20 launches: 0.5 ms of each first frame), even at utility
/// priority: libdispatch gives it nice 2, and the kernel still favours a newly woken thread.
final class FirstFrameGate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    /// Returns once the gate is open (at once if it is already).
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.isOpen { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Opens the gate, letting every waiter go on; later calls do nothing.
    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
