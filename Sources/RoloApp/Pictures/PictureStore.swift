import Foundation
import RoloCore
import TerminalUI

/// The pictures a view-model has asked for, on the main actor: what is ready, what is loading,
/// what failed, what the server doesn't have; starts the pipeline's work, retries what failed
/// and cancels what is no longer wanted.
@MainActor
public final class PictureStore {
    /// Where one picture stands.
    public enum State: Equatable {
        case loading
        case ready(CellImage)
        case failed(String)
        /// The server has no such picture (a 404): not an error, and a retry doesn't ask again.
        case missing
        /// This terminal draws no pictures (yet): the view shows what it shows without one.
        case notDrawn
    }

    private struct Slot: Hashable {
        let key: String
        let columns: Int
        let rows: Int
    }

    private let pipeline: ImagePipeline
    private let busy: BusyTracker
    private var states: [Slot: State] = [:]
    private var tasks: [Slot: Task<Void, Never>] = [:]
    /// How each picture asked for is loaded, so a failed one can be tried again.
    private var loaders: [Slot: ImagePipeline.Loader] = [:]
    /// Called when a picture becomes ready or fails.
    public var onChange: () -> Void = {}
    /// Counts `renderAgain` calls: work started before the latest may have rendered the old way.
    private var generation = 0
    /// How many pictures have been asked for, each slot once: what a list of 200,000 must
    /// keep to its rows on screen.
    public private(set) var requestCount = 0

    /// Whether pictures wait for the terminal to say it draws them: on a terminal of fewer than
    /// 256 colours, which gets no half blocks but may answer that it draws sixel or kitty
    /// pictures. Meanwhile every picture reads `.notDrawn` and requests are kept, not started.
    public private(set) var isHeld: Bool
    /// The requests kept while held, started by `release()`.
    private var held: [Slot: ImagePipeline.Loader] = [:]

    public init(pipeline: ImagePipeline, busy: BusyTracker, held: Bool = false) {
        self.pipeline = pipeline
        self.busy = busy
        isHeld = held
    }

    /// Where the picture `key` for a slot stands, without starting anything (views read this).
    public func state(_ key: String, columns: Int, rows: Int) -> State? {
        isHeld ? .notDrawn : states[Slot(key: key, columns: columns, rows: rows)]
    }

    /// The picture `key` for a slot, starting its work the first time it is asked for.
    @discardableResult
    public func picture(_ key: String, columns: Int, rows: Int, load: @escaping ImagePipeline.Loader) -> State {
        let slot = Slot(key: key, columns: columns, rows: rows)
        if isHeld {
            held[slot] = load
            return .notDrawn
        }
        if let state = states[slot] { return state }
        states[slot] = .loading
        loaders[slot] = load
        requestCount += 1
        start(slot, retrying: false)
        return .loading
    }

    /// Tries every failed picture again (`r`). Ready and missing ones are left alone, so nothing
    /// cached is fetched again; a failed one keeps its badge until the new answer replaces it,
    /// so nothing on screen blinks through "loading".
    public func retryFailed() {
        for (slot, state) in states where tasks[slot] == nil {
            guard case .failed = state, loaders[slot] != nil else { continue }
            start(slot, retrying: true)
        }
    }

    /// Renders every ready picture again, after the pipeline's way of drawing changed (the
    /// terminal said it draws pictures itself): each keeps showing until its new rendering
    /// replaces it, so nothing blinks.
    public func renderAgain() {
        generation += 1
        for (slot, state) in states where tasks[slot] == nil {
            guard case .ready = state, loaders[slot] != nil else { continue }
            start(slot, retrying: false)
        }
    }

    private func start(_ slot: Slot, retrying: Bool) {
        guard let load = loaders[slot] else { return }
        let pipeline = self.pipeline
        let started = generation
        tasks[slot] = busy.task { [weak self] in
            let state: State
            do {
                if retrying { await pipeline.forgetFailure(of: slot.key) }
                state = .ready(try await pipeline.cells(for: slot.key, columns: slot.columns, rows: slot.rows, load: load))
            } catch is CancellationError {
                return
            } catch let error as ImageDecodeError {
                state = .failed(error.reason)
            } catch let error as FetchError where error.kind == .notFound {
                state = .missing
            } catch let error as FetchError {
                state = .failed(error.message)
            } catch {
                state = .failed(String(describing: error))
            }
            guard let self, !Task.isCancelled else { return }
            self.tasks[slot] = nil
            // In flight when the way of drawing changed: shown as it is, and rendered again.
            if started != self.generation, case .ready = state { self.start(slot, retrying: false) }
            guard self.states[slot] != state else { return }
            self.states[slot] = state
            self.onChange()
        }
    }

    /// Starts the requests kept while held: the terminal said it draws pictures.
    public func release() {
        guard isHeld else { return }
        isHeld = false
        let requests = held
        held.removeAll()
        for (slot, load) in requests { picture(slot.key, columns: slot.columns, rows: slot.rows, load: load) }
        onChange()
    }

    /// Drops the requests kept while held: the terminal draws no pictures, so they stay `.notDrawn`.
    public func dropHeld() {
        held.removeAll()
    }

    /// Cancels the work for every picture whose key isn't kept, e.g. when the selection moved on,
    /// so a fast scroll never queues stale decodes. Finished pictures stay cached.
    public func cancel(keeping keep: (String) -> Bool) {
        held = held.filter { keep($0.key.key) }
        for (slot, task) in tasks where !keep(slot.key) {
            task.cancel()
            tasks[slot] = nil
            // A retried picture keeps its old answer; one that never had one is forgotten.
            if states[slot] == .loading {
                states[slot] = nil
                loaders[slot] = nil
            }
        }
    }

    /// Forgets everything, e.g. after a refresh brought new images.
    public func removeAll() {
        held.removeAll()
        tasks.values.forEach { $0.cancel() }
        tasks.removeAll()
        states.removeAll()
        loaders.removeAll()
    }
}
