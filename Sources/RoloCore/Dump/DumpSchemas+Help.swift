extension SourceCatalog {
    /// Each source's dump fields as `rolo dump --help` lists them, wrapped under 80 columns
    /// with a hanging indent (the help's own wrapping would start continuation lines at the margin).
    public var dumpFieldsHelp: String {
        definitions.map { source in
            let label = source.id.rawValue
            var lines = ["  " + label + String(repeating: " ", count: max(0, 12 - label.count))]
            let names = source.dumpFields
            for (index, name) in names.enumerated() {
                let piece = name + (index == names.count - 1 ? "" : ",")
                if lines[lines.count - 1].count + piece.count + 1 > 78 { lines.append(String(repeating: " ", count: 14)) }
                lines[lines.count - 1] += (lines[lines.count - 1].hasSuffix(" ") ? "" : " ") + piece
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
