import Foundation

/// Finds one record of a configured source by its id, for an action run without the screen:
/// in the store when it holds it, else from the source's `detail_url` when that needs only the
/// id, else by paging the list until it comes.
public struct RecordFinder: Sendable {
    /// Where the record was found.
    public enum Origin: String, Sendable {
        case store, detail, list
    }

    let pager: RecordPager
    let store: RecordStore?

    /// A finder over `pager`'s API and, when given, the stored list.
    public init(pager: RecordPager, store: RecordStore?) {
        self.pager = pager
        self.store = store
    }

    /// The record with id `id` and where it came from; nil when the list doesn't hold it.
    public func find(_ id: String, fresh: Bool = false) async throws -> (record: JSONRecord, origin: Origin)? {
        if !fresh, let store, let stored = try await store.record(id: id) { return (stored, .store) }
        if let detail = try await fromDetail(id) { return (detail, .detail) }
        return try await fromList(id).map { ($0, .list) }
    }

    /// The record as `detail_url` gives it, when the URL is made of the id alone.
    func fromDetail(_ id: String) async throws -> JSONRecord? {
        let source = pager.source
        guard let template = source.detailURL, !template.paths.isEmpty, template.paths.allSatisfy({ $0 == source.id }) else { return nil }
        let stub = JSONRecord(id: id, value: Self.object(id, at: source.id.steps))
        do {
            guard let value = try await pager.detail(of: stub) else { return nil }
            return JSONRecord(id: id, value: value)
        } catch let error as FetchError where error.kind == .notFound || error.kind == .httpStatus(404) {
            return nil
        }
    }

    /// The record as the list sends it, its pages fetched until it comes.
    func fromList(_ id: String) async throws -> JSONRecord? {
        struct Found: Error {
            let record: JSONRecord
        }
        do {
            // A page at a time: the one holding the record is the last asked for.
            try await pager.run(from: .start(pager.source.paging), ahead: false, page: { page in
                if let record = page.records.first(where: { $0.id == id }) { throw Found(record: record) }
            })
        } catch let found as Found {
            return found.record
        }
        return nil
    }

    /// `{"a": {"b": id}}` for the path a.b.
    private static func object(_ id: String, at steps: [String]) -> JSONValue {
        guard let first = steps.first else { return .string(id) }
        return .object([JSONMember(first, object(id, at: Array(steps.dropFirst())))])
    }
}
