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
                             "continuation", "continue", "after", "starting_after", "offset", "next"]
    /// Keys of a next page's URL, which may be a bare path (Salesforce's `nextRecordsUrl`).
    static let nextURLKeys = ["next", "next_link", "odata.nextlink", "@odata.nextlink", "next_page_url", "next_url", "nextpage",
                              "next_records_url", "next_page_uri"]
    static let moreKeys = ["has_more", "more", "more_items_in_collection", "has_next_page", "has_next", "is_more"]
    static let totalKeys = ["total", "total_count", "total_results", "total_items", "total_records", "total_size",
                            "total_entries", "count"]
    /// Flags that say the list is done (Salesforce's `done`), written negated: `more = "!done"`.
    static let doneKeys = ["done", "is_last", "last_page"]
    static let sizeParams = ["per_page", "limit", "page_size", "max_results", "size", "count", "results", "top", "take"]
    static let offsetParams = ["offset", "start_at", "start", "skip", "from"]
    static let pageParams = ["page", "p", "page_number"]

    /// Writes the paging keys into `source`, or a remark that none was seen.
    func infer(into source: inout InferredSource) async {
        let headers = first.headers
        if let link = headers["link"], let next = LinkHeader.target(link, relation: "next", base: first.url) {
            let sure = await brings(next)
            source.setPaging("style", TOMLText.string("link"), doubt: sure ? nil : "the next link's page brought no new records")
            if !sure { source.pagingProblem = "the Link header's rel=\"next\" page brought no new records" }
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
            if !sure {
                source.setPaging("param", TOMLText.string(param), doubt: "page \(nextPage) by ?\(param)= brought no new records")
                source.pagingProblem = "page \(nextPage) of the X-Next-Page header, asked by ?\(param)=, brought no new records"
            }
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
        if let next = shape.envelopeValue(named: Self.nextURLKeys, where: { $0.text.map { Self.isURL($0, named: true) } == true })
            ?? envelopeURLNamedNext(),
           let url = next.value.text.flatMap({ URL(string: $0, relativeTo: first.url)?.absoluteURL }) {
            source.setPaging("style", TOMLText.string("next-url"))
            let sure = await brings(url, following: next.path)
            source.setPaging("next", TOMLText.string(TOMLText.path(next.path)), doubt: sure ? nil : "its page brought no new records")
            if !sure { source.pagingProblem = "the next page's URL at \(TOMLText.path(next.path)) brought no new records" }
            // A total beside the next URL (Django REST framework's and PokeAPI's `count`,
            // Salesforce's `totalSize`) lets a list that ends short say so.
            if let total = total() {
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
            // The cursor's own key first: Kubernetes' `continue`, Airtable's `offset`, Intercom's
            // and HubSpot's `starting_after` and `after` are sent back under the name they came in.
            let key = cursor.path.last ?? "cursor"
            let candidates = [key, Self.param(fromCursorKey: key), "cursor", "after", "page_token", "pageToken", "starting_after",
                              "start_cursor", "continuation", "continue", "offset"]
            await param(candidates, value: value, into: &source)
            // A total beside the cursor (Intercom's `total_count`) lets a list that ends short say so.
            if let total = total() { source.setPaging("total", TOMLText.string(TOMLText.path(total.path))) }
            more(into: &source)
            source.pagingSummary = "pages by a cursor in the answer"
            return
        }
        if let body, await searchAfter(body, into: &source) { return }
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
        if !sure { source.pagingProblem = "no member of the body tried (\(candidates.map { TOMLText.path($0) }.joined(separator: ", "))) took the cursor at \(TOMLText.path(cursor))" }
        source.setPaging("style", TOMLText.string("cursor"))
        source.setPaging("next", TOMLText.string(TOMLText.path(cursor)))
        more(into: &source)
        source.pagingSummary = "pages by a cursor in the answer, sent back in the request's body"
    }

    /// Offsets or page numbers: a total above the first page's records, an echoed offset or
    /// page parameter, or a first page of a round size, each tried on the second page.
    private func numbered(into source: inout InferredSource) async {
        let total = total()
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
            if let count = total?.value.integer { await reaches(count, param: param, value: String(count - 1), into: &source) }
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
            if let count = total?.value.integer, received > 0 {
                await reaches(count, param: param, value: String(firstNumber + (count - 1) / received), into: &source)
            }
            return
        }
        let looked = "a Link header, a next URL, a cursor, a has-more flag, offset parameters (\(unique(offsetCandidates).joined(separator: ", ")))"
            + " and page parameters (\(unique(pageCandidates).joined(separator: ", ")))"
        source.remarks.append("the first answer looks paged (\(total.map { "a total of \($0.value.text ?? "")" } ?? "\(received) records"))"
            + ", but no offset or page parameter brought a second page: add [sources.paging] by hand")
        source.pagingProblem = "the first answer looks paged, but rolo found no way to its second page: it looked for \(looked)"
    }

    /// Whether the numbered paging found reaches the end of `total` records: the page with the
    /// last of them (`?param=value`) is asked for, and an API that refuses offsets past a window
    /// (Elasticsearch's 10,000) is a problem, not a table that silently stops there.
    private func reaches(_ total: Int, param: String, value: String, into source: inout InferredSource) async {
        guard total > shape.records.count else { return }
        let last = with(param, value)
        guard let page = await probe(last, nil) else {
            source.pagingProblem = "?\(param)=\(value), the page of the last of \(total) records, couldn't be fetched"
            return
        }
        let fine = (200..<300).contains(page.status) && !(page.json.map(ids) ?? []).isEmpty
        guard !fine else { return }
        let said = page.json.flatMap(APIErrorText.message(in:)).map { ": \($0)" } ?? ""
        let instead = shape.records.last?["sort"].map { _ in
            "; the records carry sort values: page with search_after (style = \"cursor\", next = \"\(TOMLText.path(shape.recordsPath + ["-1", "sort"]))\")"
        } ?? ""
        source.pagingProblem = "this paging can't reach the total of \(total): the API answered ?\(param)=\(value) with \(page.status)\(said)\(instead)"
    }

    /// Elasticsearch's way past its window: a body that sorts, records that carry their `sort`
    /// values, and the last one's sent back as `search_after`. Whether that brought a second
    /// page, and so was written.
    private func searchAfter(_ body: JSONValue, into source: inout InferredSource) async -> Bool {
        guard body["sort"] != nil, let last = shape.records.last?["sort"], case .array(let values) = last, !values.isEmpty else {
            return false
        }
        guard await brings(first.url, body: body.setting(["search_after"], to: last)) else { return false }
        var paged = body.setting(["search_after"], to: .string("{cursor}"))
        source.setPaging("style", TOMLText.string("cursor"))
        source.setPaging("next", TOMLText.string(TOMLText.path(shape.recordsPath + ["-1", "sort"])))
        if let size = body["size"]?.integer {
            paged = paged.setting(["size"], to: .string("{size}"))
            source.setPaging("size", String(size))
        }
        source.body = paged
        if let total = total() { source.setPaging("total", TOMLText.string(TOMLText.path(total.path))) }
        source.pagingSummary = "pages after the last record's sort values, sent back as search_after in the body"
        return true
    }

    /// The total count, the path beside the records first (`hits.total.value` over
    /// `_shards.total`), then the shallowest: a key of ``totalKeys`` holding a whole number, or
    /// an object of one holding it as `value` (Elasticsearch's `{"value": 12000, "relation": "eq"}`).
    func total() -> (path: [String], value: JSONValue)? {
        let wanted = Set(Self.totalKeys.map(AnswerShape.fold))
        let beside = Array(shape.recordsPath.dropLast())
        func named(_ path: [String]) -> Bool {
            guard let last = path.last else { return false }
            if wanted.contains(AnswerShape.fold(last)) { return true }
            return last == "value" && path.count > 1 && wanted.contains(AnswerShape.fold(path[path.count - 2]))
        }
        func shared(_ path: [String]) -> Int { zip(path, beside).prefix { $0 == $1 }.count }
        return shape.envelope.filter { named($0.path) && $0.value.integer != nil }
            .min { (shared($0.path), -$0.path.count) > (shared($1.path), -$1.path.count) }
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
        if let flag = moreFlag() {
            source.setPaging("more", TOMLText.string(TOMLText.path(flag.path)))
        } else if let done = shape.envelopeValue(named: Self.doneKeys, where: { $0 == .bool(false) }) {
            source.setPaging("more", TOMLText.string("!" + TOMLText.path(done.path)))
        }
    }

    private func moreFlag() -> (path: [String], value: JSONValue)? {
        shape.envelopeValue(named: Self.moreKeys, where: { if case .bool = $0 { return true } else { return false } })
    }

    /// A URL in the envelope whose key contains "next" (`links.next`, `paging.next`).
    private func envelopeURLNamedNext() -> (path: [String], value: JSONValue)? {
        shape.envelope.filter { ($0.path.last.map { $0.lowercased().contains("next") } ?? false) && ($0.value.text.map { Self.isURL($0) } ?? false) }
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
        source.pagingProblem = "no query parameter tried (\(unique(candidates).joined(separator: ", "))) took the cursor \(value.prefix(40))"
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

    /// Whether `text` is a page's URL: absolute, or a path with a query; under a key that names
    /// a next page's URL (`named`), any path (Salesforce's `/services/data/v59.0/query/01g…-2000`).
    static func isURL(_ text: String, named: Bool = false) -> Bool {
        text.hasPrefix("http://") || text.hasPrefix("https://") || (text.hasPrefix("/") && (named || text.contains("?")))
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
