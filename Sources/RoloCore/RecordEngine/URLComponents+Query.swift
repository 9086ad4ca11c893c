import Foundation

extension URLComponents {
    /// Sets the query parameter `name` to `value`, replacing any of that name, the value encoded
    /// but for RFC 3986's unreserved characters: `URLComponents` itself leaves `+`, `=` and `/`
    /// of a base64 cursor alone, and servers read `+` as a space.
    mutating func setQueryParameter(_ name: String, to value: String) {
        var items = percentEncodedQueryItems ?? []
        items.removeAll { $0.name == name }
        items.append(URLQueryItem(name: name, value: value.addingPercentEncoding(withAllowedCharacters: RecordTemplate.unreserved)))
        percentEncodedQueryItems = items
    }
}
