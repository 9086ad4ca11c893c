import Foundation
@testable import RoloApp
import RoloCore
import Testing

/// A performer that fails every 10th record, counts how many run at once, and records each
/// call; it can hold its answers until the test lets them go.
actor FakePerformer: RecordActionPerformer {
    private(set) var calls: [(id: String, inputs: [String: String])] = []
    private(set) var mostInFlight = 0
    private var inFlight = 0
    /// Ids whose records fail.
    private var failing: Set<String>
    private let held = HeldRequests()
    private var holding = false

    init(failing: Set<String> = []) {
        self.failing = failing
    }

    /// From now on these fail (none: every record succeeds).
    func setFailing(_ ids: Set<String>) { failing = ids }
    /// Holds every answer from now on until ``release()``.
    func hold() { holding = true }
    /// Lets one held answer go.
    func release(sourceLocation: SourceLocation = #_sourceLocation) async { await held.release(sourceLocation: sourceLocation) }
    var heldCount: Int { held.count }

    nonisolated func perform(_ action: RecordAction, on item: BulkItem, inputs: [String: String]) async -> Result<ActionOutcome, ActionFailure> {
        await run(item, inputs)
    }

    private func run(_ item: BulkItem, _ inputs: [String: String]) async -> Result<ActionOutcome, ActionFailure> {
        calls.append((item.id, inputs))
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        defer { inFlight -= 1 }
        if holding { await held.hold() }
        // Another turn, so that runs overlap when the engine lets them.
        await Task.yield()
        if failing.contains(item.id) { return .failure(ActionFailure(.request, "HTTP 500 from api.test: record \(item.id) is locked", status: 500)) }
        return .success(.updated(item.record))
    }
}

@MainActor
@Suite("The bulk engine: a few at a time, failures kept apart, retry of the failed only")
struct BulkEngineTests {
    private static let items = (1...100).map { BulkItem(id: "\($0)", label: "Person \($0)", record: .object([JSONMember("id", .number("\($0)"))])) }
    private static let everyTenth = Set(stride(from: 10, through: 100, by: 10).map(String.init))

    private static var action: RecordAction {
        get throws {
            let toml = CrewSamples.toml("""
            [[sources.actions]]
            name = "close"
            key = "x"
            title = "Close"
            method = "PATCH"
            url = "/people/{id}"
            body = { status = "closed" }
            then = "update"
            """)
            return try #require(CrewSamples.source(toml).actions.first)
        }
    }

    @Test("100 records, 4 at a time at most: every one runs once, each result at its own index")
    func concurrency() async throws {
        let performer = FakePerformer(failing: Self.everyTenth)
        await performer.hold()
        let action = try Self.action
        let task = Task { @MainActor in
            var order: [Int] = []
            let results = await BulkEngine.run(Self.items, limit: 4, work: { item in
                await performer.perform(action, on: item, inputs: [:])
            }, finished: { index, _ in order.append(index) })
            return (results, order)
        }
        #expect(await poll(async: { await performer.heldCount == 4 }))
        #expect(await performer.calls.count == 4, "a fifth waits for one of the four to end")
        for _ in 0..<100 { await performer.release() }
        let (results, order) = await task.value
        #expect(await performer.mostInFlight == 4, "the bound is reached and never passed")
        #expect(await performer.calls.count == 100)
        #expect(Set(order) == Set(0..<100) && order.count == 100, "each ends once")
        for (index, result) in results.enumerated() {
            let failed = if case .failure? = result { true } else { false }
            #expect(failed == Self.everyTenth.contains("\(index + 1)"), "result \(index) is record \(index + 1)'s")
        }
    }

    @Test("Stopped: no record starts after, those started end with their results, the rest are nil")
    func stopping() async throws {
        let performer = FakePerformer()
        await performer.hold()
        let action = try Self.action
        let flag = StopFlag()
        let task = Task { @MainActor in
            await BulkEngine.run(Self.items, limit: 4, work: { item in await performer.perform(action, on: item, inputs: [:]) },
                                 stop: { flag.isOn })
        }
        #expect(await poll(async: { await performer.heldCount == 4 }))
        flag.isOn = true
        for _ in 0..<4 { await performer.release() }
        let results = await task.value
        #expect(results.prefix(4).allSatisfy { if case .success? = $0 { true } else { false } }, "the four sent are answered, not cancelled")
        #expect(results.dropFirst(4).allSatisfy { $0 == nil }, "none started after the stop")
        #expect(await performer.calls.count == 4)
    }

    @Test("A run of 100 with 10 failing: failed first with why, then done; R runs only the 10 again, with the same inputs")
    func runAndRetry() async throws {
        let performer = FakePerformer(failing: Self.everyTenth)
        let busy = BusyTracker()
        let run = BulkRun(action: try Self.action, inputs: ["note": "bulk"], sourceID: SourceID(rawValue: "crew"), items: Self.items,
                          performer: performer, busy: busy)
        var changes = 0
        run.onChange = { changes += 1 }
        run.start()
        #expect(run.isRunning && run.progressText == "close 0/100")
        #expect(await settle({ busy.isIdle }, limit: 200_000))
        #expect(!run.isRunning && changes >= 101)
        #expect(run.summary == "close: 90 done, 10 failed")
        #expect(run.failed.map(\.item.id) == (1...10).map { "\($0 * 10)" }, "in list order")
        #expect(run.failed.first?.failure.message == "HTTP 500 from api.test: record 10 is locked")
        let results = BulkResults(run: run)
        #expect(results.lines.first?.text == "Failed (10)")
        #expect(results.lines[1].text == "! Person 10 — HTTP 500 from api.test: record 10 is locked")
        #expect(results.lines[12].text == "Done (90)" && results.lines[13].text == "+ Person 1")

        await performer.setFailing(["20"])
        run.retryFailed()
        #expect(run.progressText == "close 0/10")
        #expect(await settle({ busy.isIdle }, limit: 200_000))
        let calls = await performer.calls
        #expect(calls.count == 110)
        #expect(Set(calls.dropFirst(100).map(\.id)) == Self.everyTenth, "only the failed ran again")
        #expect(calls.allSatisfy { $0.inputs == ["note": "bulk"] })
        #expect(run.summary == "close: 99 done, 1 failed")
        run.retryFailed()
        #expect(await settle({ busy.isIdle }, limit: 200_000))
        let last = await performer.calls
        #expect(last.last?.id == "20" && last.count == 111)
    }

    @Test("Stopping a run: the records never sent are 'not run', and a retry runs them")
    func stopRun() async throws {
        let performer = FakePerformer()
        await performer.hold()
        let busy = BusyTracker()
        let run = BulkRun(action: try Self.action, inputs: [:], sourceID: SourceID(rawValue: "crew"), items: Array(Self.items.prefix(10)),
                          performer: performer, busy: busy, limit: 2)
        run.start()
        #expect(await poll(async: { await performer.heldCount == 2 }))
        run.stop()
        await performer.release()
        await performer.release()
        #expect(await settle({ busy.isIdle }, limit: 200_000))
        #expect(run.summary == "close: 2 done, 8 not run")
        await performer.stopHolding()
        run.retryFailed()
        #expect(await settle({ busy.isIdle }, limit: 200_000))
        #expect(run.summary == "close: 10 done")
    }
}

/// A switch the test turns on while the engine runs.
@MainActor
final class StopFlag {
    var isOn = false
}

extension FakePerformer {
    /// Answers at once from now on.
    func stopHolding() { holding = false }
}
