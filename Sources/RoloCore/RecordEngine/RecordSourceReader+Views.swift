import Foundation
import TOMLKit

extension RecordSourceReader {
    /// The key of a source's saved views, `[[sources.views]]`.
    static let viewsKey = "views"
    /// The keys a `[[sources.views]]` table may hold.
    static let viewKeys = ["name", "query", "columns"]

    /// The source's `[[sources.views]]`, each checked: a name once, a query that reads, and
    /// columns among the source's.
    func views(_ table: TOMLTable, _ label: String, columns: [RecordColumn]) throws -> [RecordView] {
        guard let node = table[Self.viewsKey] else { return [] }
        let example = "[[sources.views]] tables, like name = \"Open\", query = \"status:open sort:-updated\""
        guard let array = node.array else {
            throw ConfigError("\(place(Self.viewsKey)): 'views' of \(label) should be \(example), not \(ConfigFile.describe(node.type))")
        }
        let entries = range.map { subtableEntries(Self.viewsKey, in: $0) } ?? []
        var views: [RecordView] = []
        for (index, element) in array.enumerated() {
            let entry = index < entries.count ? entries[index] : nil
            let reader = RecordSourceReader(
                path: path, lines: lines, header: entry?.header ?? header, range: entry.map { $0.header..<$0.lines.upperBound } ?? range,
                fallback: place(Self.viewsKey), nesting: Self.viewsKey)
            guard let viewTable = element.table else {
                throw ConfigError("\(reader.place("name")): each of the views of \(label) should be a table, \(example)")
            }
            let view = try reader.view(viewTable, of: label, columns: columns)
            if let first = views.first(where: { $0.name == view.name }) {
                throw ConfigError("\(view.place): \(label) has two views named '\(view.name.sanitizedForTerminal)' (the first at \(first.place)) — name each once")
            }
            views.append(view)
        }
        return views
    }

    /// One view table, read by a reader whose entry is the view's.
    private func view(_ table: TOMLTable, of owner: String, columns: [RecordColumn]) throws -> RecordView {
        let line = { (key: String) in range.flatMap { lines.line(of: key, in: $0, subtable: Self.viewsKey) } ?? .max }
        for key in table.keyNames.filter({ !Self.viewKeys.contains($0) }).sorted(by: { line($0) < line($1) }) {
            let near = key.didYouMean(Self.viewKeys) ?? " — the keys are \(Self.viewKeys.joined(separator: ", "))"
            throw ConfigError("\(place(key)): unknown key '\(key)' in a view of \(owner)\(near)")
        }
        guard let name = try string("name", table, "a view of \(owner)"), !name.trimmingWhitespace.isEmpty else {
            throw ConfigError("\(place("name")): a view of \(owner) needs name = \"…\", as it is listed")
        }
        let label = "view '\(name.sanitizedForTerminal)' of \(owner)"
        guard let text = try string("query", table, label) else {
            throw ConfigError("\(place("query")): \(label) needs query = \"…\", like \"status:open sort:-updated\"")
        }
        let query: RecordQuery
        do {
            query = try RecordQuery.parse(text)
        } catch {
            throw ConfigError("\(place("query")): the query of \(label): \(error)")
        }
        var shown: [String]?
        if let node = table["columns"] {
            guard let array = node.array, array.allSatisfy({ $0.string != nil }) else {
                throw ConfigError("\(place("columns")): 'columns' of \(label) should be a list of column titles, like [\"Name\", \"Email\"]")
            }
            let titles = array.compactMap(\.string)
            for title in titles where title.lowercased() != "label" && !columns.contains(where: { $0.title.lowercased() == title.lowercased() }) {
                let near = title.didYouMean(columns.map(\.title)) ?? ""
                throw ConfigError("\(place("columns")): \(label) shows column '\(title.sanitizedForTerminal)', which \(owner) hasn't\(near) — its columns are \(columns.map(\.title).joined(separator: ", "))")
            }
            shown = titles.filter { $0.lowercased() != "label" }
        }
        return RecordView(name: name, text: text, query: query, columns: shown, place: place("name"))
    }
}
