import Foundation
import RoloCore
import TerminalUI

/// The `[[sources.lookups]]`: the stored other lists read after the first frame, fetched again
/// beside every sync of the list, and the detail's way to the record a field names.
extension RecordListModel: FollowsReferences {
    /// The sync of `source`'s lookups into `store`'s database; nil without lookups or a store,
    /// or when a variable isn't set (the list's own endpoint then says which).
    nonisolated static func lookupSync(
        of source: RecordSource, store: RecordStore?, http: any HTTPClient, environment: [String: String],
        timeout: TimeInterval, sleep: @escaping RecordPager.Sleep
    ) -> LookupSync? {
        guard !source.lookups.isEmpty, let store else { return nil }
        return try? LookupSync(
            source: source, store: LookupStore(beside: store), client: http, environment: environment,
            timeout: timeout, sleep: sleep)
    }

    /// Reads the stored lookups in the background; rows drawn before they come show raw ids.
    func readLookups() {
        lookupReads?.read { [weak self] in self?.lookupsRead($0) }
    }

    /// The sync stored the lookups' lists (before the list's pages): the names are read again,
    /// and a search reads its index again where the records' search text was folded again; a
    /// lookup that failed keeps what was stored and says so in the banner.
    func lookupsFetched(_ progress: RecordSync.Progress) {
        for failure in progress.lookupFailures {
            logger.warning("lookup \(failure.lookup) not fetched: \(failure.message)")
            onEvent(.banner("\(source.title): lookup '\(failure.lookup)' wasn't fetched — \(failure.message)", isError: true))
        }
        if progress.searchRefolded {
            searchIndex?.reset()
            search?.rowsChanged()
        }
        readLookups()
        onEvent(.changed)
    }

    /// The stored lookups were read: the list is laid out again with them.
    private func lookupsRead(_ result: Result<LookupValues, any Error>) {
        switch result {
        case .success(let values):
            guard values != lookupValues else { return }
            lookupValues = values
            // Group and sort may read looked-up fields: their texts are made again.
            arrangeTexts = ArrangeTexts()
            arrange()
            rebuildEntries()
            onEvent(.changed)
        case .failure(let error):
            onEvent(.banner(String(describing: error), isError: true))
        }
    }

    public func followTarget(for rowID: String, field: String?) -> (source: SourceID, id: String)? {
        guard let record = record(withID: rowID) else { return nil }
        var value = record.value
        if case .loaded(let full) = details[rowID] { value = record.value.merging(full) }
        return RecordDetail.followTarget(of: value, in: source, lookups: lookupValues, field: field)
            .map { (SourceID(rawValue: $0.source), $0.id) }
    }
}
