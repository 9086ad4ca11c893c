import RoloCore

/// A list's stored lookups (its `[[sources.lookups]]`, Pipedrive's organisation and owner
/// names), read in the background at start and again each time a sync stores them, each read
/// after the one before: an older answer never lands after a newer one.
@MainActor
final class LookupReads {
    private let store: LookupStore
    private let busy: BusyTracker
    private var last: Task<Void, Never>?

    /// Reads of `store`, each counted busy by `busy`.
    init(store: LookupStore, busy: BusyTracker) {
        self.store = store
        self.busy = busy
    }

    /// Reads the stored lookups once the read before has landed, and hands them to `apply`.
    func read(_ apply: @escaping @MainActor (Result<LookupValues, any Error>) -> Void) {
        let previous = last, store = store
        last = busy.task {
            await previous?.value
            do {
                apply(.success(try await store.values()))
            } catch {
                apply(.failure(error))
            }
        }
    }
}
