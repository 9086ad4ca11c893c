import Foundation
import Logging
import RoloCore

/// What a list's sync that stopped with an error tells the user, the same for Pipedrive's
/// persons and every configured source: a cancel says nothing; a server that can't be reached,
/// with records stored, leaves them shown offline; anything else is a banner over the stored
/// records, or the reason an empty list gives in its place.
enum SyncStop: Equatable {
    /// The server can't be reached and records are stored: a banner saying since when.
    case offline(String)
    /// The error's message, as a banner over the stored records.
    case banner(String)
    /// The error's message, as the empty list's reason.
    case placeholder(String)

    /// What it says.
    var text: String {
        switch self {
        case .offline(let text), .banner(let text), .placeholder(let text): text
        }
    }

    /// How the sync that ended with `result` stopped, logged to `logger`; nil for a success or a
    /// cancel. `stored` records are shown, fetched at `savedAt`, and called `shown` in the
    /// offline banner ("persons", "Tickets").
    init?(
        _ result: Result<Void, any Error>, stored: Int, savedAt: Date?, shown: String, now: Date, timeZone: TimeZone,
        logger: Logger
    ) {
        guard case .failure(let error) = result, !(error is CancellationError) else { return nil }
        let message: String
        if let fetch = error as? FetchError {
            logger.warning("sync stopped: \(fetch.detail)")
            if fetch.kind == .cancelled { return nil }
            if fetch.kind == .unreachable || fetch.kind == .timedOut, stored > 0, let savedAt {
                let age = StatusText.age(of: savedAt, now: now, timeZone: timeZone)
                self = .offline("Offline — showing \(shown) saved \(age) · r to retry")
                return
            }
            // On screen the sign-in is a key away; the shell's command is said too.
            message = fetch.signIn.map { name in
                fetch.message.replacingOccurrences(of: "— rolo login \(name)", with: "— L signs in (or rolo login \(name) in a shell)")
            } ?? fetch.message
        } else {
            message = (error as? StoreError)?.description ?? String(describing: error)
            logger.error("sync stopped: \(message)")
        }
        self = stored > 0 ? .banner(message) : .placeholder(message)
    }
}
