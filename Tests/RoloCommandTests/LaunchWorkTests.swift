import Foundation
import Testing
@testable import rolo

@Suite("Launch work: the first-frame gate and the spare-core thread")
struct LaunchWorkTests {
    private actor Count {
        var value = 0
        func add() { value += 1 }
    }

    @Test("Waiters go on only once the gate opens; a wait after it opens returns at once")
    func gate() async {
        let gate = FirstFrameGate()
        let passed = Count()
        let waiters = (0..<3).map { _ in
            Task {
                await gate.wait()
                await passed.add()
            }
        }
        // Give the waiters every chance to run; none may pass a closed gate.
        for _ in 0..<100 { await Task.yield() }
        #expect(await passed.value == 0)
        gate.open()
        for waiter in waiters { await waiter.value }
        #expect(await passed.value == 3)
        gate.open()
        await gate.wait()
    }

    @Test("Work on a spare core runs, under SCHED_IDLE")
    func spareCore() {
        let done = DispatchSemaphore(value: 0)
        let policy = Policy()
        #expect(LaunchWork.onSpareCore {
            policy.value = sched_getscheduler(0)
            done.signal()
        })
        // SCHED_IDLE still gets a sliver of a busy machine; the bound only keeps a failure from hanging.
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(policy.value == LaunchWork.idlePolicy)
    }

    /// What the thread saw, read after the semaphore says it is written.
    private final class Policy: @unchecked Sendable {
        var value: Int32 = -1
    }
}
