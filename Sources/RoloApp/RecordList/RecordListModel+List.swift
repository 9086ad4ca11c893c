import Foundation
import RoloCore
import TerminalUI

/// The list: the stored records in their order, or laid out by `group` and `sort` off the main
/// actor from their texts (``ArrangeTexts``), a search answered by the store's index, and rows
/// read from the store and made only as they are drawn (``JSONRecordWindow``).
extension RecordListModel {
    /// Whether the source orders its list itself (`group` or `sort`).
    var arrangesRecords: Bool { source.group != nil || source.sort != nil }

    /// Lays the records out again for the stored count: at once in the stored order; by `group`
    /// and `sort` off the main actor, reading only the texts of records not read before (a
    /// layout still being made for fewer records is dropped for this one). Until the first such
    /// layout is made the list shows the stored order.
    func arrange() {
        let count = recordCount
        guard arrangesRecords, let store else {
            arranged = Arranged(count: count, layout: RowLayout(count: count), inOrder: true)
            return applyMatches()
        }
        if arranged.inOrder {
            arranged = Arranged(count: count, layout: RowLayout(count: count), inOrder: true)
            applyMatches()
        }
        let (texts, locale, lookups) = (arrangeTexts, self.locale, self.lookupValues)
        arrangeTask?.cancel()
        arrangeTask = busy.task { [weak self] in
            let made = try? await texts.grown(from: store, lookups: lookups)
            var layout: RowLayout?
            if let made { layout = await HeavyWork.run { Self.layout(of: made, locale: locale) } }
            guard let self, !Task.isCancelled else { return }
            self.arrangeTask = nil
            guard let made, let layout else { return }
            self.arrangeTexts = made
            self.arranged = Arranged(count: made.count, layout: layout, inOrder: false)
            self.applyMatches()
        }
    }

    /// The layout of the records whose texts are `texts`: in sections by `group`, ordered by `sort`.
    nonisolated static func layout(of texts: ArrangeTexts, locale: Locale) -> RowLayout {
        let order = RecordSections(count: texts.count, groups: texts.groups, sorts: texts.sorts, locale: locale)
        guard !order.sections.isEmpty else { return RowLayout(count: texts.count, sections: [(nil, order.order)]) }
        return RowLayout(count: texts.count, sections: order.sections.map { ($0.title, Array(order.order[$0.rows])) })
    }

    /// The shown layout from the arranged one and the search's matches: positions past the
    /// arranged records (pages that landed since) wait for the next layout. Matches in the
    /// stored order share the search's answer; a `group`/`sort` layout is cut down to them off
    /// the main actor (tens of milliseconds at a million), the list showing the last one meanwhile.
    func applyMatches() {
        guard let window else { return rebuildEntries() }
        filterTask?.cancel()
        filterTask = nil
        if let sections = matchSections {
            // A `sort:` orders the matches itself; positions stored since wait for the next answer.
            let total = window.count
            window.show(RowLayout(count: total, answered: sections), inOrder: false)
            rebuildEntries()
            return onEvent(.changed)
        }
        if let matches, !arranged.inOrder {
            // Matches past the arranged records (stored since) wait for the next arrangement:
            // neither layout shows a position it wasn't made from.
            let layout = arranged.layout
            filterTask = busy.task { [weak self] in
                guard !Task.isCancelled else { return }
                let filtered = await HeavyWork.run { layout.filtered(keeping: matches) }
                guard let self, !Task.isCancelled else { return }
                self.filterTask = nil
                window.show(filtered, inOrder: false)
                self.rebuildEntries()
                self.onEvent(.changed)
            }
            return onEvent(.changed)
        }
        if let matches {
            window.show(arranged.layout.showing(matches), inOrder: false)
        } else {
            window.show(arranged.layout, inOrder: arranged.inOrder)
        }
        rebuildEntries()
        onEvent(.changed)
    }

    /// The entries from the window, with "loading more…" below while the first fill of the list
    /// goes on.
    func rebuildEntries() {
        guard let window else { return entries = [ListEntry]() }
        let (source, lookups) = (self.source, self.lookupValues)
        let rows = JSONRecordRows(window: window) { [weak self] stored in
            // An optimistic action's fields show at once, before the server answers, and once it
            // answered, until the record is read again.
            var record = stored
            if let self { record.value = self.shown(stored.value, of: stored.id) }
            var row = RecordDetail.row(of: record, in: source, lookups: lookups)
            row.thumbnail = self?.thumbnail(of: stored)
            self?.rowDrawn(stored)
            return row
        }
        // Not while a refresh runs: the rows shown then are the whole stored list, merged into.
        let filling = syncTask != nil && !replacing && progress?.finished == false && searchTerm == nil && rows.rowCount > 0
        entries = EntriesWithTrailer(rows: rows, entry: filling ? .header(Self.loadingMore) : nil)
    }

    /// The stored record with `id`, as the list shows it.
    func record(withID id: String) -> JSONRecord? {
        window?.item(withID: id)
    }

    /// The stored records were replaced: nothing read of them is kept, and the new list shows
    /// in the stored order until its layout is made again from the start.
    func storedRecordsReplaced() {
        // The new list is the server's, writes included.
        confirmedWrites = [:]
        window?.forget()
        arrangeTexts = ArrangeTexts()
        let count = window?.reloadCount() ?? 0
        arranged = Arranged(count: count, layout: RowLayout(count: count), inOrder: true)
        applyMatches()
    }

    /// The stored record at `position` changed in place (a detail, an action's answer): its
    /// cached row and its `group`/`sort` texts are read again.
    func storedRecordChanged(at position: Int) {
        window?.forget()
        guard arrangesRecords, position < arrangeTexts.count,
              let record = window?.attempt({ try store?.storedRecords(position..<position + 1).first }) ?? nil
        else { return }
        arrangeTexts.set(record.value, at: position, source: source, lookups: lookupValues)
    }

    /// The stored record at `position` was removed, the records after it moving up one.
    func storedRecordRemoved(at position: Int) {
        window?.forget()
        arrangeTexts.remove(at: position)
    }

    // MARK: - Search

    public func setSearch(_ term: String?) {
        searchTerm = term.searchTerm
        if searchIndexStale, searchTerm != nil {
            searchIndex?.reset()
            searchIndexStale = false
        }
        // What doesn't read is said at once; the fields no record has, once the answer comes.
        searchProblems = ListQuery.problems(searchTerm)
        if searchTerm == nil {
            matches = nil
            matchSections = nil
            applyMatches()
        }
        search?.search(searchTerm)
        onEvent(.changed)
    }

    /// How many first matches a search of a big list shows while it counts the rest: more
    /// than any screen's rows.
    static let firstMatchesShown = 256

    public var isCountingMatches: Bool { search?.isCounting == true }

    /// A search's first matches (a prefix of its answer, in the stored order): shown until the
    /// whole answer comes.
    func firstMatchesFound(_ positions: [Int]) {
        matches = positions
        matchSections = nil
        applyMatches()
    }

    /// What the store's index matched; the list shows it once laid out.
    func searchAnswered(_ result: Result<ListSearchAnswer, any Error>) {
        switch result {
        case .success(let answer):
            matches = answer.positions
            matchSections = answer.sections
            searchProblems = answer.problems
        case .failure(let error): onEvent(.banner("The search failed: \(error)", isError: true))
        }
        applyMatches()
    }
}
