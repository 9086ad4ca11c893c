import Foundation
import TOMLKit

extension RecordSourceReader {
    /// The `[sources.paging]` table, checked for what its style needs.
    func paging(_ node: any TOMLValueConvertible, url: String, body: JSONValue?, label: String) throws -> RecordPaging {
        guard let table = node.table else {
            throw ConfigError("\(place("paging")): 'paging' of \(label) should be a table, [sources.paging], not \(ConfigFile.describe(node.type))")
        }
        func fail(_ key: String, _ text: String) -> ConfigError {
            ConfigError("\(place(key, subtable: "paging")): \(text)")
        }
        for key in table.keyNames where !Self.pagingKeys.contains(key) {
            let near = key.didYouMean(Self.pagingKeys) ?? " — the keys are \(Self.pagingKeys.joined(separator: ", "))"
            throw fail(key, "unknown key '\(key)' in the paging of \(label)\(near)")
        }
        let styles = RecordPaging.Style.allCases.map(\.rawValue)
        guard let written = table["style"]?.string else {
            throw fail("style", "the paging of \(label) needs style = one of \(styles.joined(separator: ", "))")
        }
        guard let style = RecordPaging.Style(rawValue: written) else {
            let near = written.didYouMean(styles) ?? ""
            throw fail("style", "unknown paging style '\(written.sanitizedForTerminal)' of \(label)\(near) — the styles are \(styles.joined(separator: ", "))")
        }
        func text(_ key: String) throws -> String? {
            guard let node = table[key] else { return nil }
            guard let value = node.string else {
                throw fail(key, "'\(key)' in the paging of \(label) should be text in quotes, not \(ConfigFile.describe(node.type))")
            }
            return value
        }
        func number(_ key: String) throws -> Int? {
            guard let node = table[key] else { return nil }
            guard let value = node.int else {
                throw fail(key, "'\(key)' in the paging of \(label) should be a whole number, not \(ConfigFile.describe(node.type))")
            }
            return value
        }
        func flag(_ key: String) throws -> Bool? {
            guard let node = table[key] else { return nil }
            guard let value = node.bool else {
                throw fail(key, "'\(key)' in the paging of \(label) should be true or false, not \(ConfigFile.describe(node.type))")
            }
            return value
        }
        func field(_ key: String, _ given: String? = nil) throws -> PagingField? {
            guard let written = try given ?? text(key) else { return nil }
            let field = PagingField(written)
            guard field.isWellFormed else {
                throw fail(key, "'\(written.sanitizedForTerminal)' in \(key) of \(label)'s paging isn't a field path like meta.next_cursor, a[\"c.d\"] or data.-1.id, nor header:X-Name")
            }
            return field
        }
        // `more = "!done"`: a flag that says the list is done.
        let writtenMore = try text("more")
        let moreNegated = writtenMore?.hasPrefix("!") == true
        if let writtenMore, moreNegated, writtenMore.dropFirst().hasPrefix("!") {
            throw fail("more", "'\(writtenMore.sanitizedForTerminal)' in more of \(label)'s paging negates twice: write the flag, or !flag")
        }
        var paging = RecordPaging(
            style: style, param: try text("param"), first: try number("first") ?? 1, sizeParam: try text("size_param"),
            size: try number("size"), next: try field("next"), total: try field("total"),
            more: try writtenMore.flatMap { try field("more", String(moreNegated ? $0.dropFirst() : Substring($0))) },
            pages: try field("pages"))
        paging.moreNegated = moreNegated
        if let written = try text("size_body") {
            let path = JSONPath(written)
            guard path.isWellFormed, !path.steps.isEmpty else {
                throw fail("size_body", "'\(written.sanitizedForTerminal)' in size_body of \(label)'s paging isn't a path into [sources.body], like size or page.limit")
            }
            guard body != nil else {
                throw fail("size_body", "size_body of \(label)'s paging puts the page size in [sources.body], which the source hasn't")
            }
            paging.sizeBody = path
        }
        paging.since = try text("since")
        if let since = paging.since, since.isEmpty || since.contains(where: { $0.isWhitespace || "&=#?".contains($0) }) {
            throw fail("since", "'\(since.sanitizedForTerminal)' in since of \(label)'s paging should be a query parameter's name, like updated_after")
        }
        paging.etag = try flag("etag") ?? true
        // Where the body carries the page, offset or cursor, no query parameter does unless named.
        switch style {
        case .page:
            if paging.param == nil, !url.contains("{page}"), !Self.holds(body, "{page}") { paging.param = "page" }
        case .offset:
            if paging.param == nil, !url.contains("{offset}"), !Self.holds(body, "{offset}") { paging.param = "offset" }
        case .cursor:
            if paging.param == nil, body == nil { paging.param = "cursor" }
            guard paging.next != nil else {
                throw fail("style", "cursor paging of \(label) needs next = \"…\", where the answer holds the next cursor")
            }
            if paging.param == nil, !Self.holds(body, "{cursor}") {
                throw fail("style", "cursor paging of \(label) needs \"{cursor}\" in [sources.body], or param = \"…\" for the query")
            }
        case .nextURL:
            guard paging.next != nil else {
                throw fail("style", "next-url paging of \(label) needs next = \"…\", where the answer holds the next page's URL")
            }
        case .link:
            break
        }
        // A size goes somewhere: a query parameter, a member of the body, or "{size}" in it.
        let sent = paging.sizeParam != nil || paging.sizeBody != nil || Self.holds(body, "{size}")
        if paging.size == nil, paging.sizeParam != nil || paging.sizeBody != nil {
            throw fail(paging.sizeParam != nil ? "size_param" : "size_body", "the paging of \(label) needs size = N beside where it sends it")
        }
        if paging.size != nil, !sent {
            throw fail("size", body == nil
                ? "the page size of \(label) needs size_param = \"…\", the query parameter it is sent in"
                : "the page size of \(label) needs size_param = \"…\" (a query parameter), size_body = \"…\" or \"{size}\" in [sources.body]")
        }
        if let size = paging.size, size <= 0 {
            throw fail("size", "the page size of \(label) should be above 0")
        }
        if paging.first < 0 {
            throw fail("first", "the first page of \(label) should be 0 or more")
        }
        return paging
    }

    /// Checks that `url` is an http(s) URL once its `${VAR}`s and `{page}`/`{offset}` are filled
    /// in, and that those placeholders suit the paging style.
    func checkURL(_ url: String, paging: RecordPaging?, label: String) throws {
        let at = place("url")
        try EnvironmentExpansion.checkSyntax(url, in: "url of \(label)", place: at)
        for (placeholder, style) in [("{page}", RecordPaging.Style.page), ("{offset}", .offset)] where url.contains(placeholder) {
            guard paging?.style == style else {
                throw ConfigError("\(at): the url of \(label) holds \(placeholder), which only [sources.paging] style = \"\(style.rawValue)\" fills in")
            }
        }
        let sample = EnvironmentExpansion.placeholderFilledURL(url)
            .replacingEvery("{page}", with: "1").replacingEvery("{offset}", with: "0")
        guard let parsed = URLComponents(string: sample), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
              parsed.host?.isEmpty == false
        else {
            throw ConfigError("\(at): the url of \(label) should be an http:// or https:// address, like https://api.example.com/v1/people")
        }
    }
}
