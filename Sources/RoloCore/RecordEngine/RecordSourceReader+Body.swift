import Foundation
import TOMLKit

extension RecordSourceReader {
    /// The `[sources.body]` table as JSON, its strings' `${VAR}`s checked; nil when there is none.
    func body(_ table: TOMLTable, _ label: String) throws -> JSONValue? {
        guard let node = table["body"] else { return nil }
        guard let body = node.table else {
            throw ConfigError("\(place("body")): 'body' of \(label) should be a table, [sources.body], not \(ConfigFile.describe(node.type))")
        }
        return try json(body, label)
    }

    /// `method`, upper-cased; GET by default, which a body can't go with.
    func method(_ table: TOMLTable, body: JSONValue?, label: String) throws -> String {
        guard let written = try string("method", table, label) else {
            guard body == nil else {
                throw ConfigError("\(place("body", subtable: "body")): [sources.body] of \(label) needs method = \"POST\" (or PUT, PATCH) — a GET sends no body")
            }
            return "GET"
        }
        let method = written.uppercased()
        guard method.range(of: "^[A-Z]+$", options: .regularExpression) != nil else {
            throw ConfigError("\(place("method")): method of \(label) should be an HTTP method like GET or POST, not '\(written.sanitizedForTerminal)'")
        }
        if body != nil, method == "GET" || method == "HEAD" {
            throw ConfigError("\(place("method")): a \(method) sends no body — [sources.body] of \(label) needs method = \"POST\"")
        }
        return method
    }

    /// Checks that each value of `body` that is exactly `{page}`, `{offset}`, `{cursor}` or
    /// `{size}` is one the paging fills in.
    func checkBody(_ body: JSONValue?, paging: RecordPaging?, label: String) throws {
        guard let body else { return }
        let at = place("body", subtable: "body")
        for (placeholder, style) in [("{page}", RecordPaging.Style.page), ("{offset}", .offset), ("{cursor}", .cursor)]
        where Self.holds(body, placeholder) && paging?.style != style {
            throw ConfigError("\(at): [sources.body] of \(label) holds \"\(placeholder)\", which only [sources.paging] style = \"\(style.rawValue)\" fills in")
        }
        if Self.holds(body, "{size}"), paging?.size == nil {
            throw ConfigError("\(at): [sources.body] of \(label) holds \"{size}\", which needs size = N in [sources.paging]")
        }
    }

    /// Whether `value` holds a string that is exactly `text`, at any depth.
    static func holds(_ value: JSONValue?, _ text: String) -> Bool {
        switch value {
        case .string(let string)?: return string == text
        case .array(let items)?: return items.contains { holds($0, text) }
        case .object(let members)?: return members.contains { holds($0.value, text) }
        default: return false
        }
    }

    private func json(_ node: any TOMLValueConvertible, _ label: String) throws -> JSONValue {
        if let table = node.table {
            return .object(try table.keyNames.compactMap { key in try table[key].map { JSONMember(key, try json($0, label)) } })
        }
        if let array = node.array { return .array(try array.map { try json($0, label) }) }
        if let text = node.string {
            try EnvironmentExpansion.checkSyntax(text, in: "body of \(label)", place: place("body", subtable: "body"))
            return .string(text)
        }
        if let flag = node.bool { return .bool(flag) }
        if let number = node.int { return .number(String(number)) }
        if let number = node.double, number.isFinite { return .number(String(number)) }
        throw ConfigError("\(place("body", subtable: "body")): [sources.body] of \(label) holds \(ConfigFile.describe(node.type)), which JSON has not — write it as text in quotes")
    }
}
