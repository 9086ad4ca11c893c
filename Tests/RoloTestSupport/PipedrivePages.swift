import Foundation
import RoloCore

/// Where a fake account's persons page starts: v2 pages by opaque cursor, v1 by offset.
public enum PipedrivePageToken: Sendable, Equatable, Hashable {
    /// v2's `cursor` query item.
    case cursor(String)
    /// v1's `start` query item.
    case start(Int)
}

/// A Pipedrive account's lists read as rolo reads them: the pager of the definition rolo ships
/// (its persons, or one of its lookups' lists), with Pipedrive's refusals
/// (``PipedriveAccount/refusal(_:)``), each record read as the app reads it. The tests of the
/// wire (fixtures, fakes, the stand-in) page through it, so they test the path the app takes.
public struct PipedrivePages: Sendable {
    /// One answer, read.
    public struct Page: Sendable {
        /// The page as the engine's pager read it.
        public var page: RecordPage
        /// The rate limit the answer reported.
        public var rateLimit: RateLimit

        /// The page's persons, as the list reads them; a record that isn't a person is left out.
        public var persons: [PipedrivePerson] { page.records.compactMap { try? PipedrivePerson(json: $0.value) } }
        /// The page's names (a lookup's list): id → `name`, as a person's organisation or owner
        /// shows it; entries without an id or a name are left out.
        public var names: [Int: String] {
            var names: [Int: String] = [:]
            for record in page.records {
                guard let id = Int(record.id) else { continue }
                let person = PipedrivePerson(id: "0", name: "", organizationID: id)
                let lookups = LookupValues(lookups: [], records: [PipedriveLookups.organizations: [record.id: record.value]])
                if let name = person.resolved(with: lookups).organizationName { names[id] = name }
            }
            return names
        }
    }

    /// The list paged.
    public let source: RecordSource
    private let pager: RecordPager

    /// The persons of the account at `baseURL` with `token`, of API `api`, `pageSize` a page;
    /// with `lookup` ("org" or "owner"), that lookup's list instead. Throws for a definition that
    /// doesn't read, which would be rolo's own fault.
    public init(
        baseURL: URL = PipedriveHTTP.baseURL, token: String = PipedriveHTTP.token, api: PipedriveAPIVersion,
        http: any HTTPClient, pageSize: Int = 500, lookup: String? = nil, timeout: TimeInterval = 30,
        sleep: @escaping RecordPager.Sleep = { _ in }
    ) throws {
        var persons = try PipedriveDefinition.source(companyURL: baseURL.absoluteString, api: api)
        persons.paging?.size = pageSize
        let environment = ["PIPEDRIVE_API_TOKEN": token]
        if let lookup {
            guard var list = persons.lookups.first(where: { $0.name == lookup }) else {
                throw ConfigError("Pipedrive's definition has no lookup \(lookup)")
            }
            list.paging?.size = pageSize
            source = list.listSource(of: persons)
            pager = RecordPager(
                source: source, endpoint: try list.endpoint(of: persons, environment: environment), client: http, timeout: timeout,
                sleep: sleep, refusal: PipedriveAccount.refusal)
        } else {
            source = persons
            pager = RecordPager(
                source: persons, endpoint: try persons.endpoint(environment: environment), client: http, timeout: timeout,
                sleep: sleep, refusal: PipedriveAccount.refusal)
        }
    }

    /// The page at `position`; the first when nil. A 429 is not waited out here: it throws, as
    /// the engine's pacer sees it.
    public func page(at position: PagingPosition? = nil) async throws -> Page {
        let (page, rateLimit) = try await pager.fetch(at: position ?? .start(source.paging))
        return Page(page: page, rateLimit: rateLimit)
    }

    /// Every page from the first to the last, through the pager's own pacing (429s waited out),
    /// `waiting` hearing each wait.
    public func all(waiting: (Double) async -> Void = { _ in }) async throws -> [JSONRecord] {
        var records: [JSONRecord] = []
        try await pager.run(from: .start(source.paging), page: { records += $0.records }, waiting: waiting)
        return records
    }

    /// Every person from the first page to the last.
    public func persons(waiting: (Double) async -> Void = { _ in }) async throws -> [PipedrivePerson] {
        try await all(waiting: waiting).compactMap { try? PipedrivePerson(json: $0.value) }
    }
}
