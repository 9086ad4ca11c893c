import Foundation
import TOMLKit

extension RecordSourceReader {
    /// The keys a link may hold.
    static let linkKeys = ["title", "url"]

    /// The source's `links`, each an http(s) address template with a title.
    func links(_ table: TOMLTable, _ label: String) throws -> [RecordLink] {
        guard let node = table["links"] else { return [] }
        let at = place("links")
        let example = "like [ { title = \"In the CRM\", url = \"https://crm.example.com/people/{id}\" } ]"
        guard let array = node.array else {
            throw ConfigError("\(at): 'links' of \(label) should be a list of tables, \(example), not \(ConfigFile.describe(node.type))")
        }
        return try array.map { element in
            guard let link = element.table else {
                throw ConfigError("\(at): each of the links of \(label) should be a table, \(example), not \(ConfigFile.describe(element.type))")
            }
            for key in link.keyNames where !Self.linkKeys.contains(key) {
                let near = key.didYouMean(Self.linkKeys) ?? ""
                throw ConfigError("\(at): unknown key '\(key)' in a link of \(label)\(near) — a link has title and url")
            }
            guard let title = link["title"]?.string, !title.trimmingCharacters(in: .whitespaces).isEmpty,
                  let written = link["url"]?.string
            else {
                throw ConfigError("\(at): each link of \(label) needs title = \"…\" and url = \"https://…\", \(example)")
            }
            let template: RecordTemplate
            do {
                template = try RecordTemplate(written)
            } catch {
                throw ConfigError("\(at): the url of link '\(title.sanitizedForTerminal)' of \(label): \(error) — write fields as {id} or {owner.login}")
            }
            guard Self.isWebAddress(template) else {
                throw ConfigError("\(at): the url of link '\(title.sanitizedForTerminal)' of \(label) should be an http:// or https:// address, like https://crm.example.com/people/{id}")
            }
            return RecordLink(title: title.sanitizedForTerminal, url: template)
        }
    }

    /// Whether a link's template makes an http(s) address: a field alone (its value is the
    /// address, checked per record), or text that is one once its fields are filled in.
    private static func isWebAddress(_ template: RecordTemplate) -> Bool {
        if template.parts.count == 1, case .path = template.parts[0] { return true }
        let sample = template.parts.map { part -> String in
            if case .literal(let text) = part { return text }
            return "x"
        }.joined()
        guard let parsed = URLComponents(string: sample) else { return false }
        return ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") && parsed.host?.isEmpty == false
    }
}
