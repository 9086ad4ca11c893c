@testable import RoloCore
import Testing

@Suite struct StartupTraceTests {
    @Test func describesEachStepAsTheTimeSinceTheOneBefore() {
        let origin: UInt64 = 5_000_000_000
        let steps: [(name: String, at: UInt64)] = [
            ("main", origin), ("terminal", origin + 1_300_000), ("first frame with data", origin + 9_000_000),
        ]
        #expect(StartupTrace.describe(steps, origin: origin)
            == "startup: main +0.0, terminal +1.3, first frame with data +7.7 = 9.0 ms from main")
    }

    @Test func aStepStampedBeforeTheOneBeforeTookNoTime() {
        let origin: UInt64 = 5_000_000_000
        let steps: [(name: String, at: UInt64)] = [
            ("main", origin), ("list answered", origin + 2_000_000), ("list answered", origin + 1_900_000),
            ("first frame with data", origin + 3_000_000),
        ]
        #expect(StartupTrace.describe(steps, origin: origin)
            == "startup: main +0.0, list answered +2.0, list answered +0.0, first frame with data +1.0 = 3.0 ms from main")
    }

    @Test func isOffUnlessTheEnvironmentAsks() {
        // The test runner isn't started with ROLO_TRACE_STARTUP=1, so marks cost nothing here.
        #expect(!StartupTrace.isEnabled)
    }
}
