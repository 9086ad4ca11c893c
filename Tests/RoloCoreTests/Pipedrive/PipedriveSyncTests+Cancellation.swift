import Foundation
import Testing

@testable import RoloCore

/// Cancelling a sync: between pages, before it starts, in a back-off and during a request.
extension PipedriveSyncTests {
    @Test("cancelled between pages: throws CancellationError, keeps what landed, and resumes after it")
    func cancelledBetweenPages() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...9), api: .v2)
        let sync = sync(account)
        let task = Task {
            try await sync.run { _ in withUnsafeCurrentTask { $0?.cancel() } }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await account.requested == [nil])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...3))

        try await run(sync)
        #expect(await account.requested == [nil, .cursor("c:3"), .cursor("c:6")])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...9))
    }

    @Test("cancelled before it starts: no request at all")
    func cancelledBeforeStart() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...9), api: .v2)
        let sync = sync(account)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await sync.run { _ in }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await account.requested == [])
    }

    @Test("cancelled during a back-off: the wait's CancellationError ends the run")
    func cancelledWhileWaiting() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...9), api: .v2)
        await account.fail(request: 1, with: .tooManyRequests(retryAfter: 30))
        let sync = sync(account)
        let task = Task {
            try await sync.run { report in
                if report.waiting != nil { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await account.requested == [nil])
        #expect(await account.sleeps == [])
    }

    @Test("cancelled during a request that then fails as cancelled: CancellationError, not the FetchError")
    func cancelledRequestFails() async throws {
        let sync = PipedriveSync(store: store, api: .v2, sleep: { _ in }, now: { Self.start }) { _, _ in
            withUnsafeCurrentTask { $0?.cancel() }
            throw FetchError(kind: .cancelled, endpoint: "x", message: "m", detail: "d")
        }
        await #expect(throws: CancellationError.self) { try await Task { try await sync.run { _ in } }.value }
    }

    @Test("cancelled during a request that still answers: CancellationError, not a store error, nothing half stored")
    func cancelledRequestAnswers() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...9), api: .v2)
        let sync = PipedriveSync(store: store, api: .v2, sleep: { _ in }, now: { Self.start }) { token, limit in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await account.page(after: token, limit: limit)
        }
        await #expect(throws: CancellationError.self) { try await Task { try await sync.run { _ in } }.value }
        #expect(await account.requested == [nil])
        #expect(try shown.count() == 0)
    }
}
