import Foundation
import RoloCore
import TerminalUI

/// The list: the records laid out by `group` and `sort` off the main actor, a search answered by
/// the store's index, and rows made only as they are drawn.
extension CustomSourceViewModel {
    /// Lays the records out again, off the main actor (a group or sort collates every record);
    /// a layout still being made for fewer records is dropped for this one.
    func arrange() {
        let (records, source, locale, lookups) = (self.records, self.source, self.locale, self.lookupValues)
        arrangeTask?.cancel()
        arrangeTask = busy.task { [weak self] in
            let layout = try? await HeavyWork.run { Self.layout(records, source: source, locale: locale, lookups: lookups) }
            guard let self, !Task.isCancelled else { return }
            self.arrangeTask = nil
            guard let layout else { return }
            self.arranged = Arranged(records: records, layout: layout)
            self.applyMatches()
        }
    }

    /// The layout of `records`: in sections by `group`, ordered by `sort`, or as they came.
    nonisolated static func layout(
        _ records: [CustomRecord], source: CustomSource, locale: Locale, lookups: LookupValues = .none
    ) -> RowLayout {
        let ids = records.map(\.id)
        guard source.group != nil || source.sort != nil else { return RowLayout(ids: ids) }
        let arranged = source.sections(records.map(\.value), locale: locale, lookups: lookups)
        guard !arranged.sections.isEmpty else { return RowLayout(ids: ids, sections: [(nil, arranged.order)]) }
        return RowLayout(ids: ids, sections: arranged.sections.map { ($0.title, Array(arranged.order[$0.rows])) })
    }

    /// The shown layout from the arranged one and the search's matches: positions past the
    /// arranged records (pages that landed since) wait for the next layout.
    func applyMatches() {
        if let matches {
            let count = arranged.records.count
            let shown = matches.filter { $0 < count }
            shownLayout = source.group == nil && source.sort == nil
                ? arranged.layout.showing(shown) : arranged.layout.filtered(keeping: Set(shown))
        } else {
            shownLayout = arranged.layout
        }
        rebuildEntries()
        onEvent(.changed)
    }

    /// The entries from the shown layout, with "loading more…" below while the first fill of
    /// the list goes on.
    func rebuildEntries() {
        let (source, lookups) = (self.source, self.lookupValues)
        let rows = RecordRows(records: arranged.records, layout: shownLayout) { [weak self] record in
            var row = CustomSourceDetail.row(of: record, in: source, lookups: lookups)
            row.thumbnail = self?.thumbnail(of: record)
            self?.rowDrawn(record)
            return row
        }
        // Not while a refresh runs: the rows shown then are the whole stored list, merged into.
        let filling = syncTask != nil && !replacing && progress?.finished == false && searchTerm == nil && rows.rowCount > 0
        entries = EntriesWithTrailer(rows: rows, entry: filling ? .header(Self.loadingMore) : nil)
    }

    /// The record with `id` among those laid out.
    func record(withID id: String) -> CustomRecord? {
        arranged.layout.position(ofRowID: id).map { arranged.records[$0] }
    }

    // MARK: - Search

    public func setSearch(_ term: String?) {
        searchTerm = term.searchTerm
        if searchIndexStale, searchTerm != nil {
            searchIndex?.reset()
            searchIndexStale = false
        }
        if searchTerm == nil {
            matches = nil
            applyMatches()
        }
        search?.search(searchTerm)
        onEvent(.changed)
    }

    /// What the store's index matched; the list shows it once laid out.
    func searchAnswered(_ result: Result<[Int], any Error>) {
        switch result {
        case .success(let positions): matches = positions
        case .failure(let error): onEvent(.banner("The search failed: \(error)", isError: true))
        }
        applyMatches()
    }
}
