import Foundation

/// The `Link` header of RFC 8288: `<https://…?page=2>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The target of the first link whose `rel` includes `relation`, resolved against `base`
    /// when relative; nil when there is none, or when that link says its page has nothing in it
    /// (Sentry's `results="false"`, on a `rel="next"` it always sends).
    static func target(_ header: String, relation: String, base: URL) -> URL? {
        let wanted = relation.lowercased()
        guard let link = links(header).first(where: { $0.relations.contains(wanted) }), link.parameters["results"] != "false" else {
            return nil
        }
        return URL(string: link.target.trimmingCharacters(in: .whitespaces), relativeTo: base)?.absoluteURL
    }

    /// One link of the header: its target as written, its `rel` values and its other parameters,
    /// names and values lower-cased.
    struct Link: Equatable {
        var target: String
        var relations: [String]
        var parameters: [String: String]
    }

    /// The header's links, in order.
    static func links(_ header: String) -> [Link] {
        var links: [Link] = []
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
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
            let named = Self.parameters(parameters)
            links.append(Link(
                target: String(target), relations: named["rel"].map { $0.split(separator: " ").map(String.init) } ?? [],
                parameters: named))
        }
        return links
    }

    /// `; rel="next last"; results="false"`-style parameters by lower-cased name, values
    /// unquoted and lower-cased; the first of a name wins.
    private static func parameters(_ text: String) -> [String: String] {
        var named: [String: String] = [:]
        for parameter in text.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = pair[0].trimmingCharacters(in: CharacterSet(charactersIn: " \t,")).lowercased()
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t,\"")).lowercased()
            if named[name] == nil { named[name] = value }
        }
        return named
    }
}
