extension JSONValue {
    /// The value as compact JSON text, members in their order: how a record is stored.
    public var jsonText: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): output += DumpEscaping.jsonString(text)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                output += DumpEscaping.jsonString(member.key)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }
}
