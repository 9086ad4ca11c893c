import RoloCore
import TerminalUI

/// The selection and the detail pane: what resting on a row loads, and the retry row a failed
/// next page leaves.
extension RandomUserViewModel {
    public func selectionChanged(to rowID: String?) {
        selectedID = rowID
        let keep = rowID.flatMap(person(withID:)).flatMap(\.pictureLarge).map(photoKey)
        // A fast scroll never queues stale downloads: only thumbnails and the selected avatar go on.
        pictures?.cancel { $0.hasPrefix(self.thumbnailKeyPrefix) || $0 == keep }
        requestPhoto()
        // Resting on the retry row loads nothing, so the user can read why and choose Enter;
        // arriving at the last person again is "scrolling to the end" and tries again.
        if let rowID, rowID == visiblePersons.last?.id { loadNextPage() }
    }

    /// The row offered after a failed next page: the reason, and that Enter tries again.
    static func retryRow(_ reason: String) -> ListRow {
        .retryingMore(id: retryRowID, reason: reason)
    }

    /// Enter on the retry row loads the next page again.
    public func activatesRow(_ rowID: String) -> Bool {
        guard rowID == Self.retryRowID else { return false }
        loadNextPage()
        return true
    }

    public func detail(for rowID: String) -> [DetailBlock] {
        if rowID == Self.retryRowID, let nextPageFailure {
            return [.title("More persons"), .gap, .notice(ListRow.couldNotLoadMore(nextPageFailure), isError: true), .gap,
                    .paragraph("Enter tries again.")]
        }
        guard let person = person(withID: rowID) else { return [] }
        return RandomUserDetail.blocks(for: person, picture: picture(for: person), now: now(), calendar: calendar)
    }
}
