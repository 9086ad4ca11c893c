import Foundation
import Testing

@testable import RoloCore

/// A progress report of a Pipedrive sync as its tests read it: the count the status shows
/// (``RecordSync/Progress/done``), of the total, the wait, whether the list is whole, and
/// where the names stand while they are fetched first (API v2).
struct SyncStep: Equatable, CustomStringConvertible {
    /// The names' part of a run.
    enum Names: Equatable {
        /// The organisations' and users' lists are being fetched.
        case fetching
        /// They were just stored.
        case stored
    }

    var done: Int
    var total: Int?
    var waiting: Double?
    var finished: Bool
    var names: Names?

    init(_ done: Int, of total: Int? = nil, waiting: Double? = nil, finished: Bool = false, names: Names? = nil) {
        self.done = done
        self.total = total
        self.waiting = waiting
        self.finished = finished
        self.names = names
    }

    init(_ progress: RecordSync.Progress) {
        let names: Names? = progress.fetchingLookups ? .fetching : progress.lookupsStored ? .stored : nil
        self.init(progress.done, of: progress.total, waiting: progress.waiting, finished: progress.finished, names: names)
    }

    var description: String {
        "\(done)\(total.map { " of \($0)" } ?? "")\(waiting.map { " waiting \($0)" } ?? "")\(finished ? " finished" : "")"
            + (names.map { " names \($0)" } ?? "")
    }

    /// Each of `reports` as a step.
    static func steps(_ reports: [RecordSync.Progress]) -> [SyncStep] { reports.map(SyncStep.init) }

    /// The persons' steps of `reports`: those of the names left out.
    static func persons(_ reports: [RecordSync.Progress]) -> [SyncStep] { steps(reports).filter { $0.names == nil } }
}

extension RecordStore {
    /// The persons stored, in order, read as rolo reads them (a record that isn't one fails).
    func persons() async throws -> [PipedrivePerson] {
        try await all().map { try PipedrivePerson(json: $0.value) }
    }
}

extension PipedriveAccount {
    /// The organisations' and users' names stored.
    func storedNames() async throws -> PipedriveNames {
        PipedriveNames(stored: try await lookups.values())
    }
}
