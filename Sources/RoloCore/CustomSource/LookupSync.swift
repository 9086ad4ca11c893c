import Foundation

/// Fetches a configured source's lookups, each other list whole through its own
/// ``CustomSourcePager``, and stores each once it is whole (``LookupStore``).
public struct LookupSync: Sendable {
    /// The source whose lookups these are.
    public let source: CustomSource
    let pagers: [(lookup: CustomLookup, pager: CustomSourcePager)]
    /// Where each lookup's list is stored.
    public let store: LookupStore

    /// A sync of `source`'s lookups into `store`, over `client`, with `${VAR}`s from
    /// `environment`; throws ``ConfigError`` when one of them isn't set.
    public init(
        source: CustomSource, store: LookupStore, client: any HTTPClient, environment: [String: String], timeout: TimeInterval = 30,
        sleep: @escaping CustomSourcePager.Sleep = { try await Task.sleep(for: .seconds($0)) }
    ) throws {
        self.source = source
        self.store = store
        pagers = try source.lookups.map { lookup in
            let endpoint = try lookup.endpoint(of: source, environment: environment)
            return (lookup, CustomSourcePager(
                source: lookup.listSource(of: source), endpoint: endpoint, client: client, timeout: timeout, sleep: sleep))
        }
    }

    /// Fetches and stores every lookup in turn; one that fails keeps its stored list and the
    /// rest go on. Returns the failures, each with its lookup's name.
    public func run() async -> [(lookup: String, error: any Error)] {
        var failures: [(lookup: String, error: any Error)] = []
        for (lookup, pager) in pagers {
            do {
                var records: [CustomRecord] = []
                try await pager.run(from: .start(lookup.paging), page: { page in records += page.records })
                try await store.replace(lookup.name, with: records)
            } catch {
                failures.append((lookup.name, error))
            }
        }
        return failures
    }
}
