import Foundation

/// The `Link` header of RFC 8288: `<https://…?page=2>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The target of the first link whose `rel` includes `relation`, resolved against `base`
    /// when relative; nil when there is none.
    static func target(_ header: String, relation: String, base: URL) -> URL? {
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return nil }
            let target = rest[rest.index(after: open)..<close]
            // The parameters run to the next link, which starts at a `<` outside quotes.
            var parameters = ""
            var quoted = false
            var index = rest.index(after: close)
            while index < rest.endIndex, quoted || rest[index] != "<" {
                if rest[index] == "\"" { quoted.toggle() }
                parameters.append(rest[index])
                index = rest.index(after: index)
            }
            rest = rest[index...]
            if relations(parameters).contains(relation.lowercased()) {
                return URL(string: String(target).trimmingCharacters(in: .whitespaces), relativeTo: base)?.absoluteURL
            }
        }
        return nil
    }

    /// The lower-cased values of `rel` among `; rel="next last"`-style parameters.
    private static func relations(_ parameters: String) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t,\""))
            return value.lowercased().split(separator: " ").map(String.init)
        }
        return []
    }
}
