import Foundation
import Logging

extension DumpRunner {
    /// randomuser: every stored person, in the list's order; when none are stored, the first
    /// page is fetched and stored, as the browser's first launch does.
    public func randomUser(
        _ service: any RandomUserService, store: PersonStore<RandomPerson>, seed: String?, to sink: DumpSink
    ) async throws {
        let schema = try DumpSchemas.randomUser(now: now).selecting(fields)
        let source = RandomUserPager.source
        if try await store.count(source) == 0 {
            guard !offline else {
                throw DumpError(.unavailable, "randomuser: nothing is stored yet, and --offline asks no server")
            }
            report.progress("randomuser: loading…")
            defer { report.progress(nil) }
            let pager = RandomUserPager(pageSize: 10, seedOverride: seed)
            let report = self.report
            do {
                _ = try await pager.loadNext(shown: 0, store: store, fetch: { number, seed in
                    let page = try await service.page(number, size: pager.pageSize, seed: seed)
                    let logger = Logger(label: "rolo.dump")
                    for line in page.skipped.logLines(of: "randomuser person") { logger.warning("\(line)") }
                    // Every person unreadable fails the dump; some unreadable are counted on stderr.
                    let fetched = try page.readable()
                    if let notice = page.skipped.notice(singular: "person", plural: "persons") {
                        report.notice("randomuser: \(notice)")
                    }
                    return fetched
                }, name: { $0.fullName })
            } catch let error as FetchError {
                throw DumpError.unavailable(RandomUserSource.id, error)
            }
        } else if offline {
            try await noticeStored(store, source, "randomuser: --offline")
        }
        let count = try await store.count(source)
        try sink.begin(schema.names, limit: limit)
        for start in stride(from: 0, to: count, by: Self.block) {
            for person in try await store.persons(source, range: start..<min(start + Self.block, count))
            where search.map(person.matches) ?? true {
                try sink.record(schema.values(of: person))
            }
        }
        try sink.end()
    }
}

extension RandomPerson: FinishableList {
    /// randomuser has no last page: a stored list is as long as it was scrolled.
    public static let wholeList: String? = nil
}
