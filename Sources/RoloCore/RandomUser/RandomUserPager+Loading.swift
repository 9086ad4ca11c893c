extension RandomUserPager {
    /// Fetches one page of the API: `(page, seed)` → that page's persons, in order.
    public typealias Fetch<Person> = @Sendable (_ page: Int, _ seed: String) async throws -> FetchedPage<Person>

    /// What one request gave: the persons read, and how many the API sent, read or not.
    public struct FetchedPage<Person: Sendable>: Sendable {
        /// The persons read, in the API's order.
        public var persons: [Person]
        /// How many persons the API sent. It, not ``persons``, says whether the data goes on:
        /// a full page with a person rolo couldn't read is not the last page.
        public var sent: Int

        /// A page of `persons` of the `sent` the API sent (all of them when nil).
        public init(_ persons: [Person], sent: Int? = nil) {
            self.persons = persons
            self.sent = sent ?? persons.count
        }
    }

    /// The page after the first `shown` persons: read from `store`, or fetched with `fetch` and
    /// stored (page and state in one transaction) before it is returned.
    ///
    /// `name` gives each person's display name for the `name` column. Throws the fetch's error
    /// or a ``StoreError``; either way nothing of the page is stored.
    public func loadNext<Person>(
        shown: Int, store: PersonStore<Person>, fetch: Fetch<Person>, name: (Person) -> String
    ) async throws -> StoredPage<Person> {
        switch try await readStored(shown: shown, store: store).next {
        case .stored(let page): page
        case .fetch(let page, let seed): try await fetchNext(page: page, seed: seed, store: store, fetch: fetch, name: name)
        }
    }

    /// What the database says of the page after the first `shown` persons, in one read: the
    /// page itself when it holds it (or the end of the data), else which page to fetch; and the
    /// stored count and state it was decided on.
    public func readStored<Person>(shown: Int, store: PersonStore<Person>) async throws -> StoredRead<Person> {
        storedRead(shown: shown, try await store.snapshot(Self.source, picking: positions(shown: shown)))
    }

    /// ``readStored(shown:store:)`` as the launch reads it, on the calling thread and without
    /// waiting for the pool (``PersonStore/launchSnapshot(_:picking:)``); nil when that read
    /// gives up.
    public func readStoredAtLaunch<Person>(shown: Int, store: PersonStore<Person>) throws -> StoredRead<Person>? {
        try store.launchSnapshot(Self.source, picking: positions(shown: shown)).map { storedRead(shown: shown, $0) }
    }

    /// The positions to read after the first `shown`, when the next page is stored.
    private func positions(shown: Int) -> @Sendable (SourceState?, Int) -> Range<Int>? {
        { [self] state, count in
            guard case .fromDatabase(let range) = nextPage(shown: shown, stored: state, storedCount: count) else { return nil }
            return range
        }
    }

    /// What a read of the stored list says of the page after the first `shown`.
    private func storedRead<Person>(
        shown: Int, _ stored: (state: SourceState?, count: Int, persons: [Person])
    ) -> StoredRead<Person> {
        let (state, count) = (stored.state, stored.count)
        let next: StoredRead<Person>.Next
        switch nextPage(shown: shown, stored: state, storedCount: count) {
        case .endOfData:
            next = .stored(StoredPage(persons: [], origin: .database, reachedEnd: true))
        case .fromDatabase(let range):
            let end = state?.complete == true && range.upperBound == count
            next = .stored(StoredPage(persons: stored.persons, origin: .database, reachedEnd: end))
        case .fromNetwork(let page, let seed):
            next = .fetch(page: page, seed: seed)
        }
        return StoredRead(next: next, count: count, state: state)
    }

    /// Fetches API page `page` with `seed` and appends it to `store` (page and state in one
    /// transaction); returns the persons it added.
    public func fetchNext<Person>(
        page: Int, seed: String, store: PersonStore<Person>, fetch: Fetch<Person>, name: (Person) -> String
    ) async throws -> StoredPage<Person> {
        let fetched = try await fetch(page, seed)
        let full = fetched.sent >= pageSize
        let added = try await store.appendPage(
            Self.source, persons: fetched.persons, names: fetched.persons.map(name), page: page, seed: seed,
            complete: !full, cursor: nil)
        if full && added.isEmpty {
            // A full page of persons already stored: the server repeats itself, so mark the
            // end rather than ask for the same page on every scroll.
            try await store.appendPage(
                Self.source, persons: [], names: [], page: page, seed: seed, complete: true, cursor: nil)
        }
        return StoredPage(persons: added, origin: .network, reachedEnd: !full || added.isEmpty)
    }

    /// The `r` refresh: fetches page 1 with ``refreshSeed(stored:)`` and replaces everything
    /// stored for randomuser with it in one transaction; on failure the old list stays.
    public func refresh<Person>(
        store: PersonStore<Person>, fetch: Fetch<Person>, name: (Person) -> String
    ) async throws -> StoredPage<Person> {
        let seed = refreshSeed(stored: try await store.state(Self.source))
        let fetched = try await fetch(1, seed)
        let complete = fetched.sent < pageSize
        let stored = try await store.replaceAll(
            Self.source, firstPage: fetched.persons, names: fetched.persons.map(name), seed: seed, complete: complete,
            cursor: nil)
        return StoredPage(persons: stored, origin: .network, reachedEnd: complete)
    }
}
