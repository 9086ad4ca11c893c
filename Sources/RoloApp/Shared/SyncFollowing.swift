import Foundation
import Logging
import RoloCore

/// What an engine list's view-model knows of its sync, kept by Pipedrive's persons and every
/// configured source alike: the last progress, why a first listing failed while nothing is
/// shown, and whether the server was found unreachable. The rules live here once: a run clears
/// the last one's failure, an answer clears "offline", skipped records are logged as they
/// come and noticed once at the end, and a stop is said as ``SyncStop`` says it.
@MainActor
struct SyncFollowing {
    /// The last progress of the run, or of the last run once it ended (nil before any).
    private(set) var progress: RecordSync.Progress?
    /// Why the first listing failed, said in the empty list's place; nil once a page lands.
    private(set) var firstFailure: String?
    /// Whether the last run found the server unreachable, with records stored.
    private(set) var isOffline = false
    /// Whether the last run stopped because the source needs signing in (`rolo login`, `L`).
    private(set) var needsSignIn = false

    /// A run begins: what the last one said is forgotten.
    mutating func began() {
        firstFailure = nil
        needsSignIn = false
        progress = nil
    }

    /// The run reports `progress`: the records it skipped since the last report are logged;
    /// at the end, the notice of them all, for the banner.
    mutating func reported(_ progress: RecordSync.Progress, noun: (singular: String, plural: String), logger: Logger) -> SourceEvent? {
        let newlySkipped = Array(progress.skipped.dropFirst(self.progress?.skipped.count ?? 0))
        SkippedRecordsReport.log(newlySkipped, noun: noun, logger: logger)
        self.progress = progress
        return progress.finished ? SkippedRecordsReport.notice(progress.skipped, noun: noun) : nil
    }

    /// The server answered: a first failure and "offline" are over.
    mutating func serverAnswered() {
        firstFailure = nil
        isOffline = false
    }

    /// The run ended with `result`: a wait it was in is over, and how it stopped is kept (the
    /// empty list's reason, offline) or returned as a banner. `stored` records are shown,
    /// fetched at `savedAt`, called `shown` in the offline banner.
    mutating func ended(
        _ result: Result<Void, any Error>, stored: Int, savedAt: Date?, shown: String, now: Date, timeZone: TimeZone,
        logger: Logger
    ) -> SourceEvent? {
        progress?.waiting = nil
        if case .failure(let error) = result, (error as? FetchError)?.signIn != nil { needsSignIn = true }
        guard let stop = SyncStop(result, stored: stored, savedAt: savedAt, shown: shown, now: now, timeZone: timeZone, logger: logger) else {
            return nil
        }
        if case .offline = stop { isOffline = true }
        if case .placeholder(let text) = stop {
            firstFailure = text
            return nil
        }
        return .banner(stop.text, isError: true)
    }

    /// `body`'s outcome as a result, for ``ended(_:stored:savedAt:shown:now:timeZone:logger:)``.
    static func outcome(of body: () async throws -> Void) async -> Result<Void, any Error> {
        do {
            try await body()
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
