import Foundation
import Logging
@testable import RoloCore
import Testing
@testable import RoloApp

/// The sync rules every engine list follows, Pipedrive's persons and configured sources alike.
@MainActor
@Suite("An engine list's sync as its view-model follows it: failures, offline, skipped records")
struct SyncFollowingTests {
    typealias Progress = RecordSync.Progress
    let logger = Logger(label: "rolo.test")
    let noun = (singular: "ticket", plural: "tickets")
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    let unreachable = FetchError(kind: .unreachable, endpoint: "api.test", message: "Can't reach api.test — r to retry", detail: "refused")
    let refused = FetchError(kind: .httpStatus(500), endpoint: "api.test", message: "api.test answered 500 — r to retry", detail: "")

    private func ended(_ sync: inout SyncFollowing, _ error: any Error, stored: Int) -> SourceEvent? {
        sync.ended(.failure(error), stored: stored, savedAt: now.addingTimeInterval(-7_200), shown: "Tickets", now: now,
                   timeZone: TimeZone(identifier: "UTC")!, logger: logger)
    }

    @Test("A first listing that fails is the empty list's reason, until the next run or an answer")
    func firstFailure() {
        var sync = SyncFollowing()
        #expect(ended(&sync, refused, stored: 0) == nil)
        #expect(sync.firstFailure == "api.test answered 500 — r to retry" && !sync.isOffline)
        sync.began()
        #expect(sync.firstFailure == nil)
        _ = ended(&sync, refused, stored: 0)
        sync.serverAnswered()
        #expect(sync.firstFailure == nil)
    }

    @Test("Unreachable with records stored is offline, said since when; over a stored list any other error is a banner")
    func offlineAndBanner() {
        var sync = SyncFollowing()
        #expect(ended(&sync, unreachable, stored: 3) == .banner("Offline — showing Tickets saved 2 h ago · r to retry", isError: true))
        #expect(sync.isOffline && sync.firstFailure == nil)
        sync.serverAnswered()
        #expect(!sync.isOffline)
        #expect(ended(&sync, refused, stored: 3) == .banner("api.test answered 500 — r to retry", isError: true))
        #expect(!sync.isOffline)
        #expect(ended(&sync, CancellationError(), stored: 3) == nil)
    }

    @Test("Skipped records are kept from report to report and noticed once, at the end; a wait ends with the run")
    func skippedAndWaiting() {
        var sync = SyncFollowing()
        let skipped = [SkippedRecord(index: 2, problem: .wrongType("id", should: "a whole number", isnt: "a number"))]
        #expect(sync.reported(Progress(stored: 10, total: 20, finished: false, skipped: skipped), noun: noun, logger: logger) == nil)
        #expect(sync.reported(Progress(stored: 15, total: 20, waiting: 6, finished: false, skipped: skipped), noun: noun, logger: logger) == nil)
        #expect(sync.progress?.waiting == 6)
        let notice = sync.reported(Progress(stored: 19, total: 20, finished: true, skipped: skipped), noun: noun, logger: logger)
        guard case .banner(let text, isError: false)? = notice else {
            Issue.record("no notice of the skipped ticket: \(String(describing: notice))")
            return
        }
        #expect(text.contains("1 ticket"), "\(text)")
        sync.began()
        #expect(sync.progress == nil)
        _ = sync.reported(Progress(stored: 0, total: nil, waiting: 3, finished: false, skipped: []), noun: noun, logger: logger)
        _ = sync.ended(.success(()), stored: 0, savedAt: nil, shown: "Tickets", now: now, timeZone: .current, logger: logger)
        #expect(sync.progress?.waiting == nil)
    }
}
