import Foundation

extension DumpRunner {
    /// pipedrive: the account synced to completion into the store (the same sync as the
    /// browser's, resumed where it stopped), then every stored person in the API's order.
    /// Unreachable, the stored persons are dumped with a notice; a refused token is an error
    /// even then, because it won't fix itself. A sync that stopped part-way (or a stored list
    /// that did) is dumped, then exits 3 unless `--allow-partial`. `account` nil: not configured, `unconfigured`
    /// says what to set (stored persons are still dumped with `offline`, from `stored`).
    public func pipedrive(
        account: PipedriveAccount?, unconfigured: String?, stored: PipedriveAccount, to sink: DumpSink
    ) async throws {
        let schema = try DumpSchemas.pipedrive.selecting(fields)
        let store = stored.store
        var partial: String?
        if offline {
            guard try await store.count() > 0 else {
                throw DumpError(.unavailable, "pipedrive: nothing is stored yet, and --offline asks no server")
            }
            try await RecordDump.noticeStored(store, "pipedrive: --offline", report, record: "person", list: "account", readingRows: true)
        } else {
            guard let account, let sync = account.sync() else {
                throw DumpError(.unavailable, "pipedrive: \(unconfigured ?? "Pipedrive isn't configured")")
            }
            partial = try await run(sync, store: store)
        }
        // v2 persons name their organisation and owner by id: the stored names fill them in.
        let names = try await stored.lookups.values()
        try sink.begin(schema.names, limit: limit)
        var positions: [Int]?
        if let search { positions = try await store.positions(matching: search) }
        var count = positions?.count ?? 0
        if positions == nil { count = try await store.count() }
        for start in stride(from: 0, to: count, by: Self.block) {
            let end = min(start + Self.block, count)
            let records = try positions.map { try store.storedRecords(atPositions: Array($0[start..<end])) }
                ?? store.storedRecords(start..<end)
            for record in records {
                guard let person = PipedriveAccount.person(record, lookups: names) else {
                    report.notice("pipedrive: stored person \(record.id) can't be read and is left out")
                    continue
                }
                try sink.record(schema.values(of: person))
            }
        }
        try sink.end()
        if let partial {
            guard allowPartial else { throw DumpError(.partial, "pipedrive: \(partial) — the account is partial (--allow-partial takes it as it is)") }
            report.notice("pipedrive: \(partial)")
        }
    }

    /// Runs the sync with progress; a failure leaves the stored persons to dump, unless nothing
    /// is stored or the token was refused. Returns why the stored account isn't whole, when a
    /// failure left it so.
    private func run(_ sync: RecordSync, store: RecordStore) async throws -> String? {
        let report = self.report
        defer { report.progress(nil) }
        report.progress("pipedrive: loading…")
        do {
            try await sync.run(refresh: true) { progress in
                let done = progress.total.map { "\(progress.done) of \($0)" } ?? "\(progress.done)"
                if progress.fetchingLookups {
                    report.progress("pipedrive: names of organisations and owners…")
                } else if let wait = progress.waiting {
                    report.progress("pipedrive: \(done) persons stored; rate limited, next in \(Int(wait.rounded(.up))) s…")
                } else {
                    report.progress("pipedrive: \(done) persons \(progress.listed != nil ? "fetched" : "stored")…")
                }
                for failure in progress.lookupFailures {
                    report.notice("pipedrive: organisation and owner names couldn't be fetched: \(failure.message)")
                }
            }
        } catch let error as FetchError {
            let refused = error.kind == .httpStatus(401) || error.kind == .httpStatus(403)
            guard !refused || error.partway, try await store.count() > 0 else {
                throw DumpError.unavailable(PipedriveSource.id, error)
            }
            report.progress(nil)
            if error.partway { return ListStop.sentence(error, title: sync.pager.source.title) }
            try await RecordDump.noticeStored(store, "pipedrive: \(DumpError.withoutKeyHint(error.message))", report, record: "person", list: "account", readingRows: true)
            if let state = try await store.state(), !state.complete, !state.refreshing { return "the stored account stopped before its end" }
        }
        return nil
    }
}
