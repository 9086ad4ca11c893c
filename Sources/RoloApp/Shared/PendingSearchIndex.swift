import RoloCore

/// A list's ``SearchIndex``, made off the main actor while the list it searches is drawn: the
/// first frame shows the list, not its index. Folding 200,000 people's search text takes a
/// quarter of a second, which the directory's answer → first frame would otherwise wait for;
/// a search typed before the index is made waits for it (the list's filter is busy meanwhile,
/// as for any search).
struct PendingSearchIndex: Sendable {
    private let made: Task<SearchIndex, Never>

    /// Starts making the index of `count` records, `key(position)` each
    /// (``SearchIndex/init(count:key:)``), then hands the memory the folding freed back.
    init(count: Int, key: @escaping @Sendable (Int) -> String) {
        made = Task.detached(priority: .userInitiated) {
            await HeavyWork.run {
                let index = SearchIndex(count: count, key: key)
                HeavyWork.returnFreedMemory()
                return index
            }
        }
    }

    /// An index already made.
    init(_ index: SearchIndex) {
        made = Task.detached { index }
    }

    /// The index, once made.
    var index: SearchIndex {
        get async { await made.value }
    }

    /// Waits until the index is made.
    func wait() async {
        _ = await made.value
    }

    /// Counts the index's making as `busy`'s work, so that "idle" still means a search would be
    /// answered at once; called where the list is made, even for a list then dropped.
    @MainActor
    func count(in busy: BusyTracker) {
        _ = busy.task { await wait() }
    }
}
