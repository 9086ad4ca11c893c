/// A source's fields in their default order, and the subset `--fields` picks.
public struct DumpSchema<Record>: Sendable {
    /// The source the records come from, for messages.
    public let source: SourceID
    /// The fields written, in order.
    public let fields: [DumpField<Record>]

    /// A schema of `fields` for `source`.
    public init(_ source: SourceID, _ fields: [DumpField<Record>]) {
        self.source = source
        self.fields = fields
    }

    /// The field names, in order.
    public var names: [String] { fields.map(\.name) }

    /// The record's values, one per field.
    public func values(of record: Record) -> [DumpValue] {
        fields.map { $0.value(record) }
    }

    /// The fields named in `list` (`"email,name"`), in its order, each once; all of them when
    /// `list` is nil. A name that isn't one of this source's is an error that lists them.
    public func selecting(_ list: String?) throws(DumpError) -> DumpSchema {
        guard let list else { return self }
        var seen = Set<String>()
        let wanted = list.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        guard !wanted.isEmpty else {
            throw DumpError(.usage, "--fields needs at least one field; \(source.rawValue) has \(names.joined(separator: ", "))")
        }
        var picked: [DumpField<Record>] = []
        for name in wanted {
            guard let field = fields.first(where: { $0.name == name.lowercased() }) else {
                throw DumpError(.usage, "\(source.rawValue) has no field '\(name)' — its fields are \(names.joined(separator: ", "))")
            }
            picked.append(field)
        }
        return DumpSchema(source, picked)
    }
}
