import Foundation

extension DumpRunner {
    /// The ME employees, in the server's order.
    public func people(_ service: any PeopleService, to sink: DumpSink) async throws {
        let schema = try DumpSchemas.people.selecting(fields)
        try refuseOffline(PeopleSource.id)
        let employees = try await fetching(PeopleSource.id) { try await service.employees() }
        if let notice = employees.skipped.notice(singular: "employee", plural: "employees") { report.notice("people: \(notice)") }
        try write(employees.records.filter { search.map($0.matches) ?? true }, schema, to: sink)
    }
}
