import Foundation

/// `rolo dump NAME --details`: every stored record's `detail_url`, fetched a few at a time and
/// stored as it comes (a stopped dump keeps them, and the next one fetches only the rest).
extension RecordDump {
    /// Details fetched at once.
    public static let detailConcurrency = 8
    /// How many times a detail the API rate-limited is asked for again.
    static let detailRetries = 3

    /// Fetches and stores the detail of each record of `store` whose detail is missing or not
    /// fresh, ``detailConcurrency`` at a time, with "team: details 340/1000…" as progress.
    /// Returns the details that couldn't be fetched, nil when none; throws when the API refuses
    /// rolo (401/403), which no other detail would get past either.
    static func fetchDetails(
        _ source: RecordSource, environment: [String: String], http: any HTTPClient, timeout: TimeInterval,
        store: RecordStore, runner: DumpRunner, sleep: @escaping RecordPager.Sleep
    ) async throws -> DetailShortfall? {
        let name = source.name
        let pager = try pager(source, environment: environment, http: http, timeout: timeout, sleep: sleep)
        let wanted = try await store.recordsNeedingDetails(now: runner.now())
        guard !wanted.isEmpty else { return nil }
        let report = runner.report
        report.progress("\(name): details 0/\(wanted.count)…")
        defer { report.progress(nil) }
        var failures: [(id: String, reason: String)] = []
        var done = 0
        try await withThrowingTaskGroup(of: (String, Result<JSONValue, FetchError>).self) { group in
            var next = wanted.makeIterator()
            func start() {
                guard let record = next.next() else { return }
                group.addTask { (record.id, await detail(of: record, pager: pager, sleep: sleep)) }
            }
            for _ in 0..<detailConcurrency { start() }
            while let (id, result) = try await group.next() {
                switch result {
                case .success(let detail):
                    try await store.saveDetail(detail, id: id, at: runner.now())
                case .failure(let error):
                    if error.kind == .httpStatus(401) || error.kind == .httpStatus(403) {
                        group.cancelAll()
                        throw DumpError(.unavailable, named(name, error))
                    }
                    failures.append((id, error.message.withoutKeyHint))
                }
                done += 1
                report.progress("\(name): details \(done)/\(wanted.count)…")
                start()
            }
        }
        return failures.isEmpty ? nil : DetailShortfall(failures: failures, of: wanted.count)
    }

    /// The detail of `record`, a rate limit waited out up to ``detailRetries`` times.
    private static func detail(
        of record: JSONRecord, pager: RecordPager, sleep: RecordPager.Sleep
    ) async -> Result<JSONValue, FetchError> {
        var attempt = 0
        while true {
            do {
                return .success(try await pager.detail(of: record) ?? .object([]))
            } catch let error as FetchError {
                guard error.kind == .httpStatus(429), attempt < detailRetries else { return .failure(error) }
                attempt += 1
                do { try await sleep(error.retryAfter ?? Double(attempt)) } catch { return .failure(error as? FetchError ?? .cancelledFetch) }
            } catch {
                return .failure(.cancelledFetch)
            }
        }
    }

    /// The top-level fields of the stored records (details merged in) not already among
    /// `names`, in the order first met, as dumped fields.
    static func detailFields(_ store: RecordStore, after names: [String]) async throws -> [DumpField<JSONRecord>] {
        var keys: [String] = []
        var seen: Set<String> = []
        let count = try await store.count()
        for start in stride(from: 0, to: count, by: 1000) {
            for record in try await store.records(start..<min(start + 1000, count)) {
                guard case .object(let members) = record.value else { continue }
                for member in members where seen.insert(member.key).inserted { keys.append(member.key) }
            }
        }
        var taken = Set(names)
        return keys.compactMap { key in
            let field = snakeCase(key)
            guard taken.insert(field).inserted else { return nil }
            return DumpField(field) { value($0.value[key]) ?? .null }
        }
    }

    /// Without `--details`: each setting naming a field no listed record has, as the template
    /// check says it, with word that the detail may hold it.
    static func detailHints(_ source: RecordSource, _ listed: [JSONValue]) -> [String] {
        guard source.detailURL != nil else { return [] }
        return source.checkedPaths.filter { $0.setting != "id" }.flatMap { setting, paths in
            TemplateCheck.problems(setting, paths: paths, records: listed)
        }.map { $0 + " (the detail may have it: --details fetches each record's detail_url)" }
    }
}

/// The details `rolo dump --details` couldn't fetch: "3 of 1000 details couldn't be fetched
/// (4: HTTP 500 …; 17: …)".
struct DetailShortfall: CustomStringConvertible {
    /// Each record's id with why its detail didn't come.
    let failures: [(id: String, reason: String)]
    /// How many details were asked for.
    let of: Int

    var description: String {
        let named = failures.prefix(5).map { "\($0.id.sanitizedForTerminal): \($0.reason)" }.joined(separator: "; ")
        let more = failures.count > 5 ? "; and \(failures.count - 5) more" : ""
        let noun = failures.count == 1 ? "detail" : "details"
        return "\(failures.count) of \(of) \(noun) couldn't be fetched (\(named)\(more))"
    }
}

extension FetchError {
    /// A fetch given up because the dump stopped.
    static let cancelledFetch = FetchError(kind: .cancelled, endpoint: "", message: "cancelled", detail: "cancelled")
}
