import Foundation

/// One `[[sources]]` table of the config file: a JSON REST API shown as a tab of its own.
///
/// Checked when the file is read; `${VAR}`s are left in place until
/// ``RecordSource/endpoint(environment:)`` expands them, so a variable that isn't set fails this
/// source alone, with a message, rather than rolo's start.
public struct RecordSource: Sendable, Equatable {
    /// `[a-z][a-z0-9-]*`: the tab, `rolo NAME`, `rolo dump NAME`.
    public var name: String
    /// The list's title; the name by default.
    public var title: String
    /// The list's URL, or its first page's: may hold `{page}` or `{offset}` and `${VAR}`s.
    public var url: String
    /// Header fields to send, in file order; values may hold `${VAR}`s.
    public var headers: [RecordHeader]
    /// Where the list is in the answer; nil when the answer is the list.
    public var records: JSONPath?
    /// Where a record's unique id is; `id` by default.
    public var id: JSONPath
    /// A row's name; the id by default.
    public var label: RecordTemplate
    /// The list's columns after the label.
    public var columns: [RecordColumn]
    /// Section headers, sorted alphabetically; nil for none.
    public var group: RecordTemplate?
    /// The order within a group; nil for the API's order.
    public var sort: RecordTemplate?
    /// The fields a search looks in; nil for the label's and the columns'.
    public var search: [JSONPath]?
    /// The detail's picture: a URL, or a field holding base64 image data.
    public var image: RecordTemplate?
    /// The list rows' picture, as ``image``.
    public var thumbnail: RecordTemplate?
    /// Fetched when a row is opened, for the whole record; nil to show the listed record.
    public var detailURL: RecordTemplate?
    /// Where the record is in ``detailURL``'s answer (`detail_record`); nil for the whole answer.
    public var detailRecord: JSONPath? = nil
    /// The detail's fields, in order; nil for every field.
    public var fields: [JSONPath]?
    /// The most records fetched; 100,000 by default.
    public var maxRecords: Int
    /// Whether the records are kept in rolo's database (for the next launch and offline), or in
    /// memory only; true by default.
    public var offline: Bool
    /// How the list pages; nil for one request.
    public var paging: RecordPaging?
    /// The method of every page's request (`method`); GET by default.
    public var method: String = "GET"
    /// A path that, present and not null or false in an answer, makes the answer an error with
    /// its text (`error`: Slack's `error`, GraphQL's `errors.0.message`); nil for none.
    public var error: JSONPath? = nil
    /// The JSON body of every page's request (`[sources.body]`), its `{cursor}`-style values and
    /// `${VAR}`s not yet filled in; nil for none.
    public var body: JSONValue? = nil
    /// Where the table is, "…/config.toml, line 12", for messages about it.
    public var place: String
    /// Its `[[sources.actions]]`, in file order.
    public var actions: [RecordAction] = []
    /// Its `links`, shown at the end of the detail; the first is what `o` opens.
    public var links: [RecordLink] = []
    /// Its `[[sources.lookups]]`, in file order: fields naming records of other lists.
    public var lookups: [RecordLookup] = []
    /// Its `[[sources.views]]`, in file order: queries kept under a name.
    public var views: [RecordView] = []
    /// `watch`: every how many seconds the list refreshes itself while rolo runs; nil, never.
    public var watch: TimeInterval?
    /// `notify`: which new or changed records send a notification (the actions' `when`
    /// syntax); nil, every one.
    public var notify: ActionCondition?
    /// `notify_command`: the program and its arguments, templates over the record and
    /// `{count}`, `{source}` and `{summary}`; nil when the source has none.
    public var notifyCommand: [RecordTemplate]?
    /// `[sources.auth]`: how requests are signed; nil for the `headers` alone.
    public var auth: SourceAuth?

    /// The default of ``maxRecords``.
    public static let defaultMaxRecords = 100_000

    /// Whether `name` is written as a source's or an action's name must be: `[a-z][a-z0-9-]*`.
    public static func isWellFormedName(_ name: String) -> Bool {
        name.range(of: "^[a-z][a-z0-9-]*$", options: .regularExpression) != nil
    }

    /// Why `name` can't name a configured source though it is well formed ("a built-in
    /// source's", "a rolo command"); nil when it can, as far as the built-ins go.
    public static func reservedName(_ name: String, builtIn: [SourceID]) -> String? {
        if builtIn.contains(SourceID(rawValue: name)) { return "a built-in source's" }
        if ConfiguredSourcesReader.commandWords.contains(name) { return "a rolo command" }
        return nil
    }

    /// The paths a search folds, in order: ``search``, else the label's and the columns'.
    public var searchPaths: [JSONPath] {
        if let search { return search }
        var paths: [JSONPath] = []
        for path in label.paths + columns.flatMap(\.value.paths) where !paths.contains(path) { paths.append(path) }
        return paths
    }

    /// The folded text a search of `record` looks in (``SearchKey``), a field a line; a path
    /// through a lookup (`org.name`) looks in the looked-up record `lookups` holds, and in
    /// nothing when they don't hold it.
    public func searchText(_ record: JSONValue, lookups: LookupValues) -> String {
        searchText(record, paths: searchPaths, lookups: lookups)
    }

    /// ``searchText(_:lookups:)`` by ``searchPaths`` worked out once for many records.
    func searchText(_ record: JSONValue, paths: [JSONPath], lookups: LookupValues) -> String {
        guard !lookups.isEmpty else { return SearchKey.fold(paths.compactMap { record.value(at: $0)?.text?.sanitizedForTerminal }) }
        return SearchKey.fold(paths.compactMap { lookups.value(at: $0, in: record, rawIDs: false)?.text?.sanitizedForTerminal })
    }

    /// The detail's rows for `record`: each of ``fields`` (or every field) with its text.
    public func detailFields(_ record: JSONValue) -> [(field: String, text: String)] {
        (fields ?? record.fieldPaths).compactMap { path in
            record.value(at: path)?.displayText.map { (path.description.sanitizedForTerminal, $0) }
        }
    }

    /// Each setting's paths with the setting's name, for ``TemplateCheck`` over fetched records.
    public var checkedPaths: [(setting: String, paths: [JSONPath])] {
        var checked: [(String, [JSONPath])] = [("id", [id]), ("label", label.paths)]
        for column in columns { checked.append(("column '\(column.title)'", column.value.paths)) }
        let optional: [(String, [JSONPath]?)] = [
            ("group", group?.paths), ("sort", sort?.paths), ("search", search), ("image", image?.paths),
            // With a detail_url the fields may be the full record's alone, which no listed
            // record shows.
            ("thumbnail", thumbnail?.paths), ("fields", detailURL == nil ? fields : nil),
        ]
        for (setting, paths) in optional { if let paths { checked.append((setting, paths)) } }
        // A looked-up field is the other list's, which no record of this one holds.
        return checked.map { setting, paths in (setting, paths.filter { !isLookupPath($0) }) }
    }

    /// Every problem ``TemplateCheck`` finds in this source's settings against `records`.
    ///
    /// With a `detail_url` every setting but the id may name a field only the detail has, so
    /// those are judged only against `detailed`, records known to hold their detail merged in
    /// (none yet: nothing is reported). The id is always the list's.
    public func problems(with records: [JSONValue], detailed: [JSONValue] = []) -> [String] {
        guard detailURL != nil else {
            return checkedPaths.flatMap { TemplateCheck.problems($0.setting, paths: $0.paths, records: records) }
        }
        var problems = TemplateCheck.problems("id", paths: [id], records: records)
        for (setting, paths) in checkedPaths where setting != "id" {
            problems += TemplateCheck.problems(setting, paths: paths, records: detailed)
        }
        return problems
    }

    /// The paths a list row reads: the label's, the columns', the thumbnail's, and those of
    /// group, sort and search.
    public var rowPaths: [JSONPath] {
        var paths: [JSONPath] = []
        let all = label.paths + columns.flatMap(\.value.paths) + (thumbnail?.paths ?? []) + (group?.paths ?? [])
            + (sort?.paths ?? []) + (search ?? [])
        for path in all where !paths.contains(path) && !isLookupPath(path) { paths.append(path) }
        return paths
    }

    /// Whether the rows need each record's detail: the source has a `detail_url` and a row
    /// reads a path that none of `listed` (records as listed) holds. A list that already holds
    /// what its rows show costs no request per row; the opened record's detail is fetched anyway.
    public func rowsNeedDetails(_ listed: [JSONValue]) -> Bool {
        guard detailURL != nil, !listed.isEmpty else { return false }
        return rowPaths.contains { path in !listed.contains { ($0.value(at: path) ?? .null) != .null } }
    }

    /// The record in a detail answer: the value at ``detailRecord``, or the whole answer without
    /// one. Throws when `answer` has nothing there, saying what the answer is.
    public func detailValue(in answer: JSONValue) throws(DetailRecordError) -> JSONValue {
        guard let detailRecord else { return answer }
        guard let value = answer.value(at: detailRecord), value != .null else {
            throw DetailRecordError(
                "detail_record '\(detailRecord)' isn't in the detail answer, which is \(answer.kindDescription)")
        }
        return value
    }
}

/// Why a detail answer holds no record where `detail_record` says.
public struct DetailRecordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, in the user's words.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A column of a configured source's list.
public struct RecordColumn: Sendable, Equatable {
    /// The column's heading.
    public var title: String
    /// Its text for a record.
    public var value: RecordTemplate
    /// Its width in cells; nil to let the list choose.
    public var width: Int?
}

/// A header field a configured source sends.
public struct RecordHeader: Sendable, Equatable {
    /// The field's name, e.g. `Authorization`.
    public var name: String
    /// Its value as written, `${VAR}`s not yet expanded.
    public var value: String

    /// A header field `name` with `value` as written.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Whether the value is written out in the file rather than taken from the environment:
    /// such a file must be private, as it may hold a credential.
    public var isLiteral: Bool { !value.contains("${") }
}

/// How a configured source's list pages (`[sources.paging]`).
public struct RecordPaging: Sendable, Equatable {
    /// The ways of paging.
    public enum Style: String, Sendable, CaseIterable {
        /// `?page=1`, `?page=2` … (or `{page}` in the URL).
        case page
        /// `?offset=0`, then past the records received (or `{offset}` in the URL).
        case offset
        /// `?cursor=…` from the answer's ``RecordPaging/next`` path.
        case cursor
        /// The `Link: <…>; rel="next"` header (RFC 8288).
        case link
        /// The next page's URL at the answer's ``RecordPaging/next`` path.
        case nextURL = "next-url"
    }

    /// The way of paging.
    public var style: Style
    /// The query parameter of the page, offset or cursor; nil when the URL holds `{page}` or
    /// `{offset}`, or for link and next-url.
    public var param: String?
    /// The first page's number; 1 by default.
    public var first: Int
    /// The page-size parameter, if one is sent.
    public var sizeParam: String?
    /// The page size sent in ``sizeParam`` or at ``sizeBody``; a shorter page is the last.
    public var size: Int?
    /// Where in `[sources.body]` the page size goes (`size_body = "size"`), for an API that
    /// takes it in the body (Elasticsearch); nil for none.
    public var sizeBody: JSONPath? = nil
    /// Where the next cursor (cursor), the next page's URL (next-url) or the next page's number
    /// (page) is; an empty one ends paging as an absent one does. A cursor may be any JSON value
    /// (Elasticsearch's `search_after` is the last hit's `sort` list); a next URL may be a path,
    /// resolved against the request's URL (Salesforce's `nextRecordsUrl`).
    public var next: PagingField?
    /// Where the total count is; paging stops once that many records came, and goes on past a
    /// short page until then.
    public var total: PagingField?
    /// Where a boolean says whether more pages come (`has_more`); paging goes on only while it
    /// is true (false with ``moreNegated``).
    public var more: PagingField? = nil
    /// Whether ``more`` is written `!done`: a flag that says the list is done (Salesforce's
    /// `done`), so paging goes on while it is false.
    public var moreNegated = false
    /// Where the number of pages is (`X-WP-TotalPages`): with `first = 0` the last page is
    /// `pages - 1`.
    public var pages: PagingField? = nil
    /// The query parameter a refresh sends the time of the last whole listing in (ISO 8601, UTC),
    /// so that the API lists only what changed since (`updated_after`); nil lists everything.
    public var since: String? = nil
    /// Whether a refresh sends the first page's last `ETag` as `If-None-Match`, and takes a 304
    /// as the whole list unchanged; false for an API whose `ETag` covers only that page.
    public var etag = true
}

/// Where a paging value is: a path into the answer, or a response header (`header:X-Total`).
public enum PagingField: Sendable, Equatable, CustomStringConvertible {
    /// A path into the answer's JSON.
    case path(JSONPath)
    /// A response header, by its name.
    case header(String)

    /// The field written `text`: `header:NAME`, else a path.
    public init(_ text: String) {
        if text.lowercased().hasPrefix("header:") {
            self = .header(text.dropFirst("header:".count).trimmingCharacters(in: .whitespaces))
        } else {
            self = .path(JSONPath(text))
        }
    }

    /// Whether it is written well: a header's name, or a well-formed path of a step or more.
    public var isWellFormed: Bool {
        switch self {
        case .path(let path): return path.isWellFormed && !path.steps.isEmpty
        case .header(let name): return !name.isEmpty && !name.contains(where: { $0 == ":" || $0.isWhitespace })
        }
    }

    /// The value in `answer`, or the header's text as a string (`headers` lower-cased, as
    /// ``HTTPResponse`` keeps them); nil when there is none.
    public func value(in answer: JSONValue, headers: [String: String]) -> JSONValue? {
        switch self {
        case .path(let path): return answer.value(at: path)
        case .header(let name): return headers[name.lowercased()].map { .string($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// As written: `meta.total`, `header:X-Total`.
    public var description: String {
        switch self {
        case .path(let path): return path.description
        case .header(let name): return "header:" + name
        }
    }
}

/// The config file's `[[sources]]` and `tabs`.
public struct ConfiguredSources: Sendable, Equatable {
    /// The configured sources, in file order.
    public var sources: [RecordSource]
    /// The `tabs` key: which tabs show, in order, built-ins by name; nil when not given.
    public var tabs: [String]?
    /// The top-level `[[actions]]` of the built-in sources, by source name.
    public var builtInActions: [String: [RecordAction]] = [:]

    /// Sources and tabs as given; none by default.
    public init(sources: [RecordSource] = [], tabs: [String]? = nil) {
        self.sources = sources
        self.tabs = tabs
    }

    /// The tabs in order: ``tabs``, else the built-ins then the configured sources.
    public func tabNames(builtIn: [SourceID]) -> [String] {
        tabs ?? builtIn.map(\.rawValue) + sources.map(\.name)
    }

    /// The source named `name`, if one is configured.
    public func source(named name: String) -> RecordSource? {
        sources.first { $0.name == name }
    }
}
