import Foundation

/// One field's value in a dumped record, typed so JSON keeps numbers, booleans, nulls and lists.
public enum DumpValue: Sendable, Equatable {
    /// Text; cleaned of control and escape sequences when written.
    case text(String)
    /// A whole number.
    case number(Int)
    /// True or false.
    case bool(Bool)
    /// Several texts (emails, projects): a JSON array, joined with "; " in CSV and TSV.
    case list([String])
    /// No value: JSON `null`, an empty cell in CSV and TSV.
    case null

    /// `text` as text, or null when there is none.
    public static func optional(_ text: String?) -> DumpValue {
        text.map(DumpValue.text) ?? .null
    }

    /// `number` as a number, or null when there is none.
    public static func optional(_ number: Int?) -> DumpValue {
        number.map(DumpValue.number) ?? .null
    }

    /// An instant as ISO 8601 in UTC (`2024-03-05T14:07:00Z`), or null.
    public static func timestamp(_ date: Date?) -> DumpValue {
        date.map { .text($0.formatted(.iso8601)) } ?? .null
    }

    /// The UTC calendar day of an instant (`1993-07-20`), or null.
    public static func day(_ date: Date?) -> DumpValue {
        date.map { .text($0.formatted(.iso8601.year().month().day())) } ?? .null
    }
}
