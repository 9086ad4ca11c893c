import Foundation
import RoloCore

/// The details of the rows on screen: with a `detail_url`, when the rows read fields no listed
/// record has (``RecordSource/rowsNeedDetails(_:)``), each drawn row whose detail isn't fresh in
/// the store is fetched (``RowDetailQueue/limit`` at a time, skipped when it scrolls away
/// first), stored, and merged over the listed record, so labels, columns and thumbnails naming
/// the detail's fields fill in as the answers come.
extension RecordListModel {
    /// A row of `record` is being drawn: its detail is asked for after the frame, unless fresh.
    func rowDrawn(_ record: JSONRecord) {
        // The selected row's detail is the detail pane's to fetch.
        guard rowsNeedDetails, pager != nil, record.id != selectedID, details[record.id] == nil, rowDetails.wants(record.id)
        else { return }
        guard rowDetails.drew(record.id) else { return }
        // On the main actor's next turn: every row of this frame is drawn by then.
        _ = busy.task { [weak self] in self?.frameDrawn() }
    }

    /// The frame's rows are known: the first few are started.
    private func frameDrawn() {
        rowDetails.frameEnded().forEach(fetchRowDetail)
    }

    private func fetchRowDetail(_ id: String) {
        guard let pager, let record = record(withID: id) else {
            return rowDetails.finished(id).forEach(fetchRowDetail)
        }
        rowDetailTasks[id] = busy.task { [weak self] in
            let result: Result<JSONValue, any Error>
            do {
                result = .success(try await pager.detail(of: record) ?? .object([]))
            } catch {
                result = .failure(error)
            }
            guard let self, !Task.isCancelled else { return }
            self.rowDetailTasks[id] = nil
            switch result {
            case .success(let detail):
                await self.detailArrived(detail, id: id)
            case .failure(let error):
                let message = (error as? FetchError)?.detail ?? String(describing: error)
                if (error as? FetchError)?.kind != .cancelled {
                    self.rowDetails.failed.insert(id)
                    self.logger.warning("detail of \(id) not fetched: \(message)")
                }
            }
            self.rowDetails.finished(id).forEach(self.fetchRowDetail)
        }
    }

    /// A record's detail came (for its row or the selection): stored, marked fresh and merged
    /// over the stored record (so the list reads it merged), then the rows, the layout and the
    /// search catch up.
    func detailArrived(_ detail: JSONValue, id: String) async {
        rowDetails.fresh.insert(id)
        do {
            try await store?.saveDetail(detail, id: id, at: now())
        } catch {
            logger.warning("detail of \(id) not stored: \(error)")
        }
        guard let store, let position = window?.attempt({ try store.position(ofID: id) }) ?? nil else { return }
        storedRecordChanged(at: position)
        detailsChanged()
    }

    /// Merged records changed: the settings are checked again against the detailed ones, a
    /// layout that reads fields is made again, and the search is redone from the new text.
    private func detailsChanged() {
        checkTemplates()
        if arrangesRecords { arrange() }
        searchIndexStale = true
        if searchTerm != nil {
            searchIndex?.reset()
            searchIndexStale = false
            search?.rowsChanged()
        }
        rebuildEntries()
        onEvent(.changed)
    }

    /// The rows' detail bookkeeping starts over after a refresh: what the store still holds
    /// fresh is kept, requests in flight are cancelled.
    func resetRowDetails(fresh: Set<String>) {
        for id in rowDetails.reset(fresh: fresh) { rowDetailTasks.removeValue(forKey: id)?.cancel() }
    }

    /// Whether the rows need their records' details, judged once from the first records that
    /// don't hold one yet, and kept.
    func judgeRowsNeedDetails() {
        guard !rowsNeedDetails, source.detailURL != nil, let window else { return }
        let listed = window.first(Self.recordsJudged).lazy.filter { !self.rowDetails.fresh.contains($0.id) }.prefix(50).map(\.value)
        rowsNeedDetails = source.rowsNeedDetails(Array(listed))
    }

    /// The first 50 stored records, in list order, known to hold their detail, for the template check.
    var detailedRecords: [JSONValue] {
        guard !rowDetails.fresh.isEmpty, let store, let window else { return [] }
        // Bounded, as SQLite's bound parameters are: the template check needs a sample.
        let ids = Set(rowDetails.fresh.prefix(10_000))
        return (window.attempt { try store.storedRecords(withIDs: ids, limit: 50) } ?? []).map(\.value)
    }

    /// How many of the first records are read to judge the settings by.
    static let recordsJudged = 200
}
