/// A record's detail laid over the listed record.
extension JSONValue {
    /// This value with `detail` merged over it: two objects are merged key by key (the detail's
    /// value winning, objects within merged the same way), the listed keys first in their order,
    /// then the detail's own; anything else is the detail's value.
    public func merging(_ detail: JSONValue) -> JSONValue {
        guard case .object(var members) = self, case .object(let over) = detail else { return detail }
        for member in over {
            if let index = members.lastIndex(where: { $0.key == member.key }) {
                members[index].value = members[index].value.merging(member.value)
            } else {
                members.append(member)
            }
        }
        return .object(members)
    }
}

extension JSONRecord {
    /// The record with `detail` merged over its value (``JSONValue/merging(_:)``).
    public func merging(_ detail: JSONValue) -> JSONRecord {
        JSONRecord(id: id, value: value.merging(detail))
    }
}
