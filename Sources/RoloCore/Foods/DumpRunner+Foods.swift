import Foundation

extension DumpRunner {
    /// The foods, in the server's order; nil `service`: not configured, and `unconfigured`
    /// says what to set.
    public func foods(_ service: (any FoodsService)?, unconfigured: String, to sink: DumpSink) async throws {
        let schema = try DumpSchemas.foods.selecting(fields)
        guard let service else { throw DumpError(.unavailable, "foods: \(unconfigured)") }
        try refuseOffline(FoodsSource.id)
        let (foods, paging) = try await fetching(FoodsSource.id) {
            try await service.allPages { [report] paging in
                guard let total = paging.totalCount, !paging.isComplete else { return }
                report.progress("foods: \(paging.loaded) of \(total)…")
            }
        }
        if let short = paging.shortfall { report.notice("foods: the server \(short)") }
        if let notice = paging.skipped.notice(singular: "food", plural: "foods") { report.notice("foods: \(notice)") }
        try write(foods.filter { search.map($0.matches) ?? true }, schema, to: sink)
    }
}
