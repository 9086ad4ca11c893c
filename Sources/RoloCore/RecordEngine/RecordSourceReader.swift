import Foundation
import TOMLKit

/// Reads one `[[sources]]` table into a ``RecordSource``, each mistake reported with its line.
struct RecordSourceReader {
    /// The keys a source table may hold.
    static let keys = [
        "name", "title", "url", "headers", "records", "id", "label", "columns", "group", "sort", "search", "image",
        "thumbnail", "detail_url", "detail_record", "fields", "max_records", "offline", "paging", "method", "error", "body", RecordActionList.key,
        "links", "lookups", "views", "watch", "notify", "notify_command", "auth",
    ]
    /// The keys a `[sources.paging]` table may hold.
    static let pagingKeys = ["style", "param", "first", "size_param", "size", "size_body", "next", "total", "more", "pages", "since", "etag"]

    let path: String
    let lines: KeyLines
    /// The line of the entry's `[[sources]]` header, when it has one (not an inline table).
    let header: Int?
    /// The lines of the entry.
    let range: Range<Int>?
    /// Where to point when a line can't be found.
    let fallback: String
    /// The sub-table the entry is, `lookups` for a `[[sources.lookups]]`; nil for a source.
    var nesting: String? = nil

    /// The source `table` describes.
    func read(_ table: TOMLTable) throws -> RecordSource {
        let entry = header.map { "\(path), line \($0)" } ?? fallback
        guard let name = table["name"]?.string else {
            throw ConfigError("\(entry): a [[sources]] table needs name = \"…\" (lower-case letters, digits and -)")
        }
        let label = "source '\(name.sanitizedForTerminal)'"
        // The first mistake in file order is where a reader looks first.
        let line = { (key: String) in range.flatMap { lines.line(of: key, in: $0) } ?? .max }
        let unknown = table.keyNames.filter { !Self.keys.contains($0) }.sorted { line($0) < line($1) }
        for key in unknown {
            let near = key.didYouMean(Self.keys) ?? " — the keys are \(Self.keys.joined(separator: ", "))"
            throw ConfigError("\(place(key)): unknown key '\(key)' in \(label)\(near)")
        }
        guard RecordSource.isWellFormedName(name) else {
            throw ConfigError("\(place("name")): source name '\(name.sanitizedForTerminal)' should be lower-case letters, digits and -, starting with a letter")
        }
        guard let url = try string("url", table, label) else {
            throw ConfigError("\(entry): \(label) needs url = \"https://…\", the list's address")
        }
        let id = try path("id", table, label) ?? JSONPath("id")
        let body = try self.body(table, label)
        let method = try self.method(table, body: body, label: label)
        let paging = try table["paging"].map { try self.paging($0, url: url, body: body, label: label) }
        try checkURL(url, paging: paging, label: label)
        try checkBody(body, paging: paging, label: label)
        let detailURL = try template("detail_url", table, label)
        let detailRecord = try path("detail_record", table, label)
        if detailRecord != nil, detailURL == nil {
            throw ConfigError("\(place("detail_record")): detail_record of \(label) is a path into detail_url's answer — add detail_url = \"…/{id}\" or remove it")
        }
        let maxRecords = try integer("max_records", table, label) ?? RecordSource.defaultMaxRecords
        guard maxRecords > 0 else { throw ConfigError("\(place("max_records")): max_records of \(label) should be above 0") }
        let columns = try self.columns(table, label)
        var source = RecordSource(
            name: name, title: try string("title", table, label) ?? name, url: url,
            headers: try headers(table, label), records: try path("records", table, label), id: id,
            label: try template("label", table, label) ?? RecordTemplate(path: id), columns: columns,
            group: try template("group", table, label), sort: try template("sort", table, label),
            search: try paths("search", table, label), image: try template("image", table, label),
            thumbnail: try template("thumbnail", table, label), detailURL: detailURL,
            detailRecord: detailRecord,
            fields: try paths("fields", table, label), maxRecords: maxRecords,
            offline: try flag("offline", table, label) ?? true, paging: paging, method: method,
            error: try path("error", table, label), body: body, place: entry,
            actions: try actions(table, label: label), links: try links(table, label), lookups: try lookups(table, label))
        source.views = try views(table, label, columns: columns)
        source.watch = try watch(table, label)
        (source.notify, source.notifyCommand) = try notification(table, label)
        source.auth = try auth(table, label)
        return source
    }

    /// Where `key` is written in this entry (or its `subtable`).
    func place(_ key: String, subtable written: String? = nil) -> String {
        let parts = [nesting, written].compactMap { $0 }
        let subtable = parts.isEmpty ? nil : parts.joined(separator: ".")
        if let range, let line = lines.line(of: key, in: range, subtable: subtable) { return "\(path), line \(line)" }
        if let subtable, let range, let line = lines.line(of: subtable, in: range) ?? lines.headerLine(ofSubtable: subtable, in: range) { return "\(path), line \(line)" }
        return header.map { "\(path), line \($0)" } ?? fallback
    }

    private func wrongType(_ key: String, _ node: any TOMLValueConvertible, _ label: String, expected: String, subtable: String? = nil) -> ConfigError {
        ConfigError("\(place(key, subtable: subtable)): '\(key)' of \(label) should be \(expected), not \(ConfigFile.describe(node.type))")
    }

    func string(_ key: String, _ table: TOMLTable, _ label: String, subtable: String? = nil) throws -> String? {
        guard let node = table[key] else { return nil }
        guard let text = node.string else { throw wrongType(key, node, label, expected: "text in quotes", subtable: subtable) }
        return text
    }

    private func integer(_ key: String, _ table: TOMLTable, _ label: String, subtable: String? = nil) throws -> Int? {
        guard let node = table[key] else { return nil }
        guard let value = node.int else { throw wrongType(key, node, label, expected: "a whole number", subtable: subtable) }
        return value
    }

    private func flag(_ key: String, _ table: TOMLTable, _ label: String) throws -> Bool? {
        guard let node = table[key] else { return nil }
        guard let value = node.bool else { throw wrongType(key, node, label, expected: "true or false") }
        return value
    }

    func path(_ key: String, _ table: TOMLTable, _ label: String, subtable: String? = nil) throws -> JSONPath? {
        guard let text = try string(key, table, label, subtable: subtable) else { return nil }
        return try checked(JSONPath(text), key, label, subtable: subtable)
    }

    private func checked(_ path: JSONPath, _ key: String, _ label: String, subtable: String? = nil) throws -> JSONPath {
        guard path.isWellFormed, !path.steps.isEmpty else {
            throw ConfigError("\(place(key, subtable: subtable)): '\(path)' in \(key) of \(label) isn't a field path like name or address.city")
        }
        return path
    }

    private func paths(_ key: String, _ table: TOMLTable, _ label: String) throws -> [JSONPath]? {
        guard let node = table[key] else { return nil }
        guard let array = node.array, array.allSatisfy({ $0.string != nil }) else {
            throw wrongType(key, node, label, expected: "a list of field paths, like [\"name\", \"address.city\"]")
        }
        return try array.compactMap(\.string).map { try checked(JSONPath($0), key, label) }
    }

    private func template(_ key: String, _ table: TOMLTable, _ label: String) throws -> RecordTemplate? {
        guard let text = try string(key, table, label) else { return nil }
        return try parsed(text, key, label)
    }

    func parsed(_ text: String, _ key: String, _ label: String) throws -> RecordTemplate {
        do {
            return try RecordTemplate(text)
        } catch {
            throw ConfigError("\(place(key)): \(key) of \(label): \(error) — write fields as {name} or {address.city}")
        }
    }

    private func headers(_ table: TOMLTable, _ label: String) throws -> [RecordHeader] {
        guard let node = table["headers"] else { return [] }
        guard let headers = node.table else {
            throw wrongType("headers", node, label, expected: "a table, like { Authorization = \"Bearer ${TOKEN}\" }")
        }
        let names = headers.keyNames.sorted()
        return try names.map { name in
            guard let value = headers[name]?.string else {
                throw ConfigError("\(place("headers")): header '\(name)' of \(label) should be text in quotes")
            }
            try EnvironmentExpansion.checkSyntax(value, in: "header '\(name)' of \(label)", place: place("headers"))
            return RecordHeader(name: name, value: value)
        }
    }

    private func columns(_ table: TOMLTable, _ label: String) throws -> [RecordColumn] {
        guard let node = table["columns"] else { return [] }
        let expected = "a list of tables, like [ { title = \"Email\", value = \"{email}\" } ]"
        guard let array = node.array else { throw wrongType("columns", node, label, expected: expected) }
        return try array.map { element in
            guard let column = element.table else { throw wrongType("columns", node, label, expected: expected) }
            for key in column.keyNames where !["title", "value", "width"].contains(key) {
                let near = key.didYouMean(["title", "value", "width"]) ?? ""
                throw ConfigError("\(place("columns")): unknown key '\(key)' in a column of \(label)\(near) — a column has title, value and width")
            }
            guard let title = column["title"]?.string, let value = column["value"]?.string else {
                throw ConfigError("\(place("columns")): each column of \(label) needs title = \"…\" and value = \"{field}\"")
            }
            let width = column["width"]?.int
            if column["width"] != nil, (width ?? 0) <= 0 {
                throw ConfigError("\(place("columns")): the width of column '\(title)' of \(label) should be a whole number above 0")
            }
            return RecordColumn(title: title, value: try parsed(value, "columns", label), width: width)
        }
    }
}
