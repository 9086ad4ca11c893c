/// How `rolo dump` writes its records.
public enum DumpFormat: String, Sendable, CaseIterable {
    /// One JSON array, one record (an object) a line.
    case json
    /// JSON Lines: one object a line, nothing around them.
    case jsonl
    /// RFC 4180 comma-separated values with a header row.
    case csv
    /// Tab-separated values with a header row; tabs, line breaks and backslashes in values are
    /// written as `\t`, `\n`, `\r` and `\\`.
    case tsv
}
