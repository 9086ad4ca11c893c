import Foundation

/// The directory listings, as the directory view-model needs them; tests give it a fake.
public protocol DirectoryService: Sendable {
    /// Every listing, fetched concurrently, in the order the URLs were configured; never throws,
    /// because one city failing must not hide the other (see ``DirectoryOutcome``).
    ///
    /// An answer's body is read only once `ready` has said what that listing gave last time
    /// (nil: nothing kept): a body that repeats it is compared a run at a time and answered
    /// with those people, never held decoded beside them.
    func fetchAll(decodingAfter ready: @escaping @Sendable (URL) async -> DirectoryRoster?) async -> [DirectoryListing]
}

extension DirectoryService {
    /// Every listing, each decoded as soon as it has come.
    public func fetchAll() async -> [DirectoryListing] {
        await fetchAll(decodingAfter: { _ in nil })
    }
}
