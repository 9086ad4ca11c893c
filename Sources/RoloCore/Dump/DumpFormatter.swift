/// Writes records as JSON, JSON Lines, CSV or TSV, a record at a time, so a dump of 100,000
/// persons streams out instead of being built in memory.
///
/// Every text is cleaned of control and escape sequences as on screen (``String/sanitizedMultiline``),
/// keeping its line breaks for the format to escape; Unicode is written as is, never `\u` escaped.
public struct DumpFormatter: Sendable {
    /// The format written.
    public let format: DumpFormat
    /// The field names, in order: the JSON keys and the header row.
    public let names: [String]
    private var written = 0

    /// A formatter for records of `names` in `format`.
    public init(format: DumpFormat, names: [String]) {
        self.format = format
        self.names = names
    }

    /// What comes before the first record: `[` for JSON, the header row for CSV and TSV.
    public func header() -> String {
        switch format {
        case .json: "["
        case .jsonl: ""
        case .csv: names.map(DumpEscaping.csvField).joined(separator: ",") + "\r\n"
        case .tsv: names.map(DumpEscaping.tsvField).joined(separator: "\t") + "\n"
        }
    }

    /// One record, `values` in the order of ``names``.
    public mutating func record(_ values: [DumpValue]) -> String {
        defer { written += 1 }
        switch format {
        case .json: return (written == 0 ? "\n" : ",\n") + object(values)
        case .jsonl: return object(values) + "\n"
        case .csv: return values.map { DumpEscaping.csvField(Self.flat($0)) }.joined(separator: ",") + "\r\n"
        case .tsv: return values.map { DumpEscaping.tsvField(Self.flat($0)) }.joined(separator: "\t") + "\n"
        }
    }

    /// What comes after the last record: the JSON array's end.
    public func footer() -> String {
        switch format {
        case .json: written == 0 ? "]\n" : "\n]\n"
        case .jsonl, .csv, .tsv: ""
        }
    }

    private func object(_ values: [DumpValue]) -> String {
        let members = zip(names, values).map { name, value in
            DumpEscaping.jsonString(name) + ": " + Self.json(value)
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    private static func json(_ value: DumpValue) -> String {
        switch value {
        case .text(let text): DumpEscaping.jsonString(text.sanitizedMultiline)
        case .number(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .list(let items): "[" + items.map { DumpEscaping.jsonString($0.sanitizedMultiline) }.joined(separator: ", ") + "]"
        case .null: "null"
        }
    }

    /// A value as one cell's text: lists joined with "; ", null as nothing.
    private static func flat(_ value: DumpValue) -> String {
        switch value {
        case .text(let text): text.sanitizedMultiline
        case .number(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .list(let items): items.map(\.sanitizedMultiline).joined(separator: "; ")
        case .null: ""
        }
    }
}
