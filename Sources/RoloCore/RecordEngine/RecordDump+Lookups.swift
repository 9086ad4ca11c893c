import Foundation

extension RecordDump {
    /// The source's lookups for the dump: each other list fetched again into `database` (not
    /// with `--offline`), then read as stored. A lookup that can't be fetched keeps what was
    /// stored, with a notice; its ids are dumped raw where nothing is.
    static func lookups(
        _ source: RecordSource, database: RoloDatabase, runner: DumpRunner, http: any HTTPClient, environment: [String: String],
        timeout: TimeInterval, sleep: @escaping RecordPager.Sleep
    ) async throws -> LookupValues {
        let store = LookupStore(beside: RecordStore(database: database, source: source))
        if !runner.offline {
            let sync: LookupSync
            do {
                let http = try SignIns.shared.client(for: source, over: http, environment: environment, timeout: timeout)
                sync = try LookupSync(source: source, store: store, client: http, environment: environment, timeout: timeout, sleep: sleep)
            } catch let error as ConfigError {
                throw DumpError(.unavailable, error.description)
            }
            runner.report.progress("\(source.name): loading lookups…")
            let failures = await sync.run()
            runner.report.progress(nil)
            for failure in failures {
                let message = (failure.error as? FetchError).map { named(source.name, $0) } ?? "\(source.name): \(failure.error)"
                runner.report.notice("\(message) — lookup '\(failure.lookup)' shows the stored names, else raw ids")
            }
        }
        return try await store.values()
    }
}
