/// A built-in source's record as its actions see it: the fields `rolo dump` writes, by the same
/// names (`{id}`, `{first_name}`, `{liked}` …), so a template names what `rolo dump --fields`
/// lists and the man page documents once.
extension DumpSchema {
    /// `record` as a JSON object of this schema's fields, in their order.
    public func actionRecord(_ record: Record) -> JSONValue {
        .object(fields.map { JSONMember($0.name, $0.value(record).json) })
    }
}

extension DumpValue {
    /// The value as JSON keeps it: text as a string, a whole number as a number, a list as an
    /// array of strings.
    var json: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .number(let number): .number(String(number))
        case .bool(let flag): .bool(flag)
        case .list(let items): .array(items.map(JSONValue.string))
        case .null: .null
        }
    }
}
