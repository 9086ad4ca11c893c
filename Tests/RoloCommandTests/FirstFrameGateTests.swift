import Foundation
import Testing
@testable import rolo

@Suite("The first-frame gate")
struct FirstFrameGateTests {
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
}
