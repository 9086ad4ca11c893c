import Foundation
import RoloCore
import TerminalUI

/// The pictures a view-model has asked for, on the main actor: what is ready, what is loading,
/// what failed; starts the pipeline's work and cancels what is no longer wanted.
@MainActor
public final class PictureStore {
    /// Where one picture stands.
    public enum State: Equatable {
        case loading
        case ready(CellImage)
        case failed(String)
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
    /// Called when a picture becomes ready or fails.
    public var onChange: () -> Void = {}

    public init(pipeline: ImagePipeline, busy: BusyTracker) {
        self.pipeline = pipeline
        self.busy = busy
    }

    /// Where the picture `key` for a slot stands, without starting anything (views read this).
    public func state(_ key: String, columns: Int, rows: Int) -> State? {
        states[Slot(key: key, columns: columns, rows: rows)]
    }

    /// The picture `key` for a slot, starting its work the first time it is asked for.
    @discardableResult
    public func picture(_ key: String, columns: Int, rows: Int, load: @escaping ImagePipeline.Loader) -> State {
        let slot = Slot(key: key, columns: columns, rows: rows)
        if let state = states[slot] { return state }
        states[slot] = .loading
        let pipeline = self.pipeline
        tasks[slot] = busy.task { [weak self] in
            let state: State
            do {
                state = .ready(try await pipeline.cells(for: key, columns: columns, rows: rows, load: load))
            } catch is CancellationError {
                return
            } catch let error as ImageDecodeError {
                state = .failed(error.reason)
            } catch let error as FetchError {
                state = .failed(error.message)
            } catch {
                state = .failed(String(describing: error))
            }
            guard let self, !Task.isCancelled else { return }
            self.states[slot] = state
            self.tasks[slot] = nil
            self.onChange()
        }
        return .loading
    }

    /// Cancels the work for every picture whose key isn't kept, e.g. when the selection moved on,
    /// so a fast scroll never queues stale decodes. Finished pictures stay cached.
    public func cancel(keeping keep: (String) -> Bool) {
        for (slot, task) in tasks where !keep(slot.key) {
            task.cancel()
            tasks[slot] = nil
            states[slot] = nil
        }
    }

    /// Forgets everything, e.g. after a refresh brought new images.
    public func removeAll() {
        tasks.values.forEach { $0.cancel() }
        tasks.removeAll()
        states.removeAll()
    }
}
