import Foundation

extension RecordSource {
    /// Whether `path` goes into a lookup (`org.name`): its first step is a lookup's name.
    public func isLookupPath(_ path: JSONPath) -> Bool {
        guard let first = path.steps.first else { return false }
        return lookups.contains { $0.name == first }
    }
}

/// One `[[sources.lookups]]` table: a field of a configured source's records that names a
/// record of another list, which templates reach under the lookup's name (`{org.name}`).
///
/// The other list is fetched with the source, whole, and stored (``LookupStore``); a record
/// whose id it doesn't hold shows the raw id.
public struct RecordLookup: Sendable, Equatable {
    /// The name templates use, `org` in `{org.name}`.
    public var name: String
    /// The record's path holding the other record's id: a number, a string, or an object with
    /// the id in `value` (`{"value": 7}`) or `id`.
    public var field: JSONPath
    /// The other list's URL, or its first page's; may hold `${VAR}`s and `{page}`/`{offset}`.
    public var url: String
    /// Where the list is in the other list's answer; nil when the answer is the list.
    public var records: JSONPath?
    /// Where an other record's id is; `id` by default.
    public var id: JSONPath
    /// A configured source showing the same records, which Enter on the field opens; nil for none.
    public var source: String?
    /// How the other list pages (`[sources.lookups.paging]`); nil for one request.
    public var paging: RecordPaging?
    /// Where the table is, "…/config.toml, line 20", for messages about it.
    public var place: String
    /// Where its `source =` is, for a message naming a source that isn't configured.
    public var sourcePlace: String
    /// The label of the configured source ``source`` names, which names a looked-up record in
    /// the detail; nil without one.
    public var label: RecordTemplate? = nil

    /// The id `record` names through ``field`` as text: a number's or a string's text, or the
    /// `value` (else `id`) of an object; nil when the field is missing, null or empty.
    public func id(in record: JSONValue) -> String? {
        guard let value = record.value(at: field) else { return nil }
        let id: JSONValue? = switch value {
        case .object: value["value"] ?? value["id"]
        default: value
        }
        guard let text = id.flatMap(Self.scalarText), !text.isEmpty else { return nil }
        return text
    }

    /// A number's or a string's text; nil for anything else.
    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .number(let text), .string(let text): return text
        default: return nil
        }
    }

    /// The other list as a source of its own, for ``RecordPager`` to page: its URL,
    /// records, id and paging, and the headers of `owner` (which ``endpoint(of:environment:)``
    /// sends only to `owner`'s origin).
    public func listSource(of owner: RecordSource) -> RecordSource {
        RecordSource(
            name: owner.name, title: "\(owner.title) lookup '\(name)'", url: url, headers: owner.headers, records: records,
            id: id, label: RecordTemplate(path: id), columns: [], group: nil, sort: nil, search: [], image: nil,
            thumbnail: nil, detailURL: nil, fields: nil, maxRecords: owner.maxRecords, offline: owner.offline, paging: paging,
            place: place)
    }

    /// The other list's URL and headers, `${VAR}`s filled in: the owner's headers go with it only
    /// when it is on the owner's ``Origin`` (scheme, host and port), as every request of the
    /// source takes its credentials.
    public func endpoint(of owner: RecordSource, environment: [String: String]) throws -> RecordEndpoint {
        var mine = try listSource(of: owner).endpoint(environment: environment)
        let theirs = try owner.endpoint(environment: environment)
        if Origin(mine.url) == nil || Origin(mine.url) != Origin(theirs.url) { mine.headers = [:] }
        return mine
    }
}
