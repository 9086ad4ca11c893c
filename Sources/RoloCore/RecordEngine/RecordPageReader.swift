import Foundation

/// Reads one answer of a configured source into a ``RecordPage``: the records at its
/// `records` path with their ids, and where the next page is. Pure, for the pager to run off
/// the main actor and tests to call directly.
///
/// Paging ends only when the answer says so: once `total` records came, when `more` is not
/// true, when no next cursor, URL, link or page number comes (an empty one counts as none) or
/// it is the one just used, at the last of `pages`, when a page repeats the last one, after
/// ``emptyRunLimit`` empty pages in a row, and at `max_records`. A page shorter than `size`, or
/// an empty one, ends page and offset paging only when neither a total nor `more` says more
/// come; an empty page with a next link or cursor goes on. Ending before a known total, count
/// of pages or `Link` last page is a ``PagingShortfall``.
struct RecordPageReader {
    let source: RecordSource

    /// The empty pages in a row after which paging ends, next link or not.
    static let emptyRunLimit = 20

    /// Why paging ended.
    private enum End {
        /// The answer says the list is whole.
        case complete
        /// No next page came: no cursor, link or URL, an empty or short page.
        case noMore
        /// The page repeated the last one, or named itself as the next.
        case repeated
        /// `more` said no more, as written (`has_more`, `!done`).
        case notMore(String)
        /// ``RecordPageReader/emptyRunLimit`` empty pages in a row.
        case empties
        /// `max_records`.
        case limit

        var reason: String {
            switch self {
            case .complete, .noMore: "the API sent no more pages"
            case .repeated: "the API sent the same page again"
            case .notMore(let written): "'\(written)' said no more came"
            case .empties: "the API sent \(RecordPageReader.emptyRunLimit) empty pages in a row"
            case .limit: "max_records stops there"
            }
        }
    }

    /// The text of the error an answer holds at the source's `error` path (present and not null
    /// or false); nil when it holds none.
    func error(in answer: JSONValue) -> String? {
        guard let path = source.error, let value = answer.value(at: path), value != .null, value != .bool(false) else {
            return nil
        }
        return value.text ?? value.jsonText
    }

    /// The page in `answer`, fetched from `url` at `position`, `headers` the response's
    /// (lower-cased names).
    func read(_ answer: JSONValue, url: URL, headers: [String: String], at position: PagingPosition) throws(RecordsPathError) -> RecordPage {
        var items = try RecordsLocator.records(in: answer, at: source.records)
        let room = source.maxRecords - position.received
        let cut = items.count > room
        if cut { items = Array(items.prefix(max(room, 0))) }
        var records: [JSONRecord] = []
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
            records.append(JSONRecord(id: id, value: item))
        }
        let value = { (field: PagingField?) in field?.value(in: answer, headers: headers) }
        let total = value(source.paging?.total)?.integer
        let pages = value(source.paging?.pages)?.integer
        var next = position
        next.received += items.count
        next.lastPage = Self.shape(records)
        next.emptyRun = items.isEmpty ? (position.emptyRun ?? 0) + 1 : nil
        next.pages = position.pages.map { $0 + 1 }
        if source.paging?.style == .link, let header = headers["link"],
           let last = LinkHeader.target(header, relation: "last", base: url) {
            next.last = last.absoluteString
        }
        func end(_ why: End) -> RecordPage {
            let shortfall = self.shortfall(why, received: next.received, total: total, pages: pages, at: position, url: url, last: next.last)
            return RecordPage(records: records, skipped: skipped, next: nil, total: total, shortfall: shortfall)
        }
        guard let paging = source.paging else { return end(.complete) }
        if cut || next.received >= source.maxRecords { return end(.limit) }
        if let total, next.received >= total { return end(.complete) }
        if let more = paging.more, value(more).flatMap(Self.flag).map({ $0 != paging.moreNegated }) != true {
            return end(.notMore((paging.moreNegated ? "!" : "") + more.description))
        }
        if !items.isEmpty, next.lastPage == position.lastPage { return end(.repeated) }
        if (next.emptyRun ?? 0) >= Self.emptyRunLimit { return end(.empties) }
        // A short or empty page is the last unless the answer says more come.
        let saysMore = total != nil || paging.more != nil
        let short = items.isEmpty || paging.size.map { items.count < $0 } ?? false
        switch paging.style {
        case .page:
            if let field = paging.next {
                guard let text = value(field)?.text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return end(.noMore) }
                guard let number = Int(text), number != position.page else { return end(.repeated) }
                next.page = number
            } else if let pages {
                if position.page >= paging.first + pages - 1 { return end(.noMore) }
                next.page = position.page + 1
            } else {
                if short, !saysMore || items.isEmpty { return end(.noMore) }
                next.page = position.page + 1
            }
        case .offset:
            if short, !saysMore || items.isEmpty { return end(.noMore) }
            next.offset += items.count
        case .cursor:
            guard let (cursor, isJSON) = value(paging.next).flatMap(Self.cursor) else { return end(.noMore) }
            guard cursor != position.cursor else { return end(.repeated) }
            next.cursor = cursor
            next.cursorIsJSON = isJSON ? true : nil
        case .link, .nextURL:
            let written = paging.style == .link
                ? headers["link"].flatMap { LinkHeader.target($0, relation: "next", base: url) }?.absoluteString
                : value(paging.next)?.text
            let resolved = written.flatMap { $0.isEmpty ? nil : URL(string: $0, relativeTo: url)?.absoluteURL }
            guard let resolved, ["http", "https"].contains(resolved.scheme?.lowercased() ?? "") else { return end(.noMore) }
            guard resolved.absoluteString != url.absoluteString else { return end(.repeated) }
            next.url = resolved.absoluteString
        }
        return RecordPage(records: records, skipped: skipped, next: next, total: total)
    }

    /// What a list that ended for `why` after `received` records lacks: the total unreached,
    /// pages before the last of `pages`, or a `Link` header's last page not fetched.
    private func shortfall(
        _ why: End, received: Int, total: Int?, pages: Int?, at position: PagingPosition, url: URL, last: String?
    ) -> PagingShortfall? {
        let limited: Bool = if case .limit = why { true } else { false }
        let reason = limited ? "max_records is \(source.maxRecords)" : why.reason
        if let total, received < total {
            return PagingShortfall("got \(received) of \(total): \(reason)", byLimit: limited)
        }
        if let pages, let paging = source.paging, paging.style == .page, paging.next == nil,
           position.page < paging.first + pages - 1 {
            let fetched = position.page - paging.first + 1
            return PagingShortfall("got \(received) records, \(fetched) of \(pages) pages: \(reason)", byLimit: limited)
        }
        let complete: Bool = if case .complete = why { true } else { false }
        if let last, last != url.absoluteString, !complete {
            return PagingShortfall("got \(received) records, not to the Link header's last page: \(reason)", byLimit: limited)
        }
        return nil
    }

    /// A cursor as the next request sends it: text as it is, any other value as its JSON text
    /// (`isJSON`); nil for none (null, "", [] or {}).
    private static func cursor(_ value: JSONValue) -> (text: String, isJSON: Bool)? {
        switch value {
        case .null: return nil
        case .string(let text): return text.isEmpty ? nil : (text, false)
        case .array(let items) where items.isEmpty: return nil
        case .object(let members) where members.isEmpty: return nil
        default: return (value.jsonText, true)
        }
    }

    /// A `more` value as a boolean: JSON's true and false, or a header's `true`, `1`, `false`, `0`.
    private static func flag(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .number(let text), .string(let text):
            switch text.lowercased() {
            case "true", "1": return true
            case "false", "0", "": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// "3:a:c" for a page of ids a, b, c.
    private static func shape(_ records: [JSONRecord]) -> String {
        "\(records.count):\(records.first?.id ?? ""):\(records.last?.id ?? "")"
    }
}
