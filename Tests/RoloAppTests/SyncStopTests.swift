import Foundation
import Logging
@testable import RoloApp
import RoloCore
import Testing

/// How a stopped sync reads, the same for Pipedrive's persons and every configured source.
@Suite("A sync that stops says why: offline over stored records, a banner over them, or the empty list's reason")
struct SyncStopTests {
    private let logger = Logger(label: "test.sync-stop")
    private let saved = Sample.today.addingTimeInterval(-7200)

    private func stop(_ error: any Error, stored: Int, saved: Bool = true) -> SyncStop? {
        SyncStop(
            .failure(error), stored: stored, savedAt: saved ? self.saved : nil, shown: "Tickets", now: Sample.today,
            timeZone: Sample.zone, logger: logger)
    }

    /// An error that is neither a fetch's nor the store's.
    private struct Broken: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    private func fetch(_ kind: FetchError.Kind, _ message: String = "it broke") -> FetchError {
        FetchError(kind: kind, endpoint: "api.example.com", message: message, detail: "detail")
    }

    @Test("unreachable or timed out over stored records: offline, saying since when")
    func offline() {
        for kind in [FetchError.Kind.unreachable, .timedOut] {
            #expect(stop(fetch(kind), stored: 3) == .offline("Offline — showing Tickets saved 2 h ago · r to retry"))
            #expect(stop(fetch(kind, "no route"), stored: 0) == .placeholder("no route"))
            #expect(stop(fetch(kind, "no route"), stored: 3, saved: false) == .banner("no route"), "stored, but not saved: no age to say")
        }
    }

    @Test("any other error is a banner over stored records, the empty list's reason without")
    func failed() {
        #expect(stop(fetch(.httpStatus(500), "The server failed"), stored: 3) == .banner("The server failed"))
        #expect(stop(fetch(.badResponse, "not JSON"), stored: 0) == .placeholder("not JSON"))
        #expect(stop(Broken(), stored: 0) == .placeholder("the disk is full"))
        #expect(stop(Broken(), stored: 3) == .banner("the disk is full"))
    }

    @Test("a success, a cancel, and a cancelled request say nothing")
    func quiet() {
        let none = SyncStop(.success(()), stored: 0, savedAt: nil, shown: "Tickets", now: Sample.today, timeZone: Sample.zone, logger: logger)
        #expect(none == nil)
        #expect(stop(CancellationError(), stored: 3) == nil)
        #expect(stop(fetch(.cancelled), stored: 3) == nil)
    }
}
