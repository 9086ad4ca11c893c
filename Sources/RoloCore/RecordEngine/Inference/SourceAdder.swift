import Foundation

/// Why `rolo add` couldn't write a source: one line saying what to do.
public struct AddError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// `rolo add NAME URL`: asks the API for its first page (and for the second, to see how it
/// pages), then guesses the `[[sources]]` table a user would write for it.
public struct SourceAdder: Sendable {
    public let name: String
    public let url: String
    /// Header fields as the user wrote them, `${VAR}`s kept: the file gets them as written.
    public let headers: [RecordHeader]
    let http: any HTTPClient
    let environment: [String: String]
    let timeout: TimeInterval
    /// `GET`, or `POST` with ``body``.
    let method: String
    /// The request body as the user gave it (`{"query": …}`); nil for none.
    let body: JSONValue?

    public init(name: String, url: String, headers: [RecordHeader], http: any HTTPClient,
                environment: [String: String], timeout: TimeInterval = 30, method: String = "GET", body: JSONValue? = nil) {
        self.method = method
        self.body = body
        self.name = name
        self.url = url
        self.headers = headers
        self.http = http
        self.environment = environment
        self.timeout = timeout
    }

    /// The table guessed from the API's answers, and how many requests that took.
    public func infer() async throws -> (source: InferredSource, requests: Int) {
        let unset: (String) throws -> String = { throw AddError("the header needs the environment variable \($0): set it, then run rolo add again") }
        let listText = try EnvironmentExpansion.expand(url, environment: environment, unset: unset).text
        guard let list = URL(string: listText), let scheme = list.scheme?.lowercased(), ["http", "https"].contains(scheme), list.host != nil else {
            throw AddError("'\(url)' isn't an http or https URL")
        }
        var expanded: [String: String] = [:]
        for header in headers {
            expanded[header.name] = try EnvironmentExpansion.expand(header.value, environment: environment, unset: unset).text
        }
        let fetcher = Fetcher(http: http, headers: expanded, origin: list, timeout: timeout, method: method, body: body)
        let first = try await fetcher.first(list)
        guard let json = first.json else { throw AddError("\(listText) didn't answer with JSON") }
        if json["ok"] != .bool(true), let message = (json["error"]?.text ?? json.value(at: JSONPath("error.message"))?.text
            ?? json.value(at: JSONPath("errors.0.message"))?.text) {
            throw AddError("\(listText) answered with an error: \(message.sanitizedForTerminal)"
                + (headers.isEmpty ? " — if it needs credentials, give them with --header" : ""))
        }
        guard let shape = AnswerShape(json) else {
            throw AddError("\(listText) answered \(json.kindDescription), with no list of records in it: give the URL of a list")
        }
        var source = InferredSource(name: name)
        source.set("name", TOMLText.string(name))
        source.set("url", TOMLText.string(url))
        if !headers.isEmpty {
            source.set("headers", "{ " + headers.map { "\(TOMLText.key($0.name)) = \(TOMLText.string($0.value))" }.joined(separator: ", ") + " }")
        }
        if method != "GET" { source.set("method", TOMLText.string(method)) }
        // The body goes out with every page, cursor or not.
        source.body = body
        let fields = SourceInference.records(shape, into: &source)
        if body?["query"]?.text != nil, json["data"] != nil {
            // GraphQL's way: a mistake is a 200 with errors beside (or instead of) data.
            source.set("error", TOMLText.string("errors.0.message"))
        }
        if case .bool? = json["ok"] {
            // Slack's way: every answer is a 200, an error says so in the body.
            source.set("error", TOMLText.string("error"))
        }
        let idPath = SourceInference.idField(fields)?.path ?? ["id"]
        await detail(fields, idPath: idPath, shape: shape, list: list, fetcher: fetcher, into: &source)
        await PagingInference(first: first, shape: shape, idPath: idPath, body: body) { await fetcher.probe($0, body: $1) }
            .infer(into: &source)
        return (source, await fetcher.count)
    }

    /// `detail_url`: a field holding the record's own URL, else the list's URL + `/{id}` when
    /// that answers with an object for the first record.
    private func detail(_ fields: RecordFields, idPath: [String], shape: AnswerShape, list: URL, fetcher: Fetcher,
                        into source: inout InferredSource) async {
        if let field = SourceInference.detailField(fields, list: list) {
            source.set("detail_url", TOMLText.string("{\(TOMLText.path(field.path))}"))
            await detailPictures(field.texts.prefix(2).compactMap(URL.init(string:)), fetcher: fetcher, into: &source)
            return
        }
        guard method == "GET", let id = shape.records.first?.value(at: JSONPath(steps: idPath))?.text,
              let encoded = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))),
              var components = URLComponents(url: list, resolvingAgainstBaseURL: true)
        else { return }
        let slash = components.path.hasSuffix("/")
        components.percentEncodedPath = (slash ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath)
            + "/" + encoded + (slash ? "/" : "")
        components.query = nil
        guard let probeURL = components.url, let page = await fetcher.get(probeURL), (200..<300).contains(page.status),
              let answer = page.json, answer.isObject || answer.value(at: JSONPath("data"))?.isObject == true
        else { return }
        // The URL as the user wrote it keeps its ${VAR}s: only the path's end is added.
        var written = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        if written.hasSuffix("/") { written.removeLast() }
        source.set("detail_url", TOMLText.string(written + "/{\(TOMLText.path(idPath))}" + (slash ? "/" : "")))
    }

    /// Without a picture in the list, the pictures of the first records' details (PokeAPI's
    /// `sprites.front_default`), which rolo merges over the listed records: a guess, as two
    /// records are all it saw.
    private func detailPictures(_ urls: [URL], fetcher: Fetcher, into source: inout InferredSource) async {
        guard !source.entries.contains(where: { $0.key == "image" }) else { return }
        var details: [JSONValue] = []
        for url in urls {
            if let page = await fetcher.get(url), (200..<300).contains(page.status), let answer = page.json, answer.isObject {
                details.append(answer)
            }
        }
        guard !details.isEmpty else { return }
        var found = InferredSource(name: source.name)
        SourceInference.pictures(RecordFields(details), into: &found)
        for entry in found.entries {
            source.set(entry.key, entry.toml, doubt: entry.doubt ?? "only in the detail_url answer, which rolo merges over each record")
        }
    }

}

/// The adder's requests: the configured headers only to the list's origin (scheme, host and
/// port), answers read as JSON, and a count of what was asked.
private actor Fetcher {
    let http: any HTTPClient
    let headers: [String: String]
    let origin: URL
    let timeout: TimeInterval
    /// GET, or POST with ``body`` (a GraphQL query, a search's filter).
    let method: String
    let body: JSONValue?
    private(set) var count = 0

    init(http: any HTTPClient, headers: [String: String], origin: URL, timeout: TimeInterval, method: String, body: JSONValue?) {
        self.http = http
        self.headers = headers
        self.origin = origin
        self.timeout = timeout
        self.method = method
        self.body = body
    }

    /// The first page; throws with the reason when it isn't a 2xx answer.
    func first(_ url: URL) async throws -> ProbedPage {
        let response: HTTPResponse
        do {
            response = try await send(url, body: body)
        } catch let error as FetchError {
            throw AddError("\(url.absoluteString) couldn't be fetched: \(error.message.withoutKeyHint)")
        }
        guard response.isSuccess else {
            let body = APIErrorText.message(in: response.body)
                ?? String(decoding: response.body.prefix(APIErrorText.limit), as: UTF8.self).sanitizedForTerminal
            throw AddError("\(url.absoluteString) answered \(response.status)\(body.isEmpty ? "" : ": \(body)")"
                + (response.status == 401 || response.status == 403 ? " — give the API's credentials with --header" : ""))
        }
        return page(response, url: url)
    }

    /// The page at `url`, asked with `body` (the first page's body unless told otherwise).
    func probe(_ url: URL, body: JSONValue? = nil) async -> ProbedPage? {
        guard let response = try? await send(url, body: body ?? self.body) else { return nil }
        return page(response, url: url)
    }

    /// A detail or a picture: always a GET.
    func get(_ url: URL) async -> ProbedPage? {
        guard let response = try? await send(url, body: nil, method: "GET") else { return nil }
        return page(response, url: url)
    }

    private func send(_ url: URL, body: JSONValue?, method: String? = nil) async throws -> HTTPResponse {
        count += 1
        var fields = ["Accept": "application/json"]
        if body != nil { fields["Content-Type"] = "application/json" }
        if Origin(origin)?.includes(url) == true { fields.merge(headers) { _, configured in configured } }
        return try await http.send(HTTPRequest(method: method ?? self.method, url: url, headers: fields,
                                               body: body.map { Data($0.jsonText.utf8) }, timeout: timeout))
    }

    private func page(_ response: HTTPResponse, url: URL) -> ProbedPage {
        ProbedPage(url: url, status: response.status, headers: response.headers, json: try? JSONValue.parse(response.body))
    }
}
