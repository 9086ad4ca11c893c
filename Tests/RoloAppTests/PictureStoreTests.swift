import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

/// Answers a picture's loads from a script: each call takes the next answer, and is counted.
private final class ScriptedLoads: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Result<Data, FetchError>]
    private var calls = 0

    init(_ answers: [Result<Data, FetchError>]) {
        self.answers = answers
    }

    var count: Int { lock.withLock { calls } }

    func load() throws -> Data {
        let answer = lock.withLock {
            calls += 1
            return answers.nextAnswer()
        }
        guard let answer else { throw FetchError(kind: .unreachable, endpoint: "images.test", message: "No answer scripted", detail: "") }
        return try answer.get()
    }
}

@MainActor
@Suite("Picture store: retrying failed pictures and the missing state")
struct PictureStoreTests {
    private static let offline = FetchError(kind: .unreachable, endpoint: "images.test", message: "Can't reach images.test", detail: "")
    private static let gone = FetchError(kind: .notFound, endpoint: "images.test", message: "No photo at images.test", detail: "404")

    private func jpeg() throws -> Data {
        try ImageEncoder.jpeg(rgb: [UInt8](repeating: 90, count: 8 * 8 * 3), width: 8, height: 8, quality: 90)
    }

    private func ask(_ store: PictureStore, _ key: String, _ loads: ScriptedLoads) {
        store.picture(key, columns: 8, rows: 4) { _ in try loads.load() }
    }

    @Test("Held (a terminal of 8 colours, before it answers): nothing loads and every picture reads notDrawn; released, the kept requests load")
    func heldUntilReleased() async throws {
        let busy = BusyTracker()
        let store = PictureStore(pipeline: ImagePipeline(), busy: busy, held: true)
        var changes = 0
        store.onChange = { changes += 1 }
        let kept = ScriptedLoads([.success(try jpeg())]), dropped = ScriptedLoads([.success(try jpeg())])
        ask(store, "kept", kept)
        ask(store, "scrolled past", dropped)
        store.cancel { $0 == "kept" }
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        #expect(kept.count == 0 && store.requestCount == 0, "nothing starts while held")
        #expect(store.state("kept", columns: 8, rows: 4) == .notDrawn)

        store.release()
        #expect(changes == 1, "the views are told to ask again")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        guard case .ready? = store.state("kept", columns: 8, rows: 4) else { Issue.record("the kept request didn't load"); return }
        #expect(kept.count == 1 && dropped.count == 0, "the request the view no longer wanted was dropped")
    }

    @Test("Held, then the terminal draws no pictures: the requests are dropped and pictures stay notDrawn")
    func heldThenDropped() async throws {
        let busy = BusyTracker()
        let store = PictureStore(pipeline: ImagePipeline(), busy: busy, held: true)
        let loads = ScriptedLoads([.success(try jpeg())])
        ask(store, "photo", loads)
        store.dropHeld()
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        #expect(store.state("photo", columns: 8, rows: 4) == .notDrawn && loads.count == 0)
    }

    @Test("r tries a failed picture again, leaves a ready one alone, and the failed badge stays until the answer")
    func retryFailed() async throws {
        let busy = BusyTracker()
        let store = PictureStore(pipeline: ImagePipeline(), busy: busy)
        var changes = 0
        store.onChange = { changes += 1 }
        let ready = ScriptedLoads([.success(try jpeg())])
        let flaky = ScriptedLoads([.failure(Self.offline), .success(try jpeg())])
        ask(store, "ready", ready)
        ask(store, "flaky", flaky)
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        #expect(store.state("flaky", columns: 8, rows: 4) == .failed("Can't reach images.test"))
        guard case .ready? = store.state("ready", columns: 8, rows: 4) else { Issue.record("not ready"); return }
        let before = changes

        store.retryFailed()
        #expect(store.state("flaky", columns: 8, rows: 4) == .failed("Can't reach images.test"),
                "no flicker through loading while the retry runs")
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        guard case .ready? = store.state("flaky", columns: 8, rows: 4) else { Issue.record("retry didn't load"); return }
        #expect(flaky.count == 2)
        #expect(ready.count == 1, "a ready picture is never loaded again")
        #expect(changes == before + 1)
    }

    @Test("A retry that fails the same way changes nothing on screen")
    func retrySameFailure() async {
        let busy = BusyTracker()
        let store = PictureStore(pipeline: ImagePipeline(), busy: busy)
        var changes = 0
        store.onChange = { changes += 1 }
        let down = ScriptedLoads([.failure(Self.offline)])
        ask(store, "down", down)
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        store.retryFailed()
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        #expect(down.count == 2)
        #expect(changes == 1, "only the first failure was news")
    }

    @Test("A picture that can't be decoded is decoded again on retry, not answered from the pipeline's memory")
    func retryUndecodable() async throws {
        let busy = BusyTracker()
        let store = PictureStore(pipeline: ImagePipeline(), busy: busy)
        let fixed = ScriptedLoads([.success(Data("<html>".utf8)), .success(Data("<html>".utf8)), .success(try jpeg())])
        ask(store, "fixed", fixed)
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        guard case .failed? = store.state("fixed", columns: 8, rows: 4) else { Issue.record("not failed"); return }
        store.retryFailed()
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        guard case .ready? = store.state("fixed", columns: 8, rows: 4) else { Issue.record("not decoded again"); return }
    }

    @Test("A 404 is missing, not failed, and a retry doesn't ask for it again")
    func missing() async {
        let busy = BusyTracker()
        let store = PictureStore(pipeline: ImagePipeline(), busy: busy)
        let absent = ScriptedLoads([.failure(Self.gone)])
        ask(store, "absent", absent)
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        #expect(store.state("absent", columns: 8, rows: 4) == .missing)
        store.retryFailed()
        #expect(await settle({ busy.isIdle }, limit: 100_000))
        #expect(absent.count == 1)
        var picture = Picture(initials: "MT", colorSeed: 1)
        picture.show(.missing, in: Size(width: 8, height: 4), noun: "avatar")
        #expect(picture.caption == "no avatar on the server")
        #expect(picture.slot == nil, "no rows kept for a picture that won't come")
    }
}
