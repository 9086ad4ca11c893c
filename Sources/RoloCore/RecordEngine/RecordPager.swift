import Foundation

/// Fetches a configured source's list page after page, one request at a time, through an
/// ``HTTPClient``, in any ``RecordPaging/Style``.
///
/// Paging stops where ``RecordPageReader`` reads that the list ends, never at a short
/// page the answer says isn't the last; each request has the source's `method` and, with a
/// `[sources.body]`, its body filled in for the page (``RecordRequestBody``). An answer
/// holding the source's `error` path fails as an error does. 429s (and 403s and 503s that say
/// when to come back) are waited out by a ``RequestPacer``, as Pipedrive's are: the wait
/// `Retry-After` or the rate-limit headers name, else 1, 2, 4 … 60 s; a rate limit with no
/// requests left is waited out before the next page. A pass listing changes sends its `since`
/// time in the `since` parameter of every page the configured URL makes. Headers go only to the
/// configured URL's origin (``Origin``), so a next page elsewhere gets no credentials.
public struct RecordPager: Sendable {
    /// Waits a number of seconds; tests pass one that returns at once.
    public typealias Sleep = RequestPacer.Sleep
    /// A service's own words for the error an answer stands for (Pipedrive's "Pipedrive says:
    /// …"), asked of every answer: one that isn't a success as it came, and every other with its
    /// body as parsed (nil: not JSON). Nil from it leaves the error, if any, to the pager's words.
    public typealias Refusal = @Sendable (HTTPResponse, JSONValue?) -> FetchError?

    /// The pacer's patience with 429s: Pipedrive's, which has served well.
    static let pacing = RequestPacer.Limits(maxRefusals: 8, maxBackoff: 60)

    /// The source paged.
    public let source: RecordSource
    let endpoint: RecordEndpoint
    let client: any HTTPClient
    let timeout: TimeInterval
    let sleep: Sleep
    let now: @Sendable () -> Date
    let refusal: Refusal?

    /// A pager of `source`, its URL and headers `endpoint` (``RecordSource/endpoint(environment:)``),
    /// its errors worded by `refusal` where it words them.
    public init(
        source: RecordSource, endpoint: RecordEndpoint, client: any HTTPClient, timeout: TimeInterval = 30,
        sleep: @escaping Sleep = { try await Task.sleep(for: .seconds($0)) },
        now: @escaping @Sendable () -> Date = Date.init, refusal: Refusal? = nil
    ) {
        self.refusal = refusal
        self.source = source
        self.endpoint = endpoint
        self.client = client
        self.timeout = timeout
        self.sleep = sleep
        self.now = now
    }

    /// Fetches the pages from `position` (``PagingPosition/start(_:)`` for the first) to the
    /// last, handing each to `page` in order while the next is asked for, so a stop keeps
    /// what came (a page `page` didn't take when it threw is dropped). Without `ahead`, the next
    /// page is asked for only once `page` has taken this one: for a caller that may stop after
    /// any page (`rolo dump --limit`), so it sends no request it doesn't use.
    /// The first request sends `ifNoneMatch`, when given, as `If-None-Match`; a 304 is a page
    /// ``RecordPage/unchanged`` and the last. `waiting` hears of each wait for a rate limit
    /// before it starts. Throws the first error that isn't a rate limit, redacted of the
    /// source's secrets.
    public func run(
        from position: PagingPosition, ifNoneMatch: String? = nil, ahead: Bool = true, page: (RecordPage) async throws -> Void,
        waiting: (Double) async -> Void = { _ in }
    ) async throws {
        var pacer = self.pacer()
        try await run(from: position, ifNoneMatch: ifNoneMatch, ahead: ahead, pacer: &pacer, page: page, waiting: waiting)
    }

    /// A pacer with this pager's patience and sleep, for runs that share one
    /// (``run(from:ifNoneMatch:pacer:page:waiting:)``).
    func pacer() -> RequestPacer {
        RequestPacer(limits: Self.pacing, sleep: sleep)
    }

    /// ``run(from:ifNoneMatch:page:waiting:)`` through `pacer`, which other lists' requests
    /// share: a rate limit one of them met is waited out before this one's next request.
    func run(
        from position: PagingPosition, ifNoneMatch: String? = nil, ahead: Bool = true, pacer: inout RequestPacer,
        page: (RecordPage) async throws -> Void, waiting: (Double) async -> Void
    ) async throws {
        try await run(
            from: position, ifNoneMatch: ifNoneMatch, ahead: ahead, pacer: &pacer, preparing: { _ in () },
            page: { fetched, _ in try await page(fetched) }, waiting: waiting)
    }

    /// ``run(from:ifNoneMatch:ahead:pacer:page:waiting:)``, each page `prepare`d as it comes
    /// (its rows made for the store) before it is handed over with what that made: the next
    /// page is fetched and prepared while this one is stored.
    func run<Prepared: Sendable>(
        from position: PagingPosition, ifNoneMatch: String? = nil, ahead: Bool = true, pacer: inout RequestPacer,
        preparing prepare: @escaping @Sendable (RecordPage) async throws -> Prepared,
        page: (RecordPage, Prepared) async throws -> Void, waiting: (Double) async -> Void
    ) async throws {
        @Sendable func fetched(at position: PagingPosition, ifNoneMatch: String? = nil) async throws -> ((RecordPage, Prepared), RateLimit) {
            let (page, limit) = try await fetch(at: position, ifNoneMatch: ifNoneMatch)
            return ((page, try await prepare(page)), limit)
        }
        var current = try await pacer.send({ try await fetched(at: position, ifNoneMatch: ifNoneMatch) }, waiting: waiting)
        // The next page is asked for while this one is handed over (stored), so the server's
        // work, the parse and the rows' making overlap the store's; one request is still out at
        // a time.
        while let next = current.0.next {
            let handed = current
            if ahead {
                current = try await pacer.send({ try await fetched(at: next) }, beside: { try await page(handed.0, handed.1) }, waiting: waiting)
            } else {
                try await page(handed.0, handed.1)
                current = try await pacer.send({ try await fetched(at: next) }, waiting: waiting)
            }
        }
        try await page(current.0, current.1)
    }

    /// The page at `position`, read off the main actor, with the rate limit its answer
    /// reported: one request, no retry, but for a cursor the API refused with 410 Gone and a
    /// fresh one in its place at the paging's `next` (Kubernetes' expired `continue`), which is
    /// asked again once with that. With `ifNoneMatch`, a 304 is ``RecordPage/notModified``.
    public func fetch(at position: PagingPosition, ifNoneMatch: String? = nil) async throws -> (RecordPage, RateLimit) {
        do {
            return try await fetchOnce(at: position, ifNoneMatch: ifNoneMatch)
        } catch let error as FreshCursor {
            var fresh = position
            fresh.cursor = error.cursor
            fresh.cursorIsJSON = nil
            do {
                return try await fetchOnce(at: fresh, ifNoneMatch: ifNoneMatch)
            } catch let again as FreshCursor {
                throw again.refusal
            }
        }
    }

    /// A 410 whose body names a fresh cursor: the refusal, and the cursor to ask with instead.
    private struct FreshCursor: Error {
        let refusal: FetchError
        let cursor: String
    }

    private func fetchOnce(at position: PagingPosition, ifNoneMatch: String?) async throws -> (RecordPage, RateLimit) {
        var request = try request(at: position)
        if let ifNoneMatch { request.headers["If-None-Match"] = ifNoneMatch }
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch let error as FetchError {
            throw error.redacting(endpoint.secrets)
        }
        let limit = RetryAfter.rateLimit(response, now: now())
        let answeredAt = response.headers["date"].flatMap(RetryAfter.httpDate)
        if ifNoneMatch != nil, response.status == 304 {
            var page = RecordPage.notModified
            page.answeredAt = answeredAt
            return (page, limit)
        }
        do {
            try check(response)
        } catch let refusal as FetchError where response.status == 410 && source.paging?.style == .cursor && position.cursor != nil {
            let fresh = (try? JSONValue.parse(response.body)).flatMap { source.paging?.next?.value(in: $0, headers: response.headers)?.text }
            guard let fresh, !fresh.isEmpty, fresh != position.cursor else { throw refusal }
            throw FreshCursor(refusal: refusal, cursor: fresh)
        }
        var page: RecordPage
        do {
            page = try await read(response, at: position)
        } catch let error as FetchError {
            throw error.redacting(endpoint.secrets)
        }
        page.etag = response.headers["etag"]
        page.answeredAt = answeredAt
        return (page, limit)
    }

    /// The page in `response`, parsed and read on a Dispatch thread (``HeavyWork``).
    private func read(_ response: HTTPResponse, at position: PagingPosition) async throws -> RecordPage {
        let source = self.source, refusal = self.refusal
        return try await HeavyWork.run { () throws -> RecordPage in
            try Self.page(in: response, of: source, at: position, refusal: refusal)
        }
    }

    /// The page of `source` that `response`, asked for at `position`, holds. Throws a
    /// ``FetchError`` for a body that isn't JSON, one `refusal` words as an error, one holding an
    /// error at the source's `error` path, and one without records at `records`. Pure:
    /// what the pager runs on every answer, and what `rolo-fuzz` runs on its inputs.
    public static func page(
        in response: HTTPResponse, of source: RecordSource, at position: PagingPosition, refusal: Refusal? = nil
    ) throws -> RecordPage {
        let reader = RecordPageReader(source: source)
        let title = source.title
        let answer: JSONValue
        do {
            answer = try JSONValue.parse(response.body)
        } catch let error as JSONSyntaxError {
            throw FetchError.unreadable(response.body, contentType: response.contentType, service: title, reason: error.description)
                .located(at: response)
        }
        if let own = refusal?(response, answer) { throw own }
        if let message = reader.error(in: answer) {
            let text = String(message.prefix(300)).sanitizedForTerminal
            throw FetchError(
                kind: .badResponse, endpoint: response.url.endpoint,
                message: "\(title): the API answered with an error: \(text) — check the source's headers and body",
                detail: "\(response.url.redactedForLog): HTTP \(response.status), \(source.error?.description ?? "error"): \(text)")
        }
        do {
            return try reader.read(answer, url: response.url, headers: response.headers, at: position)
        } catch {
            throw FetchError(
                kind: .badResponse, endpoint: response.url.endpoint,
                message: "\(title): \(error.description) — check records in the config file",
                detail: "\(response.url.redactedForLog): HTTP \(response.status), \(error.description)")
        }
    }

    /// The detail of `record` from the source's `detail_url` (at its `detail_record`), to merge
    /// over the listed record; nil when the source has no `detail_url`.
    public func detail(of record: JSONRecord) async throws -> JSONValue? {
        guard let template = source.detailURL else { return nil }
        guard let url = template.url(for: record.value) else {
            throw FetchError(
                kind: .badResponse, endpoint: "", message: "\(source.title): detail_url has no address for this record — check its fields",
                detail: "detail_url \(template) gave no URL for record \(record.id)")
        }
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: url, headers: headers(for: url), timeout: timeout))
        } catch let error as FetchError {
            throw error.redacting(endpoint.secrets)
        }
        try check(response)
        let answer: JSONValue
        do {
            answer = try await JSONValue.decode(response.body)
        } catch let error as JSONSyntaxError {
            throw FetchError.unreadable(response.body, contentType: response.contentType, service: source.title, reason: error.description)
                .located(at: response).redacting(endpoint.secrets)
        }
        do {
            return try source.detailValue(in: answer)
        } catch {
            throw FetchError(
                kind: .badResponse, endpoint: response.url.endpoint,
                message: "\(source.title): \(error.description) — check detail_record in the config file",
                detail: "\(response.url.redactedForLog): \(error.description)"
            ).redacting(endpoint.secrets)
        }
    }

    /// The request for the page at `position`.
    public func request(at position: PagingPosition) throws -> HTTPRequest {
        let url: URL?
        if let next = position.url {
            url = URL(string: next)
        } else {
            url = firstPageURL(position)
        }
        guard let url else {
            throw FetchError(
                kind: .unreachable, endpoint: "", message: "\(source.title): the url isn't an address rolo can fetch — check the config file",
                detail: redactingSecrets(endpoint.url, secrets: endpoint.secrets))
        }
        var request = HTTPRequest(method: source.method, url: url, headers: headers(for: url), timeout: timeout)
        if let body = endpoint.body {
            request.body = RecordRequestBody.data(body, at: position, size: source.paging?.size, sizeAt: source.paging?.sizeBody)
            if !request.headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
                request.headers["Content-Type"] = "application/json"
            }
        }
        return request
    }

    /// The configured URL with the position's page, offset or cursor and the page size.
    private func firstPageURL(_ position: PagingPosition) -> URL? {
        let text = endpoint.url.replacingEvery("{page}", with: String(position.page))
            .replacingEvery("{offset}", with: String(position.offset))
        guard let paging = source.paging, var components = URLComponents(string: text) else { return URL(string: text) }
        func set(_ name: String, _ value: String) { components.setQueryParameter(name, to: value) }
        if let param = paging.param {
            switch paging.style {
            case .page: set(param, String(position.page))
            case .offset: set(param, String(position.offset))
            case .cursor: if let cursor = position.cursor { set(param, cursor) }
            case .link, .nextURL: break
            }
        }
        if let sizeParam = paging.sizeParam, let size = paging.size { set(sizeParam, String(size)) }
        if let param = paging.since, let since = position.pass?.since { set(param, since.formatted(.iso8601)) }
        if components.percentEncodedQueryItems?.isEmpty == true { components.percentEncodedQueryItems = nil }
        return components.url
    }

    /// The configured headers for a request to `url`: none off the configured URL's origin.
    private func headers(for url: URL) -> [String: String] {
        endpoint.headers(for: url)
    }

    /// Throws the error `response` stands for, unless it is a success: worded in the API's own
    /// text where its body has one (``APIErrorText``), with the hint its status calls for: a
    /// 401 or 403 names the source's credentials, a 404 its URL, a 5xx a retry.
    private func check(_ response: HTTPResponse) throws {
        guard !response.isSuccess else { return }
        if let own = refusal?(response, nil) { throw own.redacting(endpoint.secrets) }
        let wait = RetryAfter.seconds(response, now: now())
        let limited = response.status == 429
            || ((response.status == 403 || response.status == 503) && (wait != nil || response.headers["x-ratelimit-remaining"] == "0"))
        let said = APIErrorText.message(in: response.body)
        let detail = "\(response.url.redactedForLog): HTTP \(response.status); body: \(FetchError.excerpt(response.body))"
        var error: FetchError
        if limited {
            error = FetchError(
                kind: .httpStatus(429), endpoint: response.url.endpoint,
                message: "\(source.title) is rate-limiting rolo — wait \(wait.map { "\(Int($0.rounded(.up))) s" } ?? "a moment"), then r",
                detail: detail, retryAfter: wait)
        } else {
            let page = said == nil && response.bodyKind == .html ? " with an HTML page" : ""
            let words = said.map { ": \($0)" } ?? page
            let hint = switch response.status {
            case 401, 403: source.auth == nil
                ? "check the source's headers and their variables" : "check the auth's scopes and account, or rolo login \(source.name)"
            case 404, 410: "check the source's url"
            case 500..<600: "r to retry"
            default: "check the source's url, body and paging"
            }
            let refused = response.status == 401 || response.status == 403
            error = FetchError(
                kind: .httpStatus(response.status), endpoint: response.url.endpoint,
                message: refused
                    ? "\(source.title) refused rolo's request (\(response.status))\(words) — \(hint)"
                    : "\(source.title) answered \(response.status)\(words) — \(hint)",
                detail: detail)
        }
        error.apiText = said
        throw error.redacting(endpoint.secrets)
    }
}
