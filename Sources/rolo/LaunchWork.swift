import Foundation
import Synchronization

/// Start-up work the first frame doesn't need, kept off the main thread's core.
///
/// On two cores, a thread woken at launch took the main thread's core for up to a millisecond at
/// a time (perf's sched_switch, 20 launches: 0.5 ms of each first frame), even at utility
/// priority: libdispatch gives it nice 2, and the kernel still favours a newly woken thread.
enum LaunchWork {
    /// `SCHED_IDLE` from <linux/sched.h>, which Glibc's module declares only under _GNU_SOURCE.
    static let idlePolicy: Int32 = 5

    /// Runs `work` on a thread of its own under `SCHED_IDLE`, which the kernel runs only on a
    /// core that would otherwise idle: it can use a spare core, never take the main thread's.
    /// For warm-ups whose result the main thread would otherwise make itself when it needs it;
    /// returns false, and leaves the work to that, when no thread can be made.
    ///
    /// A bare pthread that takes the policy as its first act (a Foundation `Thread` set itself up
    /// at the normal policy first, and took the main thread's core meanwhile; glibc's thread
    /// attributes refuse SCHED_IDLE).
    @discardableResult
    static func onSpareCore(_ work: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            var parameters = sched_param()
            // 0 is the calling thread: on Linux the policy is a thread's own.
            _ = sched_setscheduler(0, LaunchWork.idlePolicy, &parameters)
            Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// A closure handed to a new thread.
    private final class Work {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

/// Opened once the first frame is out: work that waits on it begins then, at its own priority.
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
