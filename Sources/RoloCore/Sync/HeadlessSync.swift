import Foundation
import Synchronization

/// `rolo sync`: stored sources refreshed without the screen, for cron and systemd timers, each
/// saying in one line what changed against what was stored before: `crm: 3 new, 1 changed,
/// 2 removed`.
///
/// Each source runs the screen's own sync (``RecordSync``: a refresh that merges, resumes
/// a stopped pass, restarts an expired page token once), lookups first, into rolo's database.
public enum HeadlessSync {
    /// How one source's sync ended.
    public enum Outcome: Sendable, Equatable {
        /// The list is stored whole.
        case synced
        /// The list stopped before its end: why, in the sync's words.
        case partial(String)
        /// Nothing could be synced: why.
        case failed(String)

        /// Whether the sync stored something new (whole or partway): then it may have changes.
        public var stored: Bool {
            if case .failed = self { return false }
            return true
        }
    }

    /// One source's line.
    public struct Report: Sendable, Equatable {
        /// The source's name.
        public var name: String
        /// What the run changed in its stored list.
        public var changes: MergeOutcome
        /// How it ended.
        public var outcome: Outcome

        /// The source `name` that couldn't be synced at all, for `why`.
        public static func failed(_ name: String, _ why: String) -> Report {
            Report(name: name, changes: MergeOutcome(), outcome: .failed(why))
        }

        /// `crm: 3 new, 1 changed, 2 removed`, then `— partial: …`; `crm: failed — …`.
        public var line: String {
            let counts = "\(name): \(changes.added) new, \(changes.changed) changed, \(changes.removed) removed"
            switch outcome {
            case .synced: return counts
            case .partial(let why): return "\(counts) — partial: \(why)"
            case .failed(let why): return "\(name): failed — \(why)"
            }
        }
    }

    /// Syncs `source` into `database` through `http`, its `${VAR}`s from `environment`.
    public static func run(
        _ source: RecordSource, database: RoloDatabase, http: any HTTPClient, environment: [String: String],
        timeout: TimeInterval = 30, sleep: @escaping RecordPager.Sleep = { try await Task.sleep(for: .seconds($0)) }
    ) async -> Report {
        let store = RecordStore(database: database, source: source)
        let sync: RecordSync
        do {
            let http = try SignIns.shared.client(for: source, over: http, environment: environment, timeout: timeout)
            let pager = RecordPager(
                source: source, endpoint: try source.endpoint(environment: environment), client: http, timeout: timeout, sleep: sleep)
            let lookups = source.lookups.isEmpty ? nil : try LookupSync(
                source: source, store: LookupStore(beside: store), client: http, environment: environment, timeout: timeout, sleep: sleep)
            sync = RecordSync(pager: pager, store: store, lookups: lookups)
        } catch let error as ConfigError {
            return .failed(source.name, error.description)
        } catch {
            return .failed(source.name, "\(error)")
        }
        return await run(sync, name: source.name, title: source.title)
    }

    /// Runs `sync` (a refresh) for the source `name`, shown as `title` in its errors.
    public static func run(_ sync: RecordSync, name: String, title: String) async -> Report {
        let last = Mutex<RecordSync.Progress?>(nil)
        do {
            try await sync.run(refresh: true) { progress in last.withLock { $0 = progress } }
        } catch let error as FetchError {
            let changes = last.withLock { $0?.changes } ?? MergeOutcome()
            let said = ListStop.sentence(error, title: title)
            return Report(name: name, changes: changes, outcome: error.partway ? .partial(said) : .failed(said))
        } catch {
            let changes = last.withLock { $0?.changes } ?? MergeOutcome()
            return Report(name: name, changes: changes, outcome: .failed((error as? StoreError)?.description ?? "\(error)"))
        }
        let progress = last.withLock { $0 }
        let changes = progress?.changes ?? MergeOutcome()
        if let shortfall = progress?.shortfall, !shortfall.byLimit {
            return Report(name: name, changes: changes, outcome: .partial(shortfall.description))
        }
        return Report(name: name, changes: changes, outcome: .synced)
    }
}
