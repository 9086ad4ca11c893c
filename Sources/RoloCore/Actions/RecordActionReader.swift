import Foundation
import TOMLKit

/// Reads one `[[sources.actions]]` (or `[[actions]]`) table into a ``RecordAction``, each
/// mistake reported with its line, as ``RecordSourceReader`` reports a source's.
struct RecordActionReader {
    /// The keys an action table may hold.
    static let keys = ["name", "key", "title", "when", "method", "url", "body", "then", "error", "success", "optimistic", "confirm", "inputs",
                       "command", "mode", "set_title"]
    /// The keys of an HTTP action alone, and of a command alone.
    static let httpKeys = ["method", "url", "body", "then", "error", "success", "optimistic"], commandKeys = ["command", "mode", "set_title"]
    /// The keys of an input.
    static let inputKeys = ["name", "title", "kind", "choices"]

    let path: String
    let lines: KeyLines
    /// The line of the table's `[[…actions]]` header, when it has one (not an inline table).
    let header: Int?
    /// The lines of its entry.
    let range: Range<Int>?
    /// Where to point when a line can't be found.
    let fallback: String
    /// Whose action it is, "source 'team'".
    let owner: String
    /// Keys allowed besides ``keys`` (`source` in a top-level `[[actions]]`).
    var extraKeys: [String] = []

    /// Where `key` is written in this table.
    func place(_ key: String) -> String {
        if let range, let line = lines.line(of: key, in: range) { return "\(path), line \(line)" }
        return entry
    }

    /// The table's own place.
    var entry: String { header.map { "\(path), line \($0)" } ?? fallback }

    /// The action `table` describes.
    func read(_ table: TOMLTable) throws -> RecordAction {
        let allowed = Self.keys + extraKeys
        let line = { (key: String) in range.flatMap { lines.line(of: key, in: $0) } ?? .max }
        for key in table.keyNames.filter({ !allowed.contains($0) }).sorted(by: { line($0) < line($1) }) {
            let near = key.didYouMean(allowed) ?? " — an action has \(allowed.joined(separator: ", "))"
            throw ConfigError("\(place(key)): unknown key '\(key)' in an action of \(owner)\(near)")
        }
        guard let name = try string("name", table, "an action") else {
            throw ConfigError("\(entry): an action of \(owner) needs name = \"…\" (lower-case letters, digits and -)")
        }
        guard RecordSource.isWellFormedName(name) else {
            throw ConfigError("\(place("name")): action name '\(name.sanitizedForTerminal)' of \(owner) should be lower-case letters, digits and -, starting with a letter")
        }
        let label = "action '\(name)' of \(owner)"
        guard let key = try string("key", table, label), !key.isEmpty else {
            throw ConfigError("\(place("key")): \(label) needs key = \"…\", its key on the tab, like \"x\" or \"ctrl-x\"")
        }
        let inputs = try self.inputs(table, label)
        let effect = try self.effect(table, label)
        let when = try string("when", table, label).map { text in
            do {
                return try ActionCondition(text)
            } catch {
                throw ConfigError("\(place("when")): when of \(label): \(error)")
            }
        }
        try checkInputsNamed(effect, inputs: inputs, label)
        return RecordAction(
            name: name, key: key, title: try string("title", table, label) ?? name, when: when, effect: effect,
            confirm: try flag("confirm", table, label) ?? false, inputs: inputs, place: entry, keyPlace: place("key"))
    }

    private func effect(_ table: TOMLTable, _ label: String) throws -> RecordAction.Effect {
        let http = Self.httpKeys.filter { table[$0] != nil }, command = Self.commandKeys.filter { table[$0] != nil }
        if let first = http.first, let other = command.first {
            let later = line(first) > line(other) ? first : other
            throw ConfigError("\(place(later)): \(label) has both \(first) and \(other) — an action is an HTTP request (method, url, body, then) or a command (command, mode), not both")
        }
        if let node = table["set_title"] {
            if let other = command.first(where: { $0 != "set_title" }) {
                throw ConfigError("\(place(other)): \(label) has both set_title and \(other) — set_title sets the list's title and runs nothing")
            }
            guard let text = node.string else { throw wrongType("set_title", node, label, expected: "a template in quotes, like \"{first_name} {last_name}\"") }
            return .setTitle(try template(text, "set_title", label))
        }
        if table["command"] != nil { return .command(try self.command(table, label)) }
        guard table["url"] != nil else {
            throw ConfigError("\(entry): \(label) needs url = \"https://…\" and method = \"POST\" (an HTTP request), command = [\"…\"], or set_title = \"{name}\"")
        }
        return .http(try self.http(table, label))
    }

    private func line(_ key: String) -> Int {
        range.flatMap { lines.line(of: key, in: $0) } ?? .max
    }

    private func http(_ table: TOMLTable, _ label: String) throws -> HTTPAction {
        let methods = ActionMethod.allCases.map(\.rawValue)
        guard let written = try string("method", table, label) else {
            throw ConfigError("\(place("url")): \(label) needs method = one of \(methods.joined(separator: ", "))")
        }
        guard let method = ActionMethod(rawValue: written) else {
            let near = ActionMethod(rawValue: written.uppercased()).map { " (did you mean '\($0.rawValue)'?)" } ?? ""
            throw ConfigError("\(place("method")): unknown method '\(written.sanitizedForTerminal)' of \(label)\(near) — the methods are \(methods.joined(separator: ", "))")
        }
        let urlText = try string("url", table, label) ?? ""
        if urlText.contains("${") {
            throw ConfigError("\(place("url")): the url of \(label) can't hold ${VAR} — write a path like /tickets/{id}, which goes to the source's own server")
        }
        let url = try template(urlText, "url", label)
        var body: ActionBody?
        if let node = table["body"] {
            guard method != .get else {
                throw ConfigError("\(place("body")): \(label) is a GET, which sends no body — leave body out or use another method")
            }
            body = try self.body(node, label)
        }
        let thens = ActionThen.allCases.map(\.rawValue)
        var then: ActionThen = method == .delete ? .remove : .refetch
        if let text = try string("then", table, label) {
            guard let chosen = ActionThen(rawValue: text) else {
                let near = text.didYouMean(thens) ?? ""
                throw ConfigError("\(place("then")): unknown then '\(text.sanitizedForTerminal)' of \(label)\(near) — it is one of \(thens.joined(separator: ", "))")
            }
            then = chosen
        }
        let error = try answerPath("error", table, label, says: "it failed, like \"error\" or \"result.message\"")
        let success = try answerPath("success", table, label, says: "it worked, like \"success\" or \"result.ok\"")
        return HTTPAction(method: method, url: url, body: body, then: then, error: error, success: success,
                          optimistic: try optimistic(table, label))
    }

    /// The path `key` names in an answer (`error`, `success`).
    private func answerPath(_ key: String, _ table: TOMLTable, _ label: String, says: String) throws -> JSONPath? {
        guard let text = try string(key, table, label) else { return nil }
        let path = JSONPath(text.trimmingWhitespace)
        guard !path.steps.isEmpty, path.isWellFormed else {
            throw ConfigError("\(place(key)): \(key) of \(label) should be the path where an answer says \(says)")
        }
        return path
    }

    /// `optimistic = { liked = true }`: the fields as the row shows them at once, values as written.
    private func optimistic(_ table: TOMLTable, _ label: String) throws -> JSONValue? {
        guard let node = table["optimistic"] else { return nil }
        let expected = "a table of the fields the row shows at once, like { liked = true }"
        guard node.table != nil, case .object(let members) = try body(node, label) else {
            throw wrongType("optimistic", node, label, expected: expected)
        }
        guard !members.isEmpty, members.allSatisfy({ $0.value.templates.allSatisfy(\.paths.isEmpty) }) else {
            throw ConfigError("\(place("optimistic")): optimistic of \(label) should be \(expected), values as written (no {templates})")
        }
        return ActionBody.object(members).filled(ActionValues(record: .null))
    }

    private func command(_ table: TOMLTable, _ label: String) throws -> CommandAction {
        let expected = "a list of the program and its arguments, like [\"ssh\", \"{hostname}\"]"
        guard let node = table["command"], let array = node.array else {
            throw ConfigError("\(place("command")): command of \(label) should be \(expected)")
        }
        let words = array.compactMap(\.string)
        guard words.count == array.count, let program = words.first, !program.isEmpty else {
            throw ConfigError("\(place("command")): command of \(label) should be \(expected)")
        }
        let modes = CommandMode.allCases.map(\.rawValue)
        var mode = CommandMode.terminal
        if let text = try string("mode", table, label) {
            guard let chosen = CommandMode(rawValue: text) else {
                let near = text.didYouMean(modes) ?? ""
                throw ConfigError("\(place("mode")): unknown mode '\(text.sanitizedForTerminal)' of \(label)\(near) — it is one of \(modes.joined(separator: ", "))")
            }
            mode = chosen
        }
        return CommandAction(argv: try words.map { try template($0, "command", label) }, mode: mode)
    }

    /// TOML as a JSON body whose strings are templates.
    private func body(_ node: any TOMLValueConvertible, _ label: String) throws -> ActionBody {
        switch node.type {
        case .string:
            return .text(try template(node.string ?? "", "body", label))
        case .int:
            return .literal(.number(String(node.int ?? 0)))
        case .double:
            guard let value = node.double, value.isFinite else {
                throw ConfigError("\(place("body")): the body of \(label) holds a number JSON can't carry (inf or nan)")
            }
            return .literal(.number(value == value.rounded() && abs(value) < 1e15 ? String(format: "%.1f", value) : "\(value)"))
        case .bool:
            return .literal(.bool(node.bool ?? false))
        case .array:
            return .array(try (node.array.map(Array.init) ?? []).map { try body($0, label) })
        case .table:
            guard let table = node.table else { return .object([]) }
            return .object(try table.keyNames.compactMap { key in try table[key].map { ActionBody.Member(key, try body($0, label)) } })
        case .date, .time, .dateTime:
            throw ConfigError("\(place("body")): the body of \(label) holds a TOML date, which JSON has no type for — write it as text in quotes")
        }
    }

    private func inputs(_ table: TOMLTable, _ label: String) throws -> [ActionInput] {
        guard let node = table["inputs"] else { return [] }
        let expected = "a list of tables, like [ { name = \"note\", title = \"Why\", kind = \"text\" } ]"
        guard let array = node.array else { throw wrongType("inputs", node, label, expected: expected) }
        var inputs: [ActionInput] = []
        for element in array {
            guard let input = element.table else { throw wrongType("inputs", node, label, expected: expected) }
            for key in input.keyNames where !Self.inputKeys.contains(key) {
                let near = key.didYouMean(Self.inputKeys) ?? ""
                throw ConfigError("\(place("inputs")): unknown key '\(key)' in an input of \(label)\(near) — an input has name, title, kind and choices")
            }
            guard let name = input["name"]?.string, name.range(of: "^[a-z][a-z0-9_-]*$", options: .regularExpression) != nil else {
                throw ConfigError("\(place("inputs")): each input of \(label) needs name = \"…\" (lower-case letters, digits, _ and -), which {input.NAME} names")
            }
            guard !inputs.contains(where: { $0.name == name }) else {
                throw ConfigError("\(place("inputs")): \(label) has two inputs named '\(name)' — name each once")
            }
            let kindText = input["kind"]?.string ?? "text"
            let choices = input["choices"].flatMap { node in node.array.map { $0.compactMap(\.string) } }
            let kind: ActionInput.Kind
            switch kindText {
            case "text":
                guard input["choices"] == nil else {
                    throw ConfigError("\(place("inputs")): input '\(name)' of \(label) has choices but kind = \"text\" — write kind = \"choice\"")
                }
                kind = .text
            case "choice":
                guard let choices, !choices.isEmpty, choices.count == input["choices"]?.array?.count else {
                    throw ConfigError("\(place("inputs")): input '\(name)' of \(label) is a choice and needs choices = [\"…\", \"…\"], text in quotes")
                }
                kind = .choice(choices)
            default:
                throw ConfigError("\(place("inputs")): unknown kind '\(kindText.sanitizedForTerminal)' of input '\(name)' of \(label) — it is text or choice")
            }
            inputs.append(ActionInput(name: name, title: input["title"]?.string ?? name, kind: kind))
        }
        return inputs
    }

    /// Every `{input.NAME}` in the templates names one of `inputs`.
    private func checkInputsNamed(_ effect: RecordAction.Effect, inputs: [ActionInput], _ label: String) throws {
        let named: [(String, [RecordTemplate])]
        switch effect {
        case .http(let http): named = [("url", [http.url]), ("body", http.body?.templates ?? [])]
        case .command(let command): named = [("command", command.argv)]
        case .setTitle(let title): named = [("set_title", [title])]
        }
        for (key, templates) in named {
            for path in templates.flatMap(\.paths) where path.steps.first == ActionValues.inputStep && path.steps.count > 1 {
                guard path.steps.count == 2, inputs.contains(where: { $0.name == path.steps[1] }) else {
                    let names = inputs.map(\.name)
                    let known = names.isEmpty ? "it has no inputs = [ … ]" : "its inputs are \(names.joined(separator: ", "))"
                    throw ConfigError("\(place(key)): {\(path)} in \(key) of \(label) names no input — \(known)")
                }
            }
        }
    }

    private func template(_ text: String, _ key: String, _ label: String) throws -> RecordTemplate {
        do {
            return try RecordTemplate(text)
        } catch {
            throw ConfigError("\(place(key)): \(key) of \(label): \(error) — write fields as {name} or {address.city}, inputs as {input.note}")
        }
    }

    private func wrongType(_ key: String, _ node: any TOMLValueConvertible, _ label: String, expected: String) -> ConfigError {
        ConfigError("\(place(key)): '\(key)' of \(label) should be \(expected), not \(ConfigFile.describe(node.type))")
    }

    private func string(_ key: String, _ table: TOMLTable, _ label: String) throws -> String? {
        guard let node = table[key] else { return nil }
        guard let text = node.string else { throw wrongType(key, node, label, expected: "text in quotes") }
        return text
    }

    private func flag(_ key: String, _ table: TOMLTable, _ label: String) throws -> Bool? {
        guard let node = table[key] else { return nil }
        guard let value = node.bool else { throw wrongType(key, node, label, expected: "true or false") }
        return value
    }
}
