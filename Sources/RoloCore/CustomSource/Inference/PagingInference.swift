import Foundation

/// One answer `rolo add` fetched: the first page, or a page it tried to see how the list pages.
public struct ProbedPage: Sendable {
    public var url: URL
    public var status: Int
    /// Header fields, keys lower-cased.
    public var headers: [String: String]
    public var json: JSONValue?

    public init(url: URL, status: Int, headers: [String: String], json: JSONValue?) {
        self.url = url
        self.status = status
        self.headers = headers
        self.json = json
    }
}

/// Guesses `[sources.paging]` from the first answer's traces (a `Link` header, a next URL or a
/// cursor in the body, a has-more flag, a total, page headers) and confirms each guess by asking
/// for the second page: a guess whose page brings records the first didn't have is sure.
struct PagingInference {
    let first: ProbedPage
    let shape: AnswerShape
    let idPath: [String]
    /// The request body the first page was asked with (POST); nil for a GET.
    let body: JSONValue?
    /// Asks for a page at a URL, with a body of its own (nil: the first page's); nil when it
    /// couldn't be had.
    let probe: (URL, JSONValue?) async -> ProbedPage?

    /// The first page's ids, to tell a second page from the first one again.
    private var firstIDs: Set<String> { Set(shape.records.compactMap { $0.value(at: JSONPath(steps: idPath))?.text }) }

    static let cursorKeys = ["next_cursor", "cursor", "end_cursor", "next_page_token", "next_token", "continuation_token",
                             "continuation", "after", "next"]
    static let moreKeys = ["has_more", "more", "more_items_in_collection", "has_next_page", "has_next", "is_more"]
    static let totalKeys = ["total", "total_count", "total_results", "total_items", "total_records", "total_size",
                            "total_entries", "count"]
    static let sizeParams = ["per_page", "limit", "page_size", "max_results", "size", "count", "results", "top", "take"]
    static let offsetParams = ["offset", "start_at", "start", "skip", "from"]
    static let pageParams = ["page", "p", "page_number"]

    /// Writes the paging keys into `source`, or a remark that none was seen.
    func infer(into source: inout InferredSource) async {
        let headers = first.headers
        if let link = headers["link"], let next = LinkHeader.target(link, relation: "next", base: first.url) {
            source.setPaging("style", TOMLText.string("link"), doubt: await brings(next) ? nil : "the next link's page brought no new records")
            sizeParam(into: &source)
            source.pagingSummary = "pages by the Link header's rel=\"next\""
                + (LinkHeader.target(link, relation: "last", base: first.url) != nil ? "; rel=\"last\" gives the total's hint" : "")
            return
        }
        if let nextPage = headers["x-next-page"] {
            let param = existingParam(Self.pageParams) ?? "page"
            source.setPaging("style", TOMLText.string("page"))
            source.setPaging("param", TOMLText.string(param))
            source.setPaging("next", TOMLText.string("header:X-Next-Page"))
            if headers["x-total"] != nil { source.setPaging("total", TOMLText.string("header:X-Total")) }
            sizeParam(into: &source)
            let sure = !nextPage.isEmpty ? await brings(with(param, nextPage)) : true
            if !sure { source.setPaging("param", TOMLText.string(param), doubt: "page \(nextPage) by ?\(param)= brought no new records") }
            source.pagingSummary = "pages by page number, the next one in the X-Next-Page header"
            return
        }
        if let pagesHeader = ["x-wp-totalpages", "x-total-pages"].first(where: { headers[$0] != nil }) {
            let param = existingParam(Self.pageParams) ?? "page"
            source.setPaging("style", TOMLText.string("page"))
            source.setPaging("param", TOMLText.string(param))
            source.setPaging("pages", TOMLText.string("header:" + (pagesHeader == "x-wp-totalpages" ? "X-WP-TotalPages" : "X-Total-Pages")))
            if let total = ["x-wp-total", "x-total"].first(where: { headers[$0] != nil }) {
                source.setPaging("total", TOMLText.string("header:" + (total == "x-wp-total" ? "X-WP-Total" : "X-Total")))
            }
            sizeParam(into: &source)
            source.pagingSummary = "pages by page number, as many as the \(pagesHeader) header says"
            return
        }
        if let next = shape.envelopeValue(named: ["next", "next_link", "odata.nextlink", "@odata.nextlink", "next_page_url", "next_url", "nextpage"],
                                          where: { $0.text.map(Self.isURL) == true }) ?? envelopeURLNamedNext(),
           let url = next.value.text.flatMap({ URL(string: $0, relativeTo: first.url)?.absoluteURL }) {
            source.setPaging("style", TOMLText.string("next-url"))
            source.setPaging("next", TOMLText.string(TOMLText.path(next.path)),
                             doubt: await brings(url, following: next.path) ? nil : "its page brought no new records")
            // A total beside the next URL (Django REST framework's and PokeAPI's `count`) lets a
            // list that ends short say so.
            if let total = shape.envelopeValue(named: Self.totalKeys, where: { $0.integer != nil }) {
                source.setPaging("total", TOMLText.string(TOMLText.path(total.path)))
            }
            more(into: &source)
            source.pagingSummary = "pages by the next page's URL in the answer"
            return
        }
        if let body, let cursor = shape.envelopeValue(named: Self.cursorKeys, where: { $0.text.map { !$0.isEmpty && !Self.isURL($0) } == true }),
           let value = cursor.value.text {
            await bodyCursor(body, cursor: cursor.path, value: value, into: &source)
            return
        }
        if let cursor = shape.envelopeValue(named: Self.cursorKeys, where: { $0.text.map { !$0.isEmpty && !Self.isURL($0) && Int($0) == nil } == true }),
           let value = cursor.value.text {
            source.setPaging("style", TOMLText.string("cursor"))
            source.setPaging("next", TOMLText.string(TOMLText.path(cursor.path)))
            let candidates = [Self.param(fromCursorKey: cursor.path.last ?? "cursor"), "cursor", "after", "page_token", "pageToken", "starting_after", "continuation"]
            await param(candidates, value: value, into: &source)
            more(into: &source)
            source.pagingSummary = "pages by a cursor in the answer"
            return
        }
        if let flag = moreFlag(), let last = shape.records.last?.value(at: JSONPath(steps: idPath))?.text {
            source.setPaging("style", TOMLText.string("cursor"))
            source.setPaging("next", TOMLText.string(TOMLText.path(shape.recordsPath + ["-1"] + idPath)))
            source.setPaging("more", TOMLText.string(TOMLText.path(flag.path)))
            await param(["starting_after", "after", "since_id", "cursor", "from", "since"], value: last, into: &source)
            sizeParam(into: &source)
            source.pagingSummary = "pages after the last record's id while \(TOMLText.path(flag.path)) is true"
            return
        }
        await numbered(into: &source)
    }

    /// A cursor that goes in the request body: GraphQL's `variables.after`, Notion's
    /// `start_cursor`, or a member named like the cursor, whichever brings the second page.
    private func bodyCursor(_ body: JSONValue, cursor: [String], value: String, into source: inout InferredSource) async {
        var candidates: [[String]] = []
        if case .object? = body["variables"] { candidates += [["variables", "after"], ["variables", "cursor"]] }
        candidates += [["start_cursor"], ["cursor"], ["after"], ["page_token"]]
        var chosen = candidates[0]
        var sure = false
        for candidate in candidates where await brings(first.url, body: body.setting(candidate, to: .string(value))) {
            chosen = candidate
            sure = true
            break
        }
        source.body = body.setting(chosen, to: .string("{cursor}"))
        source.bodyDoubt = sure ? nil : "no member tried brought a second page: put \"{cursor}\" where the API takes its cursor"
        source.setPaging("style", TOMLText.string("cursor"))
        source.setPaging("next", TOMLText.string(TOMLText.path(cursor)))
        more(into: &source)
        source.pagingSummary = "pages by a cursor in the answer, sent back in the request's body"
    }

    /// Offsets or page numbers: a total above the first page's records, an echoed offset or
    /// page parameter, or a first page of a round size, each tried on the second page.
    private func numbered(into source: inout InferredSource) async {
        let total = shape.envelopeValue(named: Self.totalKeys, where: { $0.integer != nil })
        let received = shape.records.count
        if let total, let count = total.value.integer, count <= received {
            source.remarks.append("the answer holds all \(count) records: one request, no paging")
            return
        }
        let echoedOffset = shape.envelopeValue(named: Self.offsetParams, where: { $0.integer != nil })?.path.last
        let echoedPage = shape.envelopeValue(named: Self.pageParams + ["current_page"], where: { $0.integer != nil })?.path.last
        let nextStart = shape.envelopeValue(named: ["next_start", "next_offset"], where: { $0.integer != nil })
        var offsetCandidates = [existingParam(Self.offsetParams), echoedOffset, nextStart.map { _ in "start" }].compactMap { $0 }
        offsetCandidates += ["offset", "startAt", "start", "skip", "from"]
        var pageCandidates = [existingParam(Self.pageParams), echoedPage == "current_page" ? "page" : echoedPage].compactMap { $0 }
        pageCandidates += ["page", "p", "pageNumber"]
        let roundSize = [10, 20, 25, 30, 50, 100, 200, 250, 500, 1000].contains(received)
        guard total != nil || echoedOffset != nil || echoedPage != nil || nextStart != nil || roundSize else {
            source.remarks.append("no paging seen in the first answer (\(received) records): one request")
            return
        }
        for param in unique(offsetCandidates) where await brings(with(param, String(received))) {
            source.setPaging("style", TOMLText.string("offset"))
            source.setPaging("param", TOMLText.string(param))
            finishNumbered(total: total, into: &source, summary: "pages by offset, ?\(param)=")
            return
        }
        for param in unique(pageCandidates) {
            let startsAtOne = await same(with(param, "1"))
            let firstNumber = startsAtOne ? 1 : (await same(with(param, "0")) ? 0 : 1)
            guard await brings(with(param, String(firstNumber + 1))) else { continue }
            source.setPaging("style", TOMLText.string("page"))
            source.setPaging("param", TOMLText.string(param))
            if firstNumber != 1 { source.setPaging("first", String(firstNumber)) }
            finishNumbered(total: total, into: &source, summary: "pages by page number, ?\(param)=")
            return
        }
        source.remarks.append("the first answer looks paged (\(total.map { "a total of \($0.value.text ?? "")" } ?? "\(received) records"))"
            + ", but no offset or page parameter brought a second page: add [sources.paging] by hand")
    }

    private func finishNumbered(total: (path: [String], value: JSONValue)?, into source: inout InferredSource, summary: String) {
        sizeParam(into: &source)
        if let total { source.setPaging("total", TOMLText.string(TOMLText.path(total.path))) }
        more(into: &source)
        source.pagingSummary = summary
    }

    /// `size_param` and `size` from the URL's own size parameter, else one the answer echoes.
    private func sizeParam(into source: inout InferredSource) {
        // A size the URL sends already stays: the pager keeps the URL's query as it is.
        guard existingParam(Self.sizeParams) == nil else { return }
        if let echoed = shape.envelopeValue(named: ["max_results", "limit", "per_page", "page_size"], where: { $0.integer != nil }),
           let key = echoed.path.last, let size = echoed.value.integer {
            source.setPaging("size_param", TOMLText.string(key), doubt: "the answer echoes \(key) = \(size); check the API takes it as a parameter")
            source.setPaging("size", String(size))
        }
    }

    private func more(into source: inout InferredSource) {
        if let flag = moreFlag() { source.setPaging("more", TOMLText.string(TOMLText.path(flag.path))) }
    }

    private func moreFlag() -> (path: [String], value: JSONValue)? {
        shape.envelopeValue(named: Self.moreKeys, where: { if case .bool = $0 { return true } else { return false } })
    }

    /// A URL in the envelope whose key contains "next" (`links.next`, `paging.next`).
    private func envelopeURLNamedNext() -> (path: [String], value: JSONValue)? {
        shape.envelope.filter { ($0.path.last.map { $0.lowercased().contains("next") } ?? false) && ($0.value.text.map(Self.isURL) ?? false) }
            .min { $0.path.count < $1.path.count }
    }

    /// Tries `candidates` as the cursor's parameter with `value`; the first that brings new
    /// records is written, else the first with a doubt.
    private func param(_ candidates: [String], value: String, into source: inout InferredSource) async {
        for candidate in unique(candidates) where await brings(with(candidate, value)) {
            source.setPaging("param", TOMLText.string(candidate))
            return
        }
        source.setPaging("param", TOMLText.string(candidates[0]), doubt: "no parameter tried brought a second page: name the API's cursor parameter")
    }

    /// Whether the page at `url` has records the first page hadn't. With `following`, an empty
    /// page's next URL at that path is followed, up to three times (Graph sends empty pages).
    private func brings(_ url: URL, body: JSONValue? = nil, following next: [String]? = nil) async -> Bool {
        var url = url
        for _ in 0..<4 {
            guard let page = await probe(url, body), (200..<300).contains(page.status), let json = page.json else { return false }
            let ids = ids(json)
            if !ids.isEmpty { return !ids.isSubset(of: firstIDs) }
            guard let next, let text = json.value(at: JSONPath(steps: next))?.text,
                  let further = URL(string: text, relativeTo: url)?.absoluteURL else { return false }
            url = further
        }
        return false
    }

    /// Whether the page at `url` is the first page again.
    private func same(_ url: URL) async -> Bool {
        guard let page = await probe(url, nil), (200..<300).contains(page.status), let json = page.json else { return false }
        return ids(json) == firstIDs
    }

    private func ids(_ json: JSONValue) -> Set<String> {
        let records = shape.recordsPath.isEmpty ? json : json.value(at: JSONPath(steps: shape.recordsPath))
        guard case .array(let items)? = records else { return [] }
        return Set(items.compactMap { $0.value(at: JSONPath(steps: idPath))?.text })
    }

    /// The first page's URL with `name=value` set in its query.
    private func with(_ name: String, _ value: String) -> URL {
        guard var components = URLComponents(url: first.url, resolvingAgainstBaseURL: true) else { return first.url }
        // Encoded as the pager will send it, so what the try confirms is what the source asks.
        components.setQueryParameter(name, to: value)
        return components.url ?? first.url
    }

    /// The first page URL's own parameter among `names`, as it spells it.
    private func existingParam(_ names: [String]) -> String? {
        let folded = Set(names.map(AnswerShape.fold))
        return URLComponents(url: first.url, resolvingAgainstBaseURL: true)?.queryItems?
            .first { folded.contains(AnswerShape.fold($0.name)) }?.name
    }

    private func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    static func isURL(_ text: String) -> Bool {
        text.hasPrefix("http://") || text.hasPrefix("https://") || (text.hasPrefix("/") && text.contains("?"))
    }

    /// The cursor's parameter from the answer's key: `next_page_token` → `page_token`,
    /// `nextPageToken` → `pageToken`, `endCursor` → `after`, else `cursor`.
    static func param(fromCursorKey key: String) -> String {
        let folded = AnswerShape.fold(key)
        if folded.contains("pagetoken") { return key.contains("_") ? "page_token" : "pageToken" }
        if folded == "endcursor" { return "after" }
        if folded.contains("continuation") { return "continuation" }
        return "cursor"
    }
}
