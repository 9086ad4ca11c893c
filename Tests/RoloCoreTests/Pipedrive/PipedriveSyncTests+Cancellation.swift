import Foundation
import Testing

@testable import RoloCore

/// Cancelling a sync: between pages, before it starts, in a back-off and during a request.
extension PipedriveSyncTests {
    @Test("cancelled between pages: throws CancellationError, keeps what landed, and resumes after it")
    func cancelledBetweenPages() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...9), api: .v2)
        let sync = try sync(account)
        let task = Task {
            // After the first page of persons, not the names' reports.
            try await sync.run(refresh: true) { report in
                if report.stored > 0 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        // The second page may have been asked for while the first was stored; none after it.
        let asked = await account.requested
        #expect(asked == [nil] || asked == [nil, .cursor("c:3")], "\(asked)")
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...3))

        try await run(sync)
        #expect(await account.requested == asked + [.cursor("c:3"), .cursor("c:6")])
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...9))
    }

    @Test("cancelled before it starts: no request at all, names included")
    func cancelledBeforeStart() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...9), api: .v2)
        let sync = try sync(account)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await sync.run(refresh: true)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await account.httpRequests.isEmpty)
    }

    @Test("cancelled during a back-off: the wait's CancellationError ends the run")
    func cancelledWhileWaiting() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...9), api: .v2)
        await account.fail(request: Self.names(.v2) + 1, with: .tooManyRequests(retryAfter: 30))
        let sync = try sync(account)
        let task = Task {
            try await sync.run(refresh: true) { report in
                if report.waiting != nil { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await account.requested == [nil])
        #expect(await account.sleeps == [])
    }

    @Test("cancelled during a request that then fails as cancelled: CancellationError, not the FetchError")
    func cancelledRequestFails() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...9), api: .v1)
        let sync = try cancellingSync(account, answers: false)
        await #expect(throws: CancellationError.self) { try await Task { try await sync?.run(refresh: true) }.value }
    }

    @Test("cancelled during a request that still answers: CancellationError, not a store error, nothing stored")
    func cancelledRequestAnswers() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...9), api: .v1)
        let sync = try cancellingSync(account, answers: true)
        await #expect(throws: CancellationError.self) { try await Task { try await sync?.run(refresh: true) }.value }
        #expect(await account.requested == [nil])
        #expect(try await store.count() == 0)
    }

    /// The sync of `account` (v1: no names) through a ``CancellingClient`` over it.
    private func cancellingSync(_ account: FakePipedriveAccount, answers: Bool) throws -> RecordSync? {
        try PipedriveAccount(
            companyURL: PipedriveHTTP.baseURL, token: PipedriveHTTP.token, api: .v1, http: CancellingClient(account, answers: answers),
            database: database, sleep: { _ in }, now: { Self.start }).sync()
    }
}

/// An HTTP client that cancels the task sending through it, then fails as a cancelled request
/// does or, `answers`, passes the request on to `account` and returns its answer.
private struct CancellingClient: HTTPClient {
    let account: FakePipedriveAccount
    let answers: Bool

    init(_ account: FakePipedriveAccount, answers: Bool) {
        self.account = account
        self.answers = answers
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        withUnsafeCurrentTask { $0?.cancel() }
        guard answers else { throw FetchError(kind: .cancelled, endpoint: "x", message: "m", detail: "d") }
        return try await account.send(request)
    }
}
