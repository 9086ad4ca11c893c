import Foundation

extension DumpRunner {
    /// pipedrive: the account synced to completion into the store (the same sync as the
    /// browser's, resumed where it stopped), then every stored person in the API's order.
    /// Unreachable, the stored persons are dumped with a notice; a refused token is an error
    /// even then, because it won't fix itself. `fetch` nil: not configured, `unconfigured` says
    /// what to set (stored persons are still dumped with `offline`).
    public func pipedrive(
        fetch: PipedriveSync.Fetch?, fetchNames: PipedriveSync.FetchNames? = nil, unconfigured: String?,
        api: PipedriveAPIVersion, store: PersonStore<PipedrivePerson>, to sink: DumpSink
    ) async throws {
        let schema = try DumpSchemas.pipedrive.selecting(fields)
        let source = PipedriveSync.source
        if offline {
            guard try await store.count(source) > 0 else {
                throw DumpError(.unavailable, "pipedrive: nothing is stored yet, and --offline asks no server")
            }
            try await noticeStored(store, source, "pipedrive: --offline")
        } else {
            guard let fetch else { throw DumpError(.unavailable, "pipedrive: \(unconfigured ?? "Pipedrive isn't configured")") }
            try await sync(PipedriveSync(store: store, api: api, now: now, fetchNames: fetchNames, fetch: fetch), store: store)
        }
        // v2 persons name their organisation and owner by id: the stored names fill them in.
        let names = try await PipedriveNameStore(database: store.database).all()
        try sink.begin(schema.names, limit: limit)
        if let search {
            let rows = StoredRows<PipedrivePerson>(database: store.database, source: source)
            let positions = try await rows.positions(matching: search, everyWord: PipedrivePerson.searchesEveryWord)
            for start in stride(from: 0, to: positions.count, by: Self.block) {
                let slice = Array(positions[start..<min(start + Self.block, positions.count)])
                for person in try rows.persons(atPositions: slice) { try sink.record(schema.values(of: names.resolving(person))) }
            }
        } else {
            let count = try await store.count(source)
            for start in stride(from: 0, to: count, by: Self.block) {
                for person in try await store.persons(source, range: start..<min(start + Self.block, count)) {
                    try sink.record(schema.values(of: names.resolving(person)))
                }
            }
        }
        try sink.end()
    }

    /// Runs the sync with progress; a failure leaves the stored persons to dump, unless nothing
    /// is stored or the token was refused.
    private func sync(_ sync: PipedriveSync, store: PersonStore<PipedrivePerson>) async throws {
        let report = self.report
        defer { report.progress(nil) }
        report.progress("pipedrive: loading…")
        do {
            try await sync.run { progress in
                let done = progress.total.map { "\(progress.stored) of \($0)" } ?? "\(progress.stored)"
                if let wait = progress.waiting {
                    report.progress("pipedrive: \(done) persons stored; rate limited, next in \(Int(wait.rounded(.up))) s…")
                } else {
                    report.progress("pipedrive: \(done) persons \(progress.refreshing ? "fetched" : "stored")…")
                }
            }
        } catch let error as FetchError {
            let refused = error.kind == .httpStatus(401) || error.kind == .httpStatus(403)
            guard !refused, try await store.count(PipedriveSync.source) > 0 else {
                throw DumpError.unavailable(PipedriveSource.id, error)
            }
            report.progress(nil)
            try await noticeStored(store, PipedriveSync.source, "pipedrive: \(DumpError.withoutKeyHint(error.message))")
        }
    }
}

extension PipedrivePerson: FinishableList {
    /// An unfinished sync leaves part of the account.
    public static let wholeList: String? = "the whole account"
}
