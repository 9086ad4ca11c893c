import Foundation
import RoloCore
import TerminalUI

/// The `[[sources.lookups]]`: the stored other lists read after the first frame, fetched again
/// beside every sync of the list, and the detail's way to the record a field names.
extension CustomSourceViewModel: FollowsReferences {
    /// The sync of `source`'s lookups into `store`'s database; nil without lookups or a store,
    /// or when a variable isn't set (the list's own endpoint then says which).
    nonisolated static func lookupSync(
        of source: CustomSource, store: CustomRecordStore?, http: any HTTPClient, environment: [String: String],
        timeout: TimeInterval, sleep: @escaping CustomSourcePager.Sleep
    ) -> LookupSync? {
        guard !source.lookups.isEmpty, let store else { return nil }
        return try? LookupSync(
            source: source, store: LookupStore(beside: store), client: http, environment: environment,
            timeout: timeout, sleep: sleep)
    }

    /// Reads the stored lookups in the background; rows drawn before they come show raw ids.
    func readLookups() {
        guard let lookupSync, lookupRead == nil else { return }
        lookupRead = busy.task { [weak self] in
            await self?.lookupsStored(lookupSync.store)
        }
    }

    /// Fetches every lookup's list again in the background, one request at a time, and shows the
    /// names once stored; a lookup that fails keeps what was stored and says so in the banner.
    func syncLookups() {
        guard let lookupSync, lookupTask == nil else { return }
        lookupTask = busy.task { [weak self] in
            let failures = await lookupSync.run()
            for failure in failures {
                let message = (failure.error as? FetchError)?.message ?? String(describing: failure.error)
                self?.logger.warning("lookup \(failure.lookup) not fetched: \(message)")
                if failure.error is CancellationError { continue }
                self?.onEvent(.banner("\(lookupSync.source.title): lookup '\(failure.lookup)' wasn't fetched — \(message)", isError: true))
            }
            // After the read at start, so that its older answer never lands last.
            await self?.lookupRead?.value
            await self?.lookupsStored(lookupSync.store)
            self?.lookupTask = nil
        }
    }

    /// Reads the lookups from `store` and lays the list out again with them.
    private func lookupsStored(_ store: LookupStore) async {
        do {
            let values = try await store.values()
            guard values != lookupValues else { return }
            lookupValues = values
            // Group and sort may read looked-up fields: their texts are made again.
            arrangeTexts = ArrangeTexts()
            arrange()
            rebuildEntries()
            onEvent(.changed)
        } catch {
            onEvent(.banner(String(describing: error), isError: true))
        }
    }

    public func followTarget(for rowID: String, field: String?) -> (source: SourceID, id: String)? {
        guard let record = record(withID: rowID) else { return nil }
        var value = record.value
        if case .loaded(let full) = details[rowID] { value = record.value.merging(full) }
        return CustomSourceDetail.followTarget(of: value, in: source, lookups: lookupValues, field: field)
            .map { (SourceID(rawValue: $0.source), $0.id) }
    }
}
