import Foundation
import Testing
@testable import RoloCore

/// Sources as the tests configure them, read through the config file's own reader.
enum RecordSourceFixtures {
    /// The sources of `toml` (a whole config file), read as rolo reads its config file.
    static func sources(_ toml: String) throws -> [RecordSource] {
        let directory = try TemporaryDirectory()
        let file = try directory.write("config.toml", toml)
        return try SettingsLoader.load(options: [:], environment: ["HOME": directory.path], configFile: file)
            .configuredSources.sources
    }

    /// The message the config file `toml` is refused with, its path written config.toml; an
    /// issue when it is read without one.
    static func configError(_ toml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let directory = try TemporaryDirectory()
        let file = try directory.write("config.toml", toml)
        return #expect(throws: ConfigError.self, sourceLocation: sourceLocation) {
            try SettingsLoader.load(options: [:], environment: ["HOME": directory.path], configFile: file)
        }?.message.replacingEvery(file, with: "config.toml")
    }

    /// The one source of `toml`.
    static func source(_ toml: String) throws -> RecordSource {
        try sources(toml)[0]
    }

    /// A pager of `source` over `client` that never sleeps, recording the waits asked for.
    static func pager(
        _ source: RecordSource, _ client: any HTTPClient, environment: [String: String] = [:], waits: WaitLog = WaitLog()
    ) throws -> RecordPager {
        RecordPager(
            source: source, endpoint: try source.endpoint(environment: environment), client: client,
            sleep: { seconds in waits.append(seconds) }, now: { Date(timeIntervalSince1970: 1_700_000_000) })
    }

    /// The source `toml` describes (with `maxRecords`, when given), every page of it fetched
    /// from `answers`, and the client that answered.
    static func fetch(
        _ toml: String, _ answers: [String: [ScriptedHTTPClient.Answer]], environment: [String: String] = [:],
        waits: WaitLog = WaitLog(), maxRecords: Int? = nil
    ) async throws -> (source: RecordSource, pages: [RecordPage], client: ScriptedHTTPClient) {
        var source = try self.source(toml)
        if let maxRecords { source.maxRecords = maxRecords }
        let client = ScriptedHTTPClient(answers)
        let pages = try await allPages(try pager(source, client, environment: environment, waits: waits))
        return (source, pages, client)
    }

    /// Every page of `pager` from the first, in order.
    static func allPages(_ pager: RecordPager) async throws -> [RecordPage] {
        let pages = PageLog()
        try await pager.run(from: .start(pager.source.paging), page: { pages.append($0) })
        return pages.values
    }
}

/// A thread-safe list, for what a test's closures hear.
final class Log<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.withLock { stored.append(value) }
    }

    var values: [Value] { lock.withLock { stored } }
}

typealias WaitLog = Log<Double>
typealias PageLog = Log<RecordPage>

extension RecordSource {
    /// `records` arranged by ``group`` and ``sort`` for `locale`, paths into `lookups` resolved,
    /// as the list's arrangement (`ArrangeTexts`) does from the rendered texts.
    func sections(_ records: [JSONValue], locale: Locale, lookups: LookupValues = .none) -> RecordSections {
        RecordSections(
            count: records.count, groups: group.map { template in records.map { template.render($0, lookups: lookups) } },
            sorts: sort.map { template in records.map { template.render($0, lookups: lookups) } }, locale: locale)
    }
}
