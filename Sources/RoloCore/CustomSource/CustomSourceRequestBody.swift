import Foundation

/// A configured source's `[sources.body]` for one page: each string that is exactly `{page}`,
/// `{offset}` or `{size}` becomes that JSON number, `{cursor}` the cursor as a string, and a
/// member whose value is `{cursor}` is left out while there is no cursor yet (the first page).
public enum CustomSourceRequestBody {
    /// `body` filled in for the page at `position` of pages of `size` (nil: no size set, which
    /// fills `{size}` with null).
    public static func filled(_ body: JSONValue, at position: PagingPosition, size: Int?) -> JSONValue {
        fill(body, position, size) ?? .null
    }

    /// The body as bytes to send.
    public static func data(_ body: JSONValue, at position: PagingPosition, size: Int?) -> Data {
        Data(filled(body, at: position, size: size).jsonText.utf8)
    }

    /// Every string of `body`, for the secrets its `${VAR}`s hold.
    static func strings(_ body: JSONValue?) -> [String] {
        switch body {
        case .string(let text)?: return [text]
        case .array(let items)?: return items.flatMap { strings($0) }
        case .object(let members)?: return members.flatMap { strings($0.value) }
        default: return []
        }
    }

    /// `value` filled in; nil for a `{cursor}` with no cursor yet.
    private static func fill(_ value: JSONValue, _ position: PagingPosition, _ size: Int?) -> JSONValue? {
        switch value {
        case .string("{cursor}"): return position.cursor.map(JSONValue.string)
        case .string("{page}"): return .number(String(position.page))
        case .string("{offset}"): return .number(String(position.offset))
        case .string("{size}"): return size.map { .number(String($0)) } ?? .null
        case .array(let items): return .array(items.map { fill($0, position, size) ?? .null })
        case .object(let members):
            return .object(members.compactMap { member in fill(member.value, position, size).map { JSONMember(member.key, $0) } })
        default: return value
        }
    }
}
