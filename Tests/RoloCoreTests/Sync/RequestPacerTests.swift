import Foundation
import Testing
@testable import RoloCore

/// The one pacer every sync sends through, with the limits each sync passes in.
@Suite("RequestPacer: 429s, Retry-After and rate limits, within the limits it is given")
struct RequestPacerTests {
    private static func refusal(retryAfter: Double? = nil) -> FetchError {
        FetchError(kind: .httpStatus(429), endpoint: "/x", message: "slow down", detail: "429", retryAfter: retryAfter)
    }

    /// A request answering from `answers` in turn: a refusal throws it, a limit is returned.
    private final class Script: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [Result<RateLimit, FetchError>]
        private(set) var sent = 0

        init(_ answers: [Result<RateLimit, FetchError>]) {
            self.answers = answers
        }

        func request() throws -> (Int, RateLimit) {
            let answer: Result<RateLimit, FetchError>? = lock.withLock {
                sent += 1
                return answers.isEmpty ? nil : answers.removeFirst()
            }
            guard let answer else {
                Issue.record("asked more often than the script answers")
                return (sent, RateLimit())
            }
            return (sent, try answer.get())
        }
    }

    @Test("429s back off 1, 2, 4 … up to maxBackoff, a named Retry-After waited as named, and maxRefusals in a row give up")
    func limits() async throws {
        let waits = WaitLog()
        var pacer = RequestPacer(limits: .init(maxRefusals: 5, maxBackoff: 3), sleep: { waits.append($0) })
        let refusing = Script(Array(repeating: .failure(Self.refusal()), count: 5))
        await #expect(throws: FetchError.self) { _ = try await pacer.send({ try refusing.request() }, waiting: { _ in }) }
        #expect(refusing.sent == 5 && waits.values == [1, 2, 3, 3])

        let named = WaitLog()
        var patient = RequestPacer(limits: .init(maxRefusals: 5, maxBackoff: 3), sleep: { named.append($0) })
        let script = Script([.failure(Self.refusal(retryAfter: 7)), .success(RateLimit(remaining: 0, resetSeconds: 2)), .success(RateLimit())])
        let heard = WaitLog()
        #expect(try await patient.send({ try script.request() }, waiting: { heard.append($0) }) == 2)
        #expect(named.values == [7], "the limit's reset is owed, not served after the last request")
        #expect(try await patient.send({ try script.request() }, waiting: { heard.append($0) }) == 3)
        #expect(named.values == [7, 2] && heard.values == [7, 2])
    }
}
