import Foundation

extension DumpRunner {
    /// The directory: every city merged, grouped by position as the list is, each person
    /// marked when `contacts` has their card. A complete answer is saved as the last good one,
    /// as the browser saves it; when no city answers (or `offline`) the saved one is dumped.
    public func directory(
        _ service: any DirectoryService, snapshots: DirectorySnapshotStore, contacts: [ContactCard],
        locale: Locale = .current, to sink: DumpSink
    ) async throws {
        let schema = try DumpSchemas.directory.selecting(fields)
        let employees: [DirectoryEmployee]
        if offline {
            employees = try saved(snapshots, because: "--offline")
        } else {
            report.progress("directory: loading…")
            let outcome = DirectoryOutcome(await service.fetchAll())
            report.progress(nil)
            if let fresh = outcome.employees {
                employees = fresh
                if let banner = outcome.banner { report.notice("directory: \(DumpError.withoutKeyHint(banner))") }
                if outcome.isComplete {
                    do {
                        try snapshots.save(outcome.cities, at: now())
                    } catch {
                        report.notice("directory: \(error)")
                    }
                }
            } else {
                let reason = outcome.errors.first.map { DumpError.withoutKeyHint($0.message) } ?? "no city answered"
                employees = try saved(snapshots, because: reason)
            }
        }
        let cards = ContactIndex(contacts)
        let visible = search.map { term in employees.filter { $0.matches(term) } } ?? employees
        let listed = DirectoryMerge.sections(visible, locale: locale).flatMap(\.employees).map {
            ListedEmployee($0, hasCard: cards.card(firstName: $0.firstName, lastName: $0.lastName) != nil)
        }
        try write(listed, schema, to: sink)
    }

    /// The last complete directory list, with a notice saying it is the saved one and why.
    private func saved(_ snapshots: DirectorySnapshotStore, because reason: String) throws -> [DirectoryEmployee] {
        switch snapshots.load() {
        case .loaded(let snapshot):
            report.notice("directory: \(reason) — dumping the list saved \(Self.stamp(snapshot.savedAt))")
            return snapshot.employees
        case .missing:
            throw DumpError(.unavailable, "directory: \(reason), and no list is saved yet")
        case .unusable(let why):
            throw DumpError(.unavailable, "directory: \(reason), and the saved list can't be used: \(why)")
        }
    }
}
