import RoloCore

/// Where a piece of data stands: never loaded, loading, loaded, or failed — keeping the last
/// good value through a reload or a failure, so the screen never goes blank.
public enum LoadState<Value: Sendable>: Sendable {
    case idle
    case loading(previous: Value?)
    /// `stale` marks saved data shown while (or because) the network could not confirm it.
    case loaded(Value, stale: Bool)
    case failed(FetchError, previous: Value?)

    /// The data to show, whatever the state.
    public var value: Value? {
        switch self {
        case .idle: return nil
        case .loading(let previous): return previous
        case .loaded(let value, _): return value
        case .failed(_, let previous): return previous
        }
    }

    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    public var error: FetchError? {
        if case .failed(let error, _) = self { return error }
        return nil
    }
}
