import Foundation
import Testing

@testable import RoloCore

/// A run over a stored account: merged page by page into the stored list, which stays shown and
/// whole throughout; a stop resumes where it was; a position the other API version stored lists
/// anew.
extension PipedriveSyncTests {
    /// The persons `numbers` named "<prefix> <n>", as ``FakePipedriveAccount/people(_:prefix:)``.
    static func people(_ numbers: [Int], prefix: String = "Person") -> [PipedrivePerson] {
        numbers.flatMap { FakePipedriveAccount.people($0...$0, prefix: prefix) }
    }

    /// Runs `sync`, recording at each report the persons' step and the names of those stored.
    func runSeeing(_ sync: RecordSync) async throws -> [(step: SyncStep, stored: [String])] {
        let seen = SeenLists()
        let store = self.store
        try await sync.run(refresh: true) { report in
            await seen.record(SyncStep(report), stored: ((try? await store.persons()) ?? []).map(\.name))
        }
        return await seen.snapshots.filter { $0.step.names == nil }
    }

    @Test("a refresh merges page by page: the stored persons stay, each page updates its own, one gone from the account goes at the end")
    func refreshMerges() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...7), api: .v2)
        try await run(sync(account))
        // Person 2 is gone, person 8 is new, the rest renamed.
        let new = Self.people([1, 3, 4, 5, 6, 7, 8], prefix: "New")
        await account.replacePersons(new)

        let seen = try await runSeeing(sync(account))
        #expect(seen.map(\.step) == [SyncStep(3, of: 7), SyncStep(6, of: 7), SyncStep(7, of: 7, finished: true)])
        #expect(seen.map(\.stored) == [
            ["New 1", "Person 2", "New 3", "New 4", "Person 5", "Person 6", "Person 7"],
            ["New 1", "Person 2", "New 3", "New 4", "New 5", "New 6", "New 7"],
            ["New 1", "New 3", "New 4", "New 5", "New 6", "New 7", "New 8"],
        ])
        #expect(Array(await account.requested.suffix(3)) == [nil, .cursor("c:3"), .cursor("c:6")])
        #expect(try await storedPersons() == new)
        #expect(try await store.positions(matching: "new 8") == [6])
        #expect(try await store.positions(matching: "person 2") == [])
        try await expectWholeAfterRefresh(total: 7)
    }

    @Test("a refresh stopped half-way keeps the list whole, resumes at its stored position and still ends with the whole new list")
    func refreshResumes() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...7), api: .v2)
        try await run(sync(account))
        await account.replacePersons(FakePipedriveAccount.people(1...8, prefix: "New"))
        // The refresh's names (2 requests after the first run's 5), its first page, then its second fails.
        await account.fail(request: 5 + 2 + 2, with: .offline)
        // A page after the first: the stop says where, in its own kind.
        let refusal = await #expect(throws: FetchError.self) { try await run(sync(account)) }
        #expect(refusal?.kind == FetchError.offline.kind && refusal?.partway == true && refusal?.message.hasSuffix(": offline — r to retry") == true)

        #expect(try await storedPersons().map(\.name) == ["New 1", "New 2", "New 3", "Person 4", "Person 5", "Person 6", "Person 7"])
        let stopped = try #require(try await store.state())
        #expect(stopped.refreshing && stopped.next?.cursor == "c:3")

        let later = Self.start.addingTimeInterval(3_600)
        try await run(sync(account, at: later))
        #expect(Array(await account.requested.suffix(3)) == [.cursor("c:3"), .cursor("c:3"), .cursor("c:6")])
        #expect(Array(await account.served.suffix(2)) == [.cursor("c:3"), .cursor("c:6")])
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...8, prefix: "New"))
        #expect(try await store.state()?.complete == true)
        #expect(try await store.state()?.refreshedAt == later)
    }

    @Test("a list the other API version stopped half-way is listed anew from the first page, and ends whole in the new version's words",
          arguments: [(PipedriveAPIVersion.v1, PipedriveAPIVersion.v2), (.v2, .v1)])
    func otherAPIVersion(stoppedBy first: PipedriveAPIVersion, then second: PipedriveAPIVersion) async throws {
        let before = FakePipedriveAccount(FakePipedriveAccount.people(1...10), api: first)
        await before.fail(request: Self.names(first) + 3, with: .offline)
        // A page after the first: the stop says where, in its own kind.
        let refusal = await #expect(throws: FetchError.self) { try await run(sync(before)) }
        #expect(refusal?.kind == FetchError.offline.kind && refusal?.partway == true && refusal?.message.hasSuffix(": offline — r to retry") == true)
        #expect(try await store.count() == 6)

        let after = FakePipedriveAccount(FakePipedriveAccount.people(1...10, prefix: "Again"), api: second)
        let seen = try await runSeeing(sync(after))
        #expect(await after.requested == [nil, after.token(at: 3), after.token(at: 6), after.token(at: 9)])
        // The six stored stay shown while the new listing merges over them.
        #expect(seen.allSatisfy { $0.stored.count >= 6 })
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...10, prefix: "Again"))
        #expect(try await store.state()?.complete == true)
    }

    /// Expects the list whole after a first run of three pages and a refresh of three.
    private func expectWholeAfterRefresh(total: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let state = try #require(try await store.state(), sourceLocation: sourceLocation)
        #expect(state.complete && !state.refreshing && state.total == total && state.pagesStored == 6, sourceLocation: sourceLocation)
    }
}

/// The steps of a run, each with the names stored when it was reported.
private actor SeenLists {
    private(set) var snapshots: [(step: SyncStep, stored: [String])] = []

    func record(_ step: SyncStep, stored: [String]) {
        snapshots.append((step, stored))
    }
}
