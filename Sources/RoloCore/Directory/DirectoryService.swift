/// The directory listings, as the directory view-model needs them; tests give it a fake.
public protocol DirectoryService: Sendable {
    /// Every listing, fetched concurrently, in the order the URLs were configured; never throws,
    /// because one city failing must not hide the other (see ``DirectoryOutcome``).
    func fetchAll() async -> [DirectoryListing]
}
