import Foundation

/// A configured source's list that stopped at a page after its first: whether the API refused
/// an expired page token (which starting the listing over mends), and the sentence that says
/// where it stopped, what came, and the API's own words.
enum ListStop {
    /// The names a page token goes by in APIs' error texts.
    private static let tokens = ["cursor", "continue", "offset", "locator", "iterator", "scroll", "page token", "pagetoken", "page_token"]
    /// What they say of one that can't be used.
    private static let refusals = ["expired", "too old", "invalid", "not valid", "not available", "no longer", "unknown", "not found"]

    /// Whether `error`, met on a page after the first, refuses the page token that asked for it:
    /// a 410 Gone, or a 4xx whose text names the token (cursor, continue, offset, locator,
    /// iterator, scroll) as expired, invalid or not available — Kubernetes' "continue parameter
    /// is too old", Airtable's `LIST_RECORDS_ITERATOR_NOT_AVAILABLE`, Salesforce's "invalid
    /// query locator".
    static func refusesPageToken(_ error: FetchError) -> Bool {
        guard case .httpStatus(let status) = error.kind, (400..<500).contains(status), status != 429 else { return false }
        if status == 410 { return true }
        guard status != 401, status != 403, let said = error.apiText else { return false }
        let text = said.lowercased().replacingEvery("_", with: " ")
        return tokens.contains { text.contains($0) } && refusals.contains { text.contains($0) }
    }

    /// `error` as the stop of `title`'s list at `position`, `received` records of `total` (nil:
    /// unknown) stored: "crm: the list stopped at page 5, with 400 of 1210 records: Result window
    /// is too large… (HTTP 500) — r to retry", said once the listing was started over with
    /// `restarted`. Its kind stays, and it is ``FetchError/partway``.
    static func partway(_ error: FetchError, title: String, at position: PagingPosition, received: Int, total: Int?, restarted: Bool) -> FetchError {
        var stopped = error
        let page = position.pages.map { "page \($0 + 1)" } ?? "a page after record \(received)"
        let got = total.map { "\(received) of \($0) records" } ?? (received == 1 ? "1 record" : "\(received) records")
        let why: String
        if case .httpStatus(let status) = error.kind {
            why = (error.apiText.map { "\($0) " } ?? "") + "(HTTP \(status))"
        } else {
            why = error.message.withoutKeyHint
        }
        let again = restarted ? ", again after starting the listing over" : ""
        stopped.message = "\(title): the list stopped at \(page), with \(got): \(why)\(again) — r to retry"
        stopped.partway = true
        return stopped
    }

    /// The sentence of a stopped list's error without its hint and without the leading
    /// "`title`: ", for a line that names the source itself ("crm: … — partial: <this>").
    static func sentence(_ error: FetchError, title: String) -> String {
        let said = error.message.withoutKeyHint
        return said.hasPrefix(title + ": ") ? String(said.dropFirst(title.count + 2)) : said
    }
}
