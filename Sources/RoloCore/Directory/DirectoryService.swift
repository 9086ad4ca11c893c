/// The directory listings, as the directory view-model needs them; tests give it a fake.
public protocol DirectoryService: Sendable {
    /// Every listing, fetched concurrently, in the order the URLs were configured; never throws,
    /// because one city failing must not hide the other (see ``DirectoryOutcome``).
    ///
    /// An answer's body is decoded only once `ready` returns: at a second start the saved list
    /// is being read and made meanwhile, and 200,000 people's body is smaller undecoded.
    func fetchAll(decodingAfter ready: @escaping @Sendable () async -> Void) async -> [DirectoryListing]
}

extension DirectoryService {
    /// Every listing, each decoded as soon as it has come.
    public func fetchAll() async -> [DirectoryListing] {
        await fetchAll(decodingAfter: {})
    }
}
