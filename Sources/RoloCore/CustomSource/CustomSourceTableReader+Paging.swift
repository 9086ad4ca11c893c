import Foundation
import TOMLKit

extension CustomSourceTableReader {
    /// The `[sources.paging]` table, checked for what its style needs.
    func paging(_ node: any TOMLValueConvertible, url: String, body: JSONValue?, label: String) throws -> CustomPaging {
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
        let styles = CustomPaging.Style.allCases.map(\.rawValue)
        guard let written = table["style"]?.string else {
            throw fail("style", "the paging of \(label) needs style = one of \(styles.joined(separator: ", "))")
        }
        guard let style = CustomPaging.Style(rawValue: written) else {
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
        func field(_ key: String) throws -> PagingField? {
            guard let written = try text(key) else { return nil }
            let field = PagingField(written)
            guard field.isWellFormed else {
                throw fail(key, "'\(written.sanitizedForTerminal)' in \(key) of \(label)'s paging isn't a field path like meta.next_cursor, a[\"c.d\"] or data.-1.id, nor header:X-Name")
            }
            return field
        }
        var paging = CustomPaging(
            style: style, param: try text("param"), first: try number("first") ?? 1, sizeParam: try text("size_param"),
            size: try number("size"), next: try field("next"), total: try field("total"), more: try field("more"),
            pages: try field("pages"))
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
        if (paging.sizeParam == nil) != (paging.size == nil) {
            throw fail(paging.size == nil ? "size_param" : "size", "the paging of \(label) needs size_param and size together")
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
    func checkURL(_ url: String, paging: CustomPaging?, label: String) throws {
        let at = place("url")
        try EnvironmentExpansion.checkSyntax(url, in: "url of \(label)", place: at)
        for (placeholder, style) in [("{page}", CustomPaging.Style.page), ("{offset}", .offset)] where url.contains(placeholder) {
            guard paging?.style == style else {
                throw ConfigError("\(at): the url of \(label) holds \(placeholder), which only [sources.paging] style = \"\(style.rawValue)\" fills in")
            }
        }
        let sample = EnvironmentExpansion.placeholderFilled(url)
            .replacingEvery("{page}", with: "1").replacingEvery("{offset}", with: "0")
        guard let parsed = URLComponents(string: sample), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
              parsed.host?.isEmpty == false
        else {
            throw ConfigError("\(at): the url of \(label) should be an http:// or https:// address, like https://api.example.com/v1/people")
        }
    }
}
