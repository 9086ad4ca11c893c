/// Which rows a list shows while the user searches: every row, or the matches, worked out off
/// the main actor and swapped in when they land; a newer term cancels the search before it.
@MainActor
final class ListFilter {
    /// The rows to show now.
    private(set) var layout = RowLayout(ids: [])
    private var task: Task<Void, Never>?
    private let busy: BusyTracker

    init(busy: BusyTracker) {
        self.busy = busy
    }

    /// Whether a search is being worked out.
    var isSearching: Bool { task != nil }

    /// Shows `all` when `term` is nil; otherwise starts `matching(term)` and, once it lands,
    /// shows its rows and calls `landed`.
    func apply(
        _ term: String?, all: RowLayout, matching: @escaping @Sendable (String) async -> RowLayout?,
        landed: @escaping @MainActor () -> Void
    ) {
        task?.cancel()
        task = nil
        guard let term else {
            layout = all
            return
        }
        task = busy.task { [weak self] in
            guard let shown = await matching(term), !Task.isCancelled, let self else { return }
            self.layout = shown
            self.task = nil
            landed()
        }
    }
}
