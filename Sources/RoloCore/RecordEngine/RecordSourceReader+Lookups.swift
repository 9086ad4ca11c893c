import Foundation
import TOMLKit

extension RecordSourceReader {
    /// The key of a source's lookups, `[[sources.lookups]]`.
    static let lookupsKey = "lookups"
    /// The keys a `[[sources.lookups]]` table may hold.
    static let lookupKeys = ["name", "field", "url", "records", "id", "source", "paging"]

    /// The source's `[[sources.lookups]]`, each checked, their names each once; whether a
    /// `source` names a configured source is checked once every source is read
    /// (``ConfiguredSourcesReader``).
    func lookups(_ table: TOMLTable, _ label: String) throws -> [RecordLookup] {
        guard let node = table[Self.lookupsKey] else { return [] }
        let example = "[[sources.lookups]] tables, like name = \"org\", field = \"org_id\", url = \"https://…\""
        guard let array = node.array else {
            throw ConfigError("\(place(Self.lookupsKey)): 'lookups' of \(label) should be \(example), not \(ConfigFile.describe(node.type))")
        }
        let entries = range.map { subtableEntries(Self.lookupsKey, in: $0) } ?? []
        var lookups: [RecordLookup] = []
        for (index, element) in array.enumerated() {
            let entry = index < entries.count ? entries[index] : nil
            // From its header on, so its keys are found under `[[sources.lookups]]`.
            let reader = RecordSourceReader(
                path: path, lines: lines, header: entry?.header ?? header, range: entry.map { $0.header..<$0.lines.upperBound } ?? range,
                fallback: place(Self.lookupsKey), nesting: Self.lookupsKey)
            guard let lookupTable = element.table else {
                throw ConfigError("\(reader.place("name")): each of the lookups of \(label) should be a table, \(example)")
            }
            let lookup = try reader.lookup(lookupTable, of: label)
            if let first = lookups.first(where: { $0.name == lookup.name }) {
                throw ConfigError("\(lookup.place): \(label) has two lookups named '\(lookup.name)' (the first at \(first.place)) — name each once")
            }
            lookups.append(lookup)
        }
        return lookups
    }

    /// One lookup table, read by a reader whose entry is the lookup's.
    private func lookup(_ table: TOMLTable, of owner: String) throws -> RecordLookup {
        let line = { (key: String) in range.flatMap { lines.line(of: key, in: $0, subtable: Self.lookupsKey) } ?? .max }
        let unknown = table.keyNames.filter { !Self.lookupKeys.contains($0) }.sorted { line($0) < line($1) }
        for key in unknown {
            let near = key.didYouMean(Self.lookupKeys) ?? " — the keys are \(Self.lookupKeys.joined(separator: ", "))"
            throw ConfigError("\(place(key)): unknown key '\(key)' in a lookup of \(owner)\(near)")
        }
        guard let name = try string("name", table, "a lookup of \(owner)") else {
            throw ConfigError("\(place("name")): a lookup of \(owner) needs name = \"…\", the name templates use, as org in {org.name}")
        }
        guard RecordSource.isWellFormedName(name.replacingEvery("_", with: "-")) else {
            throw ConfigError("\(place("name")): lookup name '\(name.sanitizedForTerminal)' of \(owner) should be lower-case letters, digits, - and _, starting with a letter")
        }
        let label = "lookup '\(name)' of \(owner)"
        guard let field = try path("field", table, label) else {
            throw ConfigError("\(place("field")): \(label) needs field = \"…\", the record's path holding the other record's id, like org_id")
        }
        guard let url = try string("url", table, label) else {
            throw ConfigError("\(place("url")): \(label) needs url = \"https://…\", the address of the list the ids are in")
        }
        let paging = try table["paging"].map { try self.paging($0, url: url, body: nil, label: label) }
        try checkURL(url, paging: paging, label: label)
        let entry = header.map { "\(path), line \($0)" } ?? fallback
        return RecordLookup(
            name: name, field: field, url: url, records: try path("records", table, label), id: try path("id", table, label) ?? JSONPath("id"),
            source: try string("source", table, label), paging: paging, place: entry, sourcePlace: place("source"))
    }

    /// For each `[[sources.lookups]]` header in `range`, its line and the lines of its entry:
    /// up to the next header that isn't one of its sub-tables (`[sources.lookups.paging]`).
    /// The `[[sources.<key>]]` entries in `range`: each one's header line and its lines.
    func subtableEntries(_ key: String, in range: Range<Int>) -> [(header: Int, lines: Range<Int>)] {
        let own = "[[\(ConfiguredSourcesReader.sourcesKey).\(key)]]"
        let inside = "[\(ConfiguredSourcesReader.sourcesKey).\(key)."
        var entries: [(header: Int, lines: Range<Int>)] = []
        var open: Int?
        for number in range where number - 1 < lines.lines.count {
            let trimmed = lines.lines[number - 1].prefix(while: { $0 != "#" }).drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.first == "[", let close = trimmed.lastIndex(of: "]") else { continue }
            let header = String(trimmed[...close].filter { $0 != " " && $0 != "\t" })
            if header.hasPrefix(inside) { continue }
            if let start = open { entries.append((start, start + 1..<number)) }
            open = header == own ? number : nil
        }
        if let start = open { entries.append((start, start + 1..<range.upperBound)) }
        return entries
    }
}

extension ConfiguredSourcesReader {
    /// Fails on a lookup whose `source` names no configured source, naming its line; gives
    /// each other lookup the label of the source it names.
    func linkLookupSources(_ sources: inout [RecordSource]) throws {
        let names = sources.map(\.name)
        for index in sources.indices {
            for (number, lookup) in sources[index].lookups.enumerated() {
                guard let target = lookup.source else { continue }
                guard let other = sources.first(where: { $0.name == target }) else {
                    let near = target.didYouMean(names) ?? ""
                    throw ConfigError("\(lookup.sourcePlace): lookup '\(lookup.name)' of source '\(sources[index].name)' names source '\(target.sanitizedForTerminal)', which isn't a configured source\(near) — the configured sources are \(names.joined(separator: ", "))")
                }
                sources[index].lookups[number].label = other.label
            }
        }
    }
}
