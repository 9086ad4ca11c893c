/// One named field of a source's dumped records: what `--fields` names and how it is read.
public struct DumpField<Record>: Sendable {
    /// The name in `--fields`, the JSON key and the CSV header, in snake_case so `jq '.first_name'`
    /// needs no quoting.
    public let name: String
    /// Reads the field from a record.
    let value: @Sendable (Record) -> DumpValue

    /// A field called `name`, read by `value`.
    public init(_ name: String, _ value: @escaping @Sendable (Record) -> DumpValue) {
        self.name = name
        self.value = value
    }
}
