import Foundation
import RoloCore

/// What the list's search found: the matches in the order shown, and what of the query couldn't
/// be applied, said under the search line.
struct ListSearchAnswer: Sendable {
    /// The stored positions matched: ascending, unless ``sections`` orders them.
    var positions: [Int]
    /// A `sort:`'s order of the matches, in sections by `group`; nil: the list's own layout.
    var sections: [QueryAnswer.Section]?
    /// A sentence for each malformed term or unknown field, left out of what was applied.
    var problems: [String] = []
}

/// The lookups a query reads, as the list last read them: the search runs off the main actor
/// and asks for them as it begins.
@MainActor
final class QueryLookups {
    var values = LookupValues.none
}

/// A list that says, under its search line, what of the query typed couldn't be applied.
@MainActor
public protocol ExplainsSearch: SourceModel {
    /// The sentences for the search's malformed terms and unknown fields; empty when all applied.
    var searchProblems: [String] { get }
    /// The text the rows highlight: the query's free text, not its field terms.
    var searchHighlight: String? { get }
}

/// `/`'s text as the lists on the record engine answer it (configured sources and Pipedrive).
enum ListQuery {
    /// `term`, answered: free text alone by the store's in-memory index, as before queries; a
    /// query with field terms or a `sort:` by reading and evaluating the stored records
    /// (``RecordStore/answer(_:lookups:now:)``), as `rolo dump --query` does.
    static func answer(
        _ term: String, index: StoredSearchIndex, store: RecordStore, lookups: QueryLookups, now: @escaping @Sendable () -> Date
    ) async throws -> ListSearchAnswer? {
        let (query, problems) = RecordQuery.read(term)
        if query.isText, problems.isEmpty {
            return try await index.positions(matching: term).map { ListSearchAnswer(positions: $0) }
        }
        let values = await lookups.values
        guard let answer = try await store.answer(query, lookups: values, now: now()) else { return nil }
        return ListSearchAnswer(
            positions: answer.positions, sections: answer.sections, problems: (problems + answer.problems).map(\.description))
    }

    /// Whether `term` is free text only, whose first matches the index can show before its count.
    static func isPlainText(_ term: String) -> Bool {
        let (query, problems) = RecordQuery.read(term)
        return query.isText && problems.isEmpty
    }

    /// What of `term` the rows highlight: all of it when it is free text, else the query's free
    /// text; nil for none.
    static func highlight(_ term: String?) -> String? {
        guard let term else { return nil }
        let (query, problems) = RecordQuery.read(term)
        if query.isText, problems.isEmpty { return term }
        return query.text.isEmpty ? nil : query.text
    }

    /// What doesn't read in `term`, a sentence each; said as it is typed, before the answer.
    static func problems(_ term: String?) -> [String] {
        term.map { RecordQuery.read($0).problems.map(\.description) } ?? []
    }
}

extension RecordListModel: ExplainsSearch {
    public var searchHighlight: String? { ListQuery.highlight(searchTerm) }
}
