import Foundation

extension JSONValue {
    /// This object with the member at `path` set to `value`, objects made on the way (a value
    /// that isn't an object is replaced by one).
    func setting(_ path: [String], to value: JSONValue) -> JSONValue {
        guard let key = path.first else { return value }
        var members: [JSONMember] = []
        if case .object(let existing) = self { members = existing }
        let index = members.lastIndex { $0.key == key }
        let updated = (index.map { members[$0].value } ?? .object([])).setting(Array(path.dropFirst()), to: value)
        if let index { members[index].value = updated } else { members.append(JSONMember(key, updated)) }
        return .object(members)
    }
}
