import Foundation
import RoloCore

/// The record engine's readers of untrusted text, as fuzz targets: a configured source's page,
/// paths, templates, `Link` headers, `rolo add`'s inference, the config file, actions'
/// answers, the query language of `/` and `--query`, and authorization servers' answers. Each returns what reaches the screen, checked there for escapes.
enum EngineTargets {
    static let all: [FuzzTarget] = [
        FuzzTarget(name: "engine-page", fixtureFolders: ["engine/page", "custom", "pipedrive"], isSeed: isJSON, decode: page),
        FuzzTarget(name: "json-path", fixtureFolders: ["engine/path"], isSeed: { isJSON($0) || $0.hasSuffix(".txt") }, decode: paths),
        FuzzTarget(name: "template", fixtureFolders: ["engine/template"], isSeed: isJSON, decode: templates),
        FuzzTarget(name: "link-header", fixtureFolders: ["engine/link"], isSeed: { $0.hasSuffix(".txt") }, decode: link),
        FuzzTarget(name: "add-inference", fixtureFolders: ["engine/add"], isSeed: isJSON, decode: InferenceTarget.infer),
        FuzzTarget(name: "config", fixtureFolders: ["config"], isSeed: { $0.hasSuffix(".toml") }, decode: config),
        FuzzTarget(name: "action-answer", fixtureFolders: ["engine/action"], isSeed: isJSON, decode: ActionTarget.answer),
        FuzzTarget(name: "query", fixtureFolders: ["engine/query"], isSeed: { isJSON($0) || $0.hasSuffix(".txt") }, decode: query),
        FuzzTarget(name: "sign-in-answer", fixtureFolders: ["engine/signin"], isSeed: isJSON, decode: signInAnswer),
    ]

    static func isJSON(_ file: String) -> Bool { file.hasSuffix(".json") }

    // MARK: - Sign-in answers

    /// An authorization server's answer (an envelope of status, headers and body, whose
    /// `pasted` is what a person pasted as the code flow's redirect; else the bytes as a 200's
    /// body and as the paste), read as every endpoint's: each text rolo would show or say is
    /// checked for escapes.
    static func signInAnswer(_ input: Data) throws -> Any {
        let answer = FuzzAnswer([UInt8](input))
        let envelope = input.first == UInt8(ascii: "{") ? try? EngineJSON.parse(input) : nil
        let pasted = envelope?["pasted"]?.textValue ?? String(decoding: input.prefix(4096), as: UTF8.self)
        let url = URL(string: "https://auth.example.com/token") ?? URL(fileURLWithPath: "/")
        let (texts, accepted) = FuzzedReaders.signInAnswer(answer.response(from: url), pasted: pasted)
        for text in texts { try FuzzProblem.check(rendered: text, "a sign-in answer's text") }
        return try FuzzRefused.unless(accepted)
    }

    // MARK: - A configured source's page

    /// The page every definition (``EngineDefinitions``) reads from the answer, then the page
    /// after it from the same answer (a server sending one page again), as the pager reads them;
    /// what the list and the detail would draw of each record is checked, and every error's message.
    static func page(_ input: Data) throws -> Any {
        let answer = FuzzAnswer([UInt8](input))
        var drawn = 0, pages = 0
        for source in EngineDefinitions.sources {
            let url = URL(string: source.url) ?? URL(fileURLWithPath: "/")
            var position = PagingPosition.start(source.paging)
            for _ in 0..<3 {
                let page: RecordPage
                do {
                    page = try RecordPager.page(in: answer.response(from: url), of: source, at: position)
                } catch let error as FetchError {
                    try FuzzProblem.check(message: error.message, "\(source.name)'s error")
                    break
                }
                drawn += try draw(page, of: source)
                pages += 1
                guard let next = page.next else { break }
                position = next
            }
        }
        _ = try FuzzRefused.unless(pages)
        return drawn
    }

    /// Checks what the screen shows of `page`: each record's label, columns, group, sort and
    /// detail fields, the skipped records' notices and the shortfall; the number of texts checked.
    static func draw(_ page: RecordPage, of source: RecordSource) throws -> Int {
        var texts: [String] = page.skipped.flatMap { [$0.reason, $0.summary] }
        if let shortfall = page.shortfall { texts.append(shortfall.description) }
        for record in page.records {
            let label = source.label.render(record.value)
            texts.append(label.isEmpty ? record.id.sanitizedForTerminal : label)
            texts += source.columns.map { $0.value.render(record.value) }
            texts += [source.group, source.sort].compactMap { $0?.render(record.value) }
            texts += source.detailFields(record.value).flatMap { [$0.field, $0.text] }
            texts += source.links.compactMap { $0.address(for: record.value) }
        }
        for text in texts { try FuzzProblem.check(rendered: text, "\(source.name)'s page") }
        return texts.count
    }

    // MARK: - Paths and templates

    /// A record and the texts to read on it: `{"paths": […], "record": …}`; any other input is
    /// a path on its first line and the record (JSON or not) after it.
    private static func texts(_ input: Data, key: String) -> (texts: [String], record: EngineJSON) {
        if input.first == UInt8(ascii: "{"), let envelope = try? EngineJSON.parse(input), let record = envelope["record"] {
            guard case .array(let items)? = envelope[key] else { return ([envelope[key]?.textValue ?? ""], record) }
            return (items.map { $0.textValue ?? $0.jsonText }, record)
        }
        let text = String(decoding: input, as: UTF8.self)
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let rest = lines.count > 1 ? Data(lines[1].utf8) : Data()
        return ([String(lines[0])], (try? EngineJSON.parse(rest)) ?? .string(String(lines.last ?? "")))
    }

    /// Each path read on the record; a path written well reads back as the same steps from its
    /// description (what `rolo add` writes and error messages quote). The value's display text is
    /// what the detail shows.
    static func paths(_ input: Data) throws -> Any {
        let (texts, record) = texts(input, key: "paths")
        var found = 0
        for text in texts {
            let path = RoloCore.JSONPath(text)
            // A known finding left to JSONPath's owner: JSONPath reads by Character, so a key
            // starting with a combining mark (U+0304) joins the quote before it in
            // `["…"]` and reads back as other steps (JSONPathFindingTests' known issue).
            let joinsQuote = path.steps.contains { $0.unicodeScalars.first?.properties.isGraphemeExtend == true }
            if path.isWellFormed, !joinsQuote, RoloCore.JSONPath(path.description).steps != path.steps {
                throw FuzzProblem("path \(text.debugDescription.prefix(80)) reads back as other steps from \(path.description.debugDescription.prefix(80))")
            }
            guard let value = record.value(at: path) else { continue }
            if let shown = value.displayText { try FuzzProblem.check(rendered: shown, "the value at \(text.prefix(40))") }
            try FuzzProblem.check(rendered: path.description.sanitizedForTerminal, "a path's name")
            found += 1
        }
        return try FuzzRefused.unless(found)
    }

    /// Each template read, rendered on the record and made a URL for it; a template that can't
    /// be read says why in words the config error shows.
    static func templates(_ input: Data) throws -> Any {
        let (texts, record) = texts(input, key: "templates")
        var rendered: [String] = []
        for text in texts {
            let template: RecordTemplate
            do {
                template = try RecordTemplate(text)
            } catch {
                try FuzzProblem.check(message: error.description.sanitizedForTerminal, "a template's syntax error")
                continue
            }
            let shown = template.render(record)
            try FuzzProblem.check(rendered: shown, "template \(text.debugDescription.prefix(60))")
            rendered.append(shown)
            _ = template.url(for: record)
        }
        return try FuzzRefused.unless(rendered.count)
    }

    // MARK: - Queries

    /// Each query parsed, then evaluated over the records by every definition that reads them:
    /// a query that can't be read, or names a field there isn't, says why in a line the status
    /// line shows as it is; one that can is matched against each record and orders them, and
    /// the order is the same records, each once. Input: `{"queries": […], "records": […]}`, or
    /// a query on the first line and the records (JSON) after it.
    static func query(_ input: Data) throws -> Any {
        let (texts, value) = texts(input, key: "queries")
        let records: [EngineJSON] = if case .array(let items) = value { items } else { [value] }
        var evaluated = 0
        for text in texts {
            let query: RecordQuery
            do {
                query = try RecordQuery.parse(text)
            } catch {
                try FuzzProblem.check(message: error.description, "a query's syntax error")
                continue
            }
            for source in EngineDefinitions.sources.prefix(3) {
                let evaluator: QueryEvaluator
                do {
                    evaluator = try QueryEvaluator(query, source: source, records: records, now: Date(timeIntervalSince1970: 1_796_000_000))
                } catch {
                    try FuzzProblem.check(message: error.description, "a query's unknown field")
                    continue
                }
                let matching = records.indices.filter { evaluator.matches(records[$0], searchText: SearchKey.fold(source.label.render(records[$0]))) }
                let order = evaluator.sorted(matching) { records[$0] }
                guard order.sorted() == matching else {
                    throw FuzzProblem("query \(text.debugDescription.prefix(80)) orders \(matching.count) records as \(order.count), not each once")
                }
                evaluated += 1
            }
        }
        return try FuzzRefused.unless(evaluated)
    }

    // MARK: - Link headers

    /// The next, last and previous targets of a `Link` header, against a base URL with a path
    /// and query (a relative target resolves against it).
    static func link(_ input: Data) throws -> Any {
        let header = String(decoding: input, as: UTF8.self)
        let base = URL(string: "https://api.example.com/v1/people?page=2&per_page=30")!
        return try FuzzRefused.unless(["next", "last", "prev", "NEXT"].compactMap { FuzzedReaders.linkTarget(header, relation: $0, base: base) }.count)
    }

    // MARK: - The config file

    /// The settings a config file gives, read as the app reads `config.toml`; a mistake is a
    /// one-line message naming the line, printed on standard error before any screen (so
    /// nothing cleans it on the way), quoting what the file says.
    static func config(_ input: Data) throws -> Any {
        do {
            let settings = try EngineDefinitions.readConfig(String(decoding: input, as: UTF8.self))
            return settings.configuredSources.sources.count
        } catch let error as ConfigError {
            try FuzzProblem.check(message: error.message, "the config's error")
            throw FuzzRefused()
        }
    }
}
