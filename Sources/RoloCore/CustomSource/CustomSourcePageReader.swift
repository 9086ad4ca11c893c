import Foundation

/// Reads one answer of a configured source into a ``CustomSourcePage``: the records at its
/// `records` path with their ids, and where the next page is. Pure, for the pager to run off
/// the main actor and tests to call directly.
struct CustomSourcePageReader {
    let source: CustomSource

    /// The page in `answer`, fetched from `url` at `position` (`link`: the next URL the
    /// answer's `Link` header names, if any).
    func read(_ answer: JSONValue, url: URL, link: URL?, at position: PagingPosition) throws(RecordsPathError) -> CustomSourcePage {
        var items = try RecordsLocator.records(in: answer, at: source.records)
        let room = source.maxRecords - position.received
        let cut = items.count > room
        if cut { items = Array(items.prefix(max(room, 0))) }
        var records: [CustomRecord] = []
        var skipped: [SkippedRecord] = []
        records.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let id = item.value(at: source.id)?.text, !id.isEmpty else {
                // What the record has instead, so the fix (id = "uuid") is in the message.
                let has: String = if case .object(let members) = item { members.prefix(6).map(\.key).joined(separator: ", ") } else { "" }
                let instead = has.isEmpty ? "" : " (a record has \(has))"
                let problem = DecodingProblem("no id at '\(source.id)'\(instead)", summary: "no id at '\(source.id)'\(instead)")
                skipped.append(SkippedRecord(index: position.received + index, problem: problem))
                continue
            }
            records.append(CustomRecord(id: id, value: item))
        }
        let total = source.paging?.total.flatMap { answer.value(at: $0)?.integer }
        var next = position
        next.received += items.count
        next.lastPage = Self.shape(records)
        guard !cut, !items.isEmpty, let paging = source.paging, next.lastPage != position.lastPage,
              next.received < total ?? .max
        else { return CustomSourcePage(records: records, skipped: skipped, next: nil, total: total) }
        let short = paging.size.map { items.count < $0 } ?? false
        switch paging.style {
        case .page:
            next.page += 1
        case .offset:
            next.offset += items.count
        case .cursor:
            let cursor = paging.next.flatMap { answer.value(at: $0)?.text }
            next.cursor = cursor?.isEmpty == false && cursor != position.cursor ? cursor : nil
            if next.cursor == nil { return CustomSourcePage(records: records, skipped: skipped, next: nil, total: total) }
        case .link, .nextURL:
            let written = paging.style == .link ? link?.absoluteString : paging.next.flatMap { answer.value(at: $0)?.text }
            let resolved = written.flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }
            guard let resolved, ["http", "https"].contains(resolved.scheme?.lowercased() ?? ""),
                  resolved.absoluteString != url.absoluteString
            else { return CustomSourcePage(records: records, skipped: skipped, next: nil, total: total) }
            next.url = resolved.absoluteString
        }
        // A page shorter than the size asked for is the last, for the styles that count pages;
        // the others say themselves whether more come.
        if short, paging.style == .page || paging.style == .offset {
            return CustomSourcePage(records: records, skipped: skipped, next: nil, total: total)
        }
        return CustomSourcePage(records: records, skipped: skipped, next: next, total: total)
    }

    /// "3:a:c" for a page of ids a, b, c.
    private static func shape(_ records: [CustomRecord]) -> String {
        "\(records.count):\(records.first?.id ?? ""):\(records.last?.id ?? "")"
    }
}
