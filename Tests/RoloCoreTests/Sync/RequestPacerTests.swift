import Foundation
import Testing
@testable import RoloCore
import RoloTestSupport

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

    @Test("beside work, the request goes while the work runs; its 429 is waited out after the work; a wait owed puts the work first")
    func beside() async throws {
        let log = Log<String>()
        var pacer = RequestPacer(limits: .init(maxRefusals: 5, maxBackoff: 3), sleep: { log.append("wait \($0)") })
        let script = Script([
            .failure(Self.refusal(retryAfter: 4)), .success(RateLimit(remaining: 0, resetSeconds: 2)), .success(RateLimit()),
        ])
        let request: @Sendable () async throws -> (Int, RateLimit) = {
            log.append("sent")
            return try script.request()
        }
        let first = try await pacer.send(request, beside: {
            #expect(await poll { log.values.contains("sent") }, "the request goes before the work ends")
            log.append("worked")
        }, waiting: { log.append("heard \($0)") })
        #expect(first == 2)
        #expect(log.values == ["sent", "worked", "heard 4.0", "wait 4.0", "sent"], "the 429 is waited out once the work is done")

        // The answer left no requests: the work runs, then the wait, then the request.
        #expect(try await pacer.send(request, beside: { log.append("worked") }, waiting: { log.append("heard \($0)") }) == 3)
        #expect(log.values.suffix(4) == ["worked", "heard 2.0", "wait 2.0", "sent"])
    }

    @Test("work that throws cancels the request sent beside it, and its error is the one thrown")
    func besideFailingWork() async throws {
        struct Stop: Error {}
        let log = Log<String>()
        var pacer = RequestPacer(limits: .init(maxRefusals: 5, maxBackoff: 3), sleep: { _ in })
        await #expect(throws: Stop.self) {
            _ = try await pacer.send({ () async throws -> (Int, RateLimit) in
                log.append("sent")
                // A server that never answers: only the cancel ends the wait early.
                try? await Task.sleep(for: waitBound)
                log.append(Task.isCancelled ? "cancelled" : "not cancelled")
                return (0, RateLimit())
            }, beside: {
                _ = await poll { log.values.contains("sent") }
                throw Stop()
            }, waiting: { _ in })
        }
        #expect(log.values == ["sent", "cancelled"])
    }
}
