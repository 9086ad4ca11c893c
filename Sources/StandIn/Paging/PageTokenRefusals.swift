import Synchronization

/// How many more times a paging API refuses the page token a ``StandInOptions/PageTokenExpiry``
/// names (Kubernetes, Airtable, Salesforce): each API holds one, made when the server starts, so
/// every server refuses afresh. A class because the count sits in a `Mutex`, which can't be
/// copied, and requests for the same token may arrive at once.
final class PageTokenRefusals: Sendable {
    private let page: Int?
    private let remaining: Mutex<Int>

    /// Refusals as `expiry` asks them; nil refuses nothing.
    init(_ expiry: StandInOptions.PageTokenExpiry?) {
        page = expiry?.page
        remaining = Mutex(max(0, expiry?.times ?? 0))
    }

    /// Whether this use of the token handed out with page `page` is refused; a refusal is counted,
    /// so after the expiry's `times` the token is honoured again.
    func refuses(page: Int) -> Bool {
        guard page == self.page else { return false }
        return remaining.withLock { remaining in
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
    }
}
