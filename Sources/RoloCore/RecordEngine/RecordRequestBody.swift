import Foundation

/// A configured source's `[sources.body]` for one page: each string that is exactly `{page}`,
/// `{offset}` or `{size}` becomes that JSON number, `{cursor}` the cursor (as text, or as the
/// JSON value the answer gave: Elasticsearch's `search_after` list), and a member whose value is
/// `{cursor}` is left out while there is no cursor yet (the first page). With `size_body`, the
/// page size is set at that path too.
public enum RecordRequestBody {
    /// `body` filled in for the page at `position` of pages of `size` (nil: no size set, which
    /// fills `{size}` with null), the size also set at `sizeAt` when given.
    public static func filled(_ body: JSONValue, at position: PagingPosition, size: Int?, sizeAt: JSONPath? = nil) -> JSONValue {
        let filled = fill(body, position, size) ?? .null
        guard let sizeAt, let size else { return filled }
        return filled.setting(sizeAt.steps, to: .number(String(size)))
    }

    /// The body as bytes to send.
    public static func data(_ body: JSONValue, at position: PagingPosition, size: Int?, sizeAt: JSONPath? = nil) -> Data {
        Data(filled(body, at: position, size: size, sizeAt: sizeAt).jsonText.utf8)
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
        case .string("{cursor}"): return position.cursor.map { cursor(of: $0, isJSON: position.cursorIsJSON == true) }
        case .string("{page}"): return .number(String(position.page))
        case .string("{offset}"): return .number(String(position.offset))
        case .string("{size}"): return size.map { .number(String($0)) } ?? .null
        case .array(let items): return .array(items.map { fill($0, position, size) ?? .null })
        case .object(let members):
            return .object(members.compactMap { member in fill(member.value, position, size).map { JSONMember(member.key, $0) } })
        default: return value
        }
    }

    /// The cursor `text` as the body sends it: the JSON value it is the text of, else the text.
    private static func cursor(of text: String, isJSON: Bool) -> JSONValue {
        guard isJSON, let value = try? JSONValue.parse(Data(text.utf8)) else { return .string(text) }
        return value
    }
}
