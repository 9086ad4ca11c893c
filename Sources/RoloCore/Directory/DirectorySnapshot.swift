import Foundation

/// The last complete directory list rolo saw, and when it was saved.
public struct DirectorySnapshot: Sendable, Equatable {
    /// The merged employees, as they were shown.
    public var employees: [DirectoryEmployee]
    /// When the list was saved, for the status line ("cached, 10:42").
    public var savedAt: Date

    /// Creates a snapshot.
    public init(employees: [DirectoryEmployee], savedAt: Date) {
        self.employees = employees
        self.savedAt = savedAt
    }
}

/// What reading the saved list found.
public enum DirectorySnapshotLoad: Sendable, Equatable {
    /// The saved list.
    case loaded(DirectorySnapshot)
    /// Nothing saved yet: the first launch, or the cache was cleared.
    case missing
    /// A file is there but can't be used, with a reason for the log; it is replaced at the next
    /// successful refresh.
    case unusable(String)
}
