import Foundation
import StandIn
import Testing

/// Everything generated follows from the seed, so runs and tests are repeatable.
@Suite("Stand-in determinism")
struct StandInDeterminismTests {
    private func body(seed: UInt64, _ path: String) async throws -> Data {
        try await withServer(StandInOptions(seed: seed)) { server in
            try await request(server, path).body
        }
    }

    @Test("the same seed gives identical bodies")
    func sameSeed() async throws {
        #expect(try await body(seed: 42, "/employees") == body(seed: 42, "/employees"))
        #expect(try await body(seed: 42, "/employees/3") == body(seed: 42, "/employees/3"))
    }

    @Test("a different seed gives different data")
    func differentSeed() async throws {
        #expect(try await body(seed: 1, "/employees") != body(seed: 2, "/employees"))
        #expect(try await body(seed: 1, "/employees/3") != body(seed: 2, "/employees/3"))
    }

    @Test("the fail rate follows a sequence fixed by the seed")
    func failRateSequence() async throws {
        func statuses(seed: UInt64) async throws -> [Int] {
            try await withServer(StandInOptions(failRate: 0.5, seed: seed)) { server in
                var statuses: [Int] = []
                for _ in 0..<20 {
                    statuses.append(try await request(server, "/healthCheck").status)
                }
                return statuses
            }
        }
        let first = try await statuses(seed: 9)
        #expect(first == (try await statuses(seed: 9)))
        #expect(first.contains(500) && first.contains(200))
        #expect(Set(first) == [200, 500])
    }

    @Test("control endpoints are neither failed nor delayed")
    func controlIsExempt() async throws {
        try await withServer(StandInOptions(failRate: 1)) { server in
            let failed = try await request(server, "/healthCheck")
            let stats = try await request(server, "/__standin/stats")
            #expect(failed.status == 500)
            #expect(stats.status == 200)
        }
    }
}
